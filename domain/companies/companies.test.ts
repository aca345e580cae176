import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import type { LinkTokenService } from '../identity/link-token-service.ts';
import type { User } from '../identity/user.ts';
import { createWorld, type World } from '../testing/world.ts';
import { MAX_COMPANY_ADDRESSES, MAX_COMPANY_MEMBERS, type CompanyInvitation } from './company.ts';
import { MAX_COMPANY_AMOUNT_CENTS } from './company-rules.ts';
import { acceptInvitation, cancelInvitation, inviteMember, listInvitations, prepareInvitationMail } from './invitations.ts';
import { createCompany, updateCompany, viewCompany } from './manage-company.ts';
import { removeMember, updateMember } from './members.ts';
import { addSite, listSites, removeSite, updateSite } from './sites.ts';

const DAY_MS = 86_400_000;
let world: World;
let manager: User;
let deps: World['deps'] & { links: Pick<LinkTokenService, 'invitationToken' | 'hashToken'> };

// Signing is the adapter's job (jwt-link-token-service.ts): here a token says which invitation it is for.
const links = { invitationToken: (id: string) => `token-for-${id}`, hashToken: (token: string) => `hash-of-${token}` };

beforeEach(async () => {
  world = createWorld(createMemoryStorage().repositories);
  deps = { ...world.deps, links };
  manager = await world.addUser({ name: 'Mia Manager', email: 'mia@acme.example' });
});

const must = <T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
};
const arrange = async () => must(await createCompany(deps, manager, { name: '  Acme Builders ', taxId: ' DE123 ' })).company;
const invite = async (email: string, role: 'manager' | 'buyer' = 'buyer', monthlyLimitCents: number | null = 50_000) =>
  must(await inviteMember(deps, manager, { email, role, monthlyLimitCents }));
const join = async (name: string, role: 'manager' | 'buyer' = 'buyer', limit: number | null = 50_000) => {
  const user = await world.addUser({ name, email: `${name.split(' ')[0]!.toLowerCase()}@acme.example` });
  const invitation = await invite(user.email, role, limit);
  must(await acceptInvitation(deps, user, links.invitationToken(invitation.id)));
  return user;
};

describe('companies and members (docs/companies.md, "Companies and members")', () => {
  it('a verified buyer creates a company and becomes its manager; one company per user', async () => {
    const view = must(await createCompany(deps, manager, { name: '  Acme Builders ', taxId: ' DE123 ' }));
    expect(view).toMatchObject({ company: { name: 'Acme Builders', taxId: 'DE123', approvalThresholdCents: null, discountPercent: 0 }, role: 'manager' });
    expect(view.me).toEqual({ userId: manager.id, monthlyLimitCents: null, spentThisMonthCents: 0 });
    expect(view.members).toEqual([expect.objectContaining({ userId: manager.id, name: 'Mia Manager', email: 'mia@acme.example', role: 'manager' })]);
    expect(await createCompany(deps, manager, { name: 'Second' })).toEqual({ ok: false, error: { code: 'ALREADY_IN_COMPANY' } });
    expect((await world.store.audit.list({}, { limit: 10 })).items.map((entry) => entry.kind)).toEqual(['company-created']);
  });

  it('refuses a blank name, an unverified address and the shop’s admins; no company is a 404', async () => {
    expect(await createCompany(deps, manager, { name: '  ' })).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { name: { rule: 'companyNameRequired' } } } });
    const unverified = { ...(await world.addUser()), emailVerified: false };
    expect(await createCompany(deps, unverified, { name: 'X' })).toEqual({ ok: false, error: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(await createCompany(deps, await world.addUser({ role: 'admin' }), { name: 'X' })).toEqual({ ok: false, error: { code: 'ADMIN_CANNOT_BUY' } });
    expect(await viewCompany(deps, manager)).toEqual({ ok: false, error: { code: 'NO_COMPANY' } });
  });

  it('a manager edits the company; a buyer may not; a threshold is whole cents or null', async () => {
    await arrange();
    const buyer = await join('Bo Buyer');
    const edited = must(await updateCompany(deps, manager, { name: 'Acme Two', taxId: '', approvalThresholdCents: 100_000 }));
    expect(edited.company).toMatchObject({ name: 'Acme Two', taxId: null, approvalThresholdCents: 100_000 });
    expect(await updateCompany(deps, buyer, { name: 'Mine' })).toEqual({ ok: false, error: { code: 'NOT_A_MANAGER' } });
    for (const bad of [-1, 1.5, MAX_COMPANY_AMOUNT_CENTS + 1]) {
      expect(await updateCompany(deps, manager, { approvalThresholdCents: bad })).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { approvalThresholdCents: { rule: 'centsInvalid' } } } });
    }
    expect(must(await updateCompany(deps, manager, { approvalThresholdCents: null })).company.approvalThresholdCents).toBeNull();
  });

  it('managers see every member’s limit and spending; buyers see names and roles, and their own figures', async () => {
    await arrange();
    const buyer = await join('Bo Buyer', 'buyer', 20_000);
    const managerView = must(await viewCompany(deps, manager));
    expect(managerView.members).toEqual([
      expect.objectContaining({ userId: manager.id, role: 'manager', monthlyLimitCents: null, spentThisMonthCents: 0 }),
      expect.objectContaining({ userId: buyer.id, role: 'buyer', monthlyLimitCents: 20_000, email: 'bo@acme.example' }),
    ]);
    const buyerView = must(await viewCompany(deps, buyer));
    expect(buyerView.role).toBe('buyer');
    expect(buyerView.me).toEqual({ userId: buyer.id, monthlyLimitCents: 20_000, spentThisMonthCents: 0 });
    expect(buyerView.members).toEqual([
      { userId: manager.id, name: 'Mia Manager', role: 'manager' },
      { userId: buyer.id, name: 'Bo Buyer', role: 'buyer' },
    ]);
  });

  it('sets roles and limits; the last manager can be neither demoted nor removed, and a member can leave', async () => {
    await arrange();
    const buyer = await join('Bo Buyer');
    expect(await updateMember(deps, manager, manager.id, { role: 'buyer' })).toEqual({ ok: false, error: { code: 'LAST_MANAGER' } });
    expect(await removeMember(deps, manager, manager.id)).toEqual({ ok: false, error: { code: 'LAST_MANAGER' } });
    expect(await updateMember(deps, buyer, manager.id, { monthlyLimitCents: 1 })).toEqual({ ok: false, error: { code: 'NOT_A_MANAGER' } });
    expect(await removeMember(deps, buyer, manager.id)).toEqual({ ok: false, error: { code: 'NOT_A_MANAGER' } });
    expect(await updateMember(deps, manager, 'nobody', { role: 'manager' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'company-member' } });
    expect(must(await updateMember(deps, manager, buyer.id, { monthlyLimitCents: null, role: 'manager' }))).toMatchObject({ userId: buyer.id, role: 'manager', monthlyLimitCents: null, name: 'Bo Buyer' });
    expect(must(await updateMember(deps, manager, manager.id, { role: 'buyer' }))).toMatchObject({ role: 'buyer' });
    must(await removeMember(deps, manager, manager.id));
    expect(await viewCompany(deps, manager)).toEqual({ ok: false, error: { code: 'NO_COMPANY' } });
    const kinds = (await world.store.audit.list({ kind: 'company-member-removed' }, { limit: 10 })).items.map((entry) => entry.summary);
    expect(kinds).toEqual(['Left Acme Builders']);
  });
});

describe('invitations', () => {
  it('invites with a token stored as its hash, valid 7 days, and queues the mail with the join link', async () => {
    await arrange();
    const invitation = await invite('New.Buyer@Example.com');
    expect(invitation).toMatchObject({ email: 'New.Buyer@Example.com', role: 'buyer', monthlyLimitCents: 50_000, acceptedAt: null });
    expect(invitation.expiresAt.getTime() - invitation.createdAt.getTime()).toBe(7 * DAY_MS);
    expect(await world.store.companies.findInvitationByTokenHash(`hash-of-token-for-${invitation.id}`)).toEqual(invitation);
    expect(await world.store.companies.findInvitationByTokenHash(`token-for-${invitation.id}`)).toBeNull();
    const mails = await world.store.outbox.claimDue(world.clock.now(), new Date(world.clock.now().getTime() + 60_000), 10);
    expect(mails.map((mail) => [mail.kind, mail.subjectId])).toEqual([['company-invitation', invitation.id]]);
    const mail = await prepareInvitationMail(deps, invitation.id, 'https://shop.example');
    expect(mail).toEqual({
      to: 'New.Buyer@Example.com',
      companyName: 'Acme Builders',
      inviterName: 'Mia Manager',
      role: 'buyer',
      link: `https://shop.example/company/join?token=token-for-${invitation.id}`,
      expiresAt: invitation.expiresAt,
    });
    expect(must(await listInvitations(deps, manager))).toEqual([invitation]);
  });

  it('refuses a second pending invitation to the same address (any case) and an address already in a company', async () => {
    await arrange();
    await invite('new@example.com');
    expect(await inviteMember(deps, manager, { email: 'NEW@example.com', role: 'buyer' })).toEqual({ ok: false, error: { code: 'ALREADY_INVITED' } });
    const elsewhere = await world.addUser({ email: 'taken@example.com' });
    must(await createCompany(deps, elsewhere, { name: 'Other' }));
    expect(await inviteMember(deps, manager, { email: 'Taken@example.com', role: 'buyer' })).toEqual({ ok: false, error: { code: 'ALREADY_IN_COMPANY' } });
    expect(await inviteMember(deps, manager, { email: 'mia@acme.example', role: 'buyer' })).toEqual({ ok: false, error: { code: 'ALREADY_IN_COMPANY' } });
    expect(await inviteMember(deps, manager, { email: 'not an address', role: 'buyer' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { email: { rule: 'emailInvalid' } } } });
    // Once it expired, the address can be invited again.
    world.clock.advance(7 * DAY_MS);
    expect(must(await listInvitations(deps, manager))).toEqual([]);
    expect((await inviteMember(deps, manager, { email: 'new@example.com', role: 'buyer' })).ok).toBe(true);
  });

  it(`takes at most ${MAX_COMPANY_MEMBERS} members: members and pending invitations together bound the invitations, and a full company takes nobody`, async () => {
    const company = await arrange();
    const addFiller = async () =>
      must(await world.store.companies.addMember({ companyId: company.id, userId: (await world.addUser()).id, role: 'buyer', monthlyLimitCents: null, joinedAt: world.clock.now() }));
    const removeOne = async () => must(await removeMember(deps, manager, must(await viewCompany(deps, manager)).members.at(-1)!.userId));
    const early = await invite('early@example.com');
    for (let i = 2; i < MAX_COMPANY_MEMBERS; i += 1) await addFiller();
    // 199 members and one invitation pending: every seat is spoken for.
    expect(await inviteMember(deps, manager, { email: 'late@example.com', role: 'buyer' })).toEqual({ ok: false, error: { code: 'TOO_MANY_MEMBERS' } });
    must(await acceptInvitation(deps, await world.addUser({ email: 'early@example.com' }), links.invitationToken(early.id)));
    expect(await inviteMember(deps, manager, { email: 'late@example.com', role: 'buyer' })).toEqual({ ok: false, error: { code: 'TOO_MANY_MEMBERS' } });
    await removeOne();
    const late = await invite('late@example.com');
    // The seat is taken some other way meanwhile: the acceptance is refused and the link keeps working.
    await addFiller();
    const lateComer = await world.addUser({ email: 'late@example.com' });
    const token = links.invitationToken(late.id);
    expect(await acceptInvitation(deps, lateComer, token)).toEqual({ ok: false, error: { code: 'TOO_MANY_MEMBERS' } });
    await removeOne();
    expect(must(await acceptInvitation(deps, lateComer, token)).members).toHaveLength(MAX_COMPANY_MEMBERS);
  });

  it('is accepted once, by the invited verified address in no company, within 7 days', async () => {
    await arrange();
    const invitation = await invite('joiner@example.com', 'manager', null);
    const token = links.invitationToken(invitation.id);
    const stranger = await world.addUser({ email: 'stranger@example.com' });
    expect(await acceptInvitation(deps, stranger, token)).toEqual({ ok: false, error: { code: 'INVITATION_FOR_ANOTHER_EMAIL' } });
    expect(await acceptInvitation(deps, stranger, 'made-up')).toEqual({ ok: false, error: { code: 'INVITATION_NOT_FOUND' } });
    const joiner = await world.addUser({ email: 'Joiner@Example.com', name: 'Jo Joiner' });
    expect(await acceptInvitation(deps, { ...joiner, emailVerified: false }, token)).toEqual({ ok: false, error: { code: 'EMAIL_NOT_VERIFIED' } });
    const view = must(await acceptInvitation(deps, joiner, token));
    expect(view).toMatchObject({ company: { name: 'Acme Builders' }, role: 'manager', me: { userId: joiner.id, monthlyLimitCents: null } });
    expect(await acceptInvitation(deps, joiner, token)).toEqual({ ok: false, error: { code: 'INVITATION_USED' } });
    expect(await world.store.outbox.countUnsent()).toBe(1);
    expect(await prepareInvitationMail(deps, invitation.id, 'https://shop.example')).toBeNull();
  });

  it('an expired link is not found; a member of another company cannot accept', async () => {
    await arrange();
    const late = await invite('late@example.com');
    const busy = await invite('busy@example.com');
    const lateUser = await world.addUser({ email: 'late@example.com' });
    const busyUser = await world.addUser({ email: 'busy@example.com' });
    must(await createCompany(deps, busyUser, { name: 'Busy Ltd' }));
    expect(await acceptInvitation(deps, busyUser, links.invitationToken(busy.id))).toEqual({ ok: false, error: { code: 'ALREADY_IN_COMPANY' } });
    world.clock.advance(7 * DAY_MS);
    expect(await acceptInvitation(deps, lateUser, links.invitationToken(late.id))).toEqual({ ok: false, error: { code: 'INVITATION_NOT_FOUND' } });
    expect(await prepareInvitationMail(deps, late.id, 'https://shop.example')).toBeNull();
  });

  it('a manager withdraws an invitation of their own company only; its link stops working', async () => {
    await arrange();
    const invitation: CompanyInvitation = await invite('new@example.com');
    const other = await world.addUser({ email: 'other@example.com' });
    must(await createCompany(deps, other, { name: 'Other' }));
    expect(await cancelInvitation(deps, other, invitation.id)).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'company-invitation' } });
    must(await cancelInvitation(deps, manager, invitation.id));
    const invited = await world.addUser({ email: 'new@example.com' });
    expect(await acceptInvitation(deps, invited, links.invitationToken(invitation.id))).toEqual({ ok: false, error: { code: 'INVITATION_NOT_FOUND' } });
    expect(await listInvitations(deps, invited)).toEqual({ ok: false, error: { code: 'NO_COMPANY' } });
  });
});

describe('sites (docs/companies.md, "Sites")', () => {
  const site = { label: 'North yard', recipient: 'Site office', phone: '+1 (555) 010-2030', address: '1 Dock Road' };

  it('managers add, change and remove sites; every member reads them', async () => {
    await arrange();
    const buyer = await join('Bo Buyer');
    const added = must(await addSite(deps, manager, site));
    expect(added).toMatchObject({ ...site, phone: '+15550102030' });
    expect(must(await listSites(deps, buyer))).toEqual([added]);
    expect(await addSite(deps, buyer, site)).toEqual({ ok: false, error: { code: 'NOT_A_MANAGER' } });
    expect(await updateSite(deps, buyer, added.id, { label: 'x' })).toEqual({ ok: false, error: { code: 'NOT_A_MANAGER' } });
    expect(await removeSite(deps, buyer, added.id)).toEqual({ ok: false, error: { code: 'NOT_A_MANAGER' } });
    expect(must(await updateSite(deps, manager, added.id, { label: ' South yard ' }))).toEqual({ ...added, label: 'South yard' });
    expect(await updateSite(deps, manager, added.id, { phone: 'call me' })).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { phone: { rule: 'phoneNotDigits' } } } });
    must(await removeSite(deps, manager, added.id));
    expect(await removeSite(deps, manager, added.id)).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'company-address' } });
    expect(must(await listSites(deps, buyer))).toEqual([]);
  });

  it(`refuses blank fields and a site past ${MAX_COMPANY_ADDRESSES}; another company’s site is not found`, async () => {
    await arrange();
    expect(await addSite(deps, manager, { label: '', recipient: '', phone: '', address: '' })).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { label: { rule: 'siteLabelRequired' }, recipient: { rule: 'recipientRequired' }, phone: { rule: 'phoneRequired' }, address: { rule: 'addressRequired' } } },
    });
    for (let i = 0; i < MAX_COMPANY_ADDRESSES; i++) must(await addSite(deps, manager, { ...site, label: `Site ${i}` }));
    expect(await addSite(deps, manager, site)).toEqual({ ok: false, error: { code: 'TOO_MANY_ADDRESSES' } });
    const other = await world.addUser();
    must(await createCompany(deps, other, { name: 'Other' }));
    const mine = must(await listSites(deps, manager))[0]!;
    expect(await updateSite(deps, other, mine.id, { label: 'Stolen' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'company-address' } });
    expect(await removeSite(deps, other, mine.id)).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'company-address' } });
  });
});
