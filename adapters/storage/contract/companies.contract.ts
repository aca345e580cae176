import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditKind, AuditNote } from '#domain/audit/audit-log.ts';
import { MAX_COMPANY_ADDRESSES, MAX_COMPANY_MEMBERS, type Company, type CompanyAddress, type CompanyInvitation, type Membership } from '#domain/companies/company.ts';
import type { StoreHarness } from './store-harness.ts';

/**
 * CompanyRepository (docs/companies.md, "Companies and members", "Sites"): one company per user,
 * the last manager neither demoted nor removed (also when two managers demote each other at once),
 * an invitation accepted once, at most 50 sites counted in the step that adds one, and each
 * member's spending this month from their orders.
 */
export function describeCompanyContract(h: StoreHarness): void {
  const note = (kind: AuditKind, subjectId: string): AuditNote => ({ actorId: 'actor-1', actorEmail: 'actor@example.com', at: h.at(9_000), kind, subjectId, summary: kind, before: null });
  const companyOf = (overrides: Partial<Company> = {}): Company => ({
    id: randomUUID(),
    name: 'Acme Builders',
    taxId: 'DE123',
    approvalThresholdCents: null,
    discountPercent: 0,
    createdAt: h.at(0),
    ...overrides,
  });
  const membership = (companyId: string, userId: string, overrides: Partial<Membership> = {}): Membership => ({
    companyId,
    userId,
    role: 'buyer',
    monthlyLimitCents: null,
    joinedAt: h.at(0),
    ...overrides,
  });
  /** A company with its first manager (a new user unless given). */
  const arrange = async (overrides: Partial<Company> = {}) => {
    const manager = await h.addUser({ name: 'Mia Manager' });
    const company = companyOf(overrides);
    const created = await h.store.companies.create(company, membership(company.id, manager.id, { role: 'manager' }));
    if (!created.ok) throw new Error(`arrange: ${created.error}`);
    return { company, manager };
  };
  const join = async (companyId: string, overrides: Partial<Membership> = {}, name = 'Bo Buyer') => {
    const user = await h.addUser({ name });
    const added = await h.store.companies.addMember(membership(companyId, user.id, overrides));
    if (!added.ok) throw new Error(`arrange: ${added.error}`);
    return user;
  };
  const invitationOf = (companyId: string, overrides: Partial<CompanyInvitation> = {}): CompanyInvitation => ({
    id: randomUUID(),
    companyId,
    email: 'New.Buyer@Example.com',
    role: 'buyer',
    monthlyLimitCents: 50_000,
    invitedBy: 'manager-1',
    createdAt: h.at(1_000),
    expiresAt: h.at(1_000 + 7 * 86_400_000),
    acceptedAt: null,
    ...overrides,
  });
  const addressOf = (companyId: string, overrides: Partial<CompanyAddress> = {}): CompanyAddress => ({
    id: randomUUID(),
    companyId,
    label: 'Main yard',
    recipient: 'Site office',
    phone: '+15550100',
    address: '1 Dock Road',
    createdAt: h.at(0),
    ...overrides,
  });
  const auditKinds = async () => (await h.store.audit.list({}, { limit: 100 })).items.map((entry) => entry.kind).sort();

  describe('companies', () => {
    it('creates a company with its first manager and reads it back; a user belongs to one company only', async () => {
      const { company, manager } = await arrange();
      expect(await h.store.companies.find(company.id)).toEqual(company);
      expect(await h.store.companies.find(randomUUID())).toBeNull();
      expect(await h.store.companies.membershipOf(manager.id)).toEqual(membership(company.id, manager.id, { role: 'manager' }));
      const other = companyOf();
      expect(await h.store.companies.create(other, membership(other.id, manager.id, { role: 'manager' }), note('company-created', other.id))).toEqual({ ok: false, error: 'already-in-company' });
      expect(await h.store.companies.find(other.id)).toBeNull();
      expect(await h.store.companies.addMember(membership(company.id, manager.id))).toEqual({ ok: false, error: 'already-in-company' });
      expect(await h.store.companies.membershipOf(randomUUID())).toBeNull();
      expect(await auditKinds()).toEqual([]);
    });

    it('updates the given fields only, with its audit entry; a missing company is null', async () => {
      const { company } = await arrange();
      const updated = await h.store.companies.update(company.id, { name: 'Acme Two', approvalThresholdCents: 100_000 }, note('company-updated', company.id));
      expect(updated).toEqual({ ...company, name: 'Acme Two', approvalThresholdCents: 100_000 });
      expect(await h.store.companies.update(company.id, { taxId: null, approvalThresholdCents: null })).toEqual({ ...company, name: 'Acme Two', taxId: null });
      expect(await h.store.companies.update(randomUUID(), { name: 'x' }, note('company-updated', 'ghost'))).toBeNull();
      expect(await auditKinds()).toEqual(['company-updated']);
    });

    it('lists members managers first, then by name, with this month’s spending of orders not cancelled or rejected', async () => {
      const { company, manager } = await arrange();
      const zed = await join(company.id, { monthlyLimitCents: 100_000 }, 'Zed Buyer');
      const amy = await join(company.id, {}, 'Amy Buyer');
      const product = await h.addProduct({ priceCents: 100, stock: 10_000 });
      const monthStart = h.at(86_400_000);
      const zeds = { userId: zed.id, companyId: company.id };
      await h.placeOk(h.newOrder(product, { ...zeds, quantity: 100, createdAt: h.at(86_400_000) }));
      await h.placeOk(h.newOrder(product, { ...zeds, quantity: 200, createdAt: h.at(2 * 86_400_000) }));
      await h.placeOk(h.newOrder(product, { ...zeds, quantity: 400, createdAt: h.at(86_400_000 - 1) }));
      await h.placeOk(h.newOrder(product, { ...zeds, quantity: 800, createdAt: h.at(3 * 86_400_000), status: 'cancelled' }));
      await h.placeOk(h.newOrder(product, { userId: randomUUID(), quantity: 1_600, createdAt: h.at(3 * 86_400_000) }));
      const members = await h.store.companies.members(company.id, monthStart);
      expect(members.map((member) => [member.name, member.role, member.spentThisMonthCents])).toEqual([
        ['Mia Manager', 'manager', 0],
        ['Amy Buyer', 'buyer', 0],
        ['Zed Buyer', 'buyer', 30_000],
      ]);
      expect(members[2]).toEqual({ ...membership(company.id, zed.id, { monthlyLimitCents: 100_000 }), name: 'Zed Buyer', email: zed.email, spentThisMonthCents: 30_000 });
      expect(members.map((member) => member.userId)).toEqual([manager.id, amy.id, zed.id]);
      expect(await h.store.companies.members(randomUUID(), monthStart)).toEqual([]);
    });

    it('counts only a member’s orders for the company: a buyer who ordered on their own this month joins at 0', async () => {
      const { company } = await arrange();
      const other = await arrange();
      const product = await h.addProduct({ priceCents: 100, stock: 10_000 });
      const monthStart = h.at(0);
      const newcomer = await h.addUser({ name: 'Nia Newcomer' });
      await h.placeOk(h.newOrder(product, { userId: newcomer.id, quantity: 100, createdAt: h.at(1_000) }));
      const added = await h.store.companies.addMember(membership(company.id, newcomer.id, { joinedAt: h.at(2_000) }));
      if (!added.ok) throw new Error(`arrange: ${added.error}`);
      const spentOf = async (companyId: string) => (await h.store.companies.members(companyId, monthStart)).find((member) => member.userId === newcomer.id)?.spentThisMonthCents;
      expect(await spentOf(company.id)).toBe(0);
      await h.placeOk(h.newOrder(product, { userId: newcomer.id, companyId: company.id, quantity: 200, createdAt: h.at(3_000) }));
      // An order kept by a company they left is that company's, not this one's.
      await h.placeOk(h.newOrder(product, { userId: newcomer.id, companyId: other.company.id, quantity: 400, createdAt: h.at(1_500) }));
      expect(await spentOf(company.id)).toBe(20_000);
    });

    it(`takes at most ${MAX_COMPANY_MEMBERS} members, counted in the step that adds one: of two acceptances for the last seat one wins, the other's invitation stays unused`, async () => {
      const { company } = await arrange();
      for (let i = 2; i < MAX_COMPANY_MEMBERS; i += 1) await join(company.id, {}, `Buyer ${i}`);
      const invitations = [invitationOf(company.id, { email: 'a@example.com' }), invitationOf(company.id, { email: 'b@example.com' })];
      for (const invitation of invitations) await h.store.companies.createInvitation(invitation, `hash-${invitation.id}`);
      const joiners = [await h.addUser({ name: 'Ann' }), await h.addUser({ name: 'Ben' })];
      const results = await Promise.all(invitations.map((invitation, i) => h.store.companies.acceptInvitation(invitation.id, membership(company.id, joiners[i]!.id), h.at(2_000))));
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'too-many-members' }]);
      const loser = invitations[results.findIndex((result) => !result.ok)]!;
      expect((await h.store.companies.findInvitation(loser.id))?.acceptedAt).toBeNull();
      expect(await h.store.companies.members(company.id, h.at(0))).toHaveLength(MAX_COMPANY_MEMBERS);
      const late = await h.addUser({ name: 'Cy' });
      expect(await h.store.companies.addMember(membership(company.id, late.id))).toEqual({ ok: false, error: 'too-many-members' });
      expect(await h.store.companies.membershipOf(late.id)).toBeNull();
    });

    it('changes a member’s role and limit; the last manager is neither demoted nor removed', async () => {
      const { company, manager } = await arrange();
      const buyer = await join(company.id);
      expect(await h.store.companies.updateMember(company.id, manager.id, { role: 'buyer' }, note('company-member-changed', manager.id))).toEqual({ ok: false, error: 'last-manager' });
      expect(await h.store.companies.removeMember(company.id, manager.id, note('company-member-removed', manager.id))).toEqual({ ok: false, error: 'last-manager' });
      expect(await h.store.companies.updateMember(company.id, manager.id, { monthlyLimitCents: 5_000 })).toEqual({ ok: true, value: membership(company.id, manager.id, { role: 'manager', monthlyLimitCents: 5_000 }) });
      const promoted = await h.store.companies.updateMember(company.id, buyer.id, { role: 'manager', monthlyLimitCents: null }, note('company-member-changed', buyer.id));
      expect(promoted).toEqual({ ok: true, value: membership(company.id, buyer.id, { role: 'manager' }) });
      expect(await h.store.companies.updateMember(company.id, manager.id, { role: 'buyer' })).toMatchObject({ ok: true, value: { role: 'buyer', monthlyLimitCents: 5_000 } });
      expect(await h.store.companies.removeMember(company.id, manager.id, note('company-member-removed', manager.id))).toEqual({ ok: true, value: null });
      expect(await h.store.companies.membershipOf(manager.id)).toBeNull();
      expect(await h.store.companies.removeMember(company.id, manager.id)).toEqual({ ok: false, error: 'not-found' });
      expect(await auditKinds()).toEqual(['company-member-changed', 'company-member-removed']);
    });

    it('never touches a member of another company', async () => {
      const a = await arrange();
      const b = await arrange();
      const buyer = await join(b.company.id);
      expect(await h.store.companies.updateMember(a.company.id, buyer.id, { monthlyLimitCents: 1 })).toEqual({ ok: false, error: 'not-found' });
      expect(await h.store.companies.removeMember(a.company.id, buyer.id)).toEqual({ ok: false, error: 'not-found' });
      expect(await h.store.companies.membershipOf(buyer.id)).toEqual(membership(b.company.id, buyer.id));
    });

    it('two managers demoting each other at once: exactly one succeeds', async () => {
      const { company, manager } = await arrange();
      const second = await join(company.id, { role: 'manager' });
      const results = await Promise.all([
        h.store.companies.updateMember(company.id, manager.id, { role: 'buyer' }),
        h.store.companies.updateMember(company.id, second.id, { role: 'buyer' }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'last-manager' }]);
      const roles = (await h.store.companies.members(company.id, h.at(0))).map((member) => member.role);
      expect(roles).toEqual(['manager', 'buyer']);
    });

    it('two managers removing each other at once: exactly one succeeds', async () => {
      const { company, manager } = await arrange();
      const second = await join(company.id, { role: 'manager' });
      const results = await Promise.all([h.store.companies.removeMember(company.id, manager.id), h.store.companies.removeMember(company.id, second.id)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect((await h.store.companies.members(company.id, h.at(0))).map((member) => member.role)).toEqual(['manager']);
    });

    it('stores invitations by their token’s hash with the mail queued; lists the pending ones newest first', async () => {
      const { company } = await arrange();
      const first = invitationOf(company.id, { createdAt: h.at(1_000) });
      const second = invitationOf(company.id, { email: 'two@example.com', createdAt: h.at(2_000) });
      expect(await h.store.companies.createInvitation(first, 'hash-1', note('company-member-invited', first.id), ['company-invitation'])).toEqual(first);
      await h.store.companies.createInvitation(second, 'hash-2');
      expect(await h.store.companies.invitations(company.id)).toEqual([second, first]);
      expect(await h.store.companies.findInvitationByTokenHash('hash-1')).toEqual(first);
      expect(await h.store.companies.findInvitationByTokenHash('hash-3')).toBeNull();
      expect(await h.store.companies.findInvitation(second.id)).toEqual(second);
      const mails = await h.store.outbox.claimDue(h.at(1_000_000), h.at(2_000_000), 10);
      expect(mails.map((mail) => [mail.kind, mail.subjectId])).toEqual([['company-invitation', first.id]]);
      const other = await arrange();
      expect(await h.store.companies.deleteInvitation(other.company.id, first.id)).toBe(false);
      expect(await h.store.companies.deleteInvitation(company.id, first.id, note('company-invitation-cancelled', first.id))).toBe(true);
      expect(await h.store.companies.deleteInvitation(company.id, first.id)).toBe(false);
      expect(await h.store.companies.invitations(company.id)).toEqual([second]);
      expect(await auditKinds()).toEqual(['company-invitation-cancelled', 'company-member-invited']);
    });

    it('accepts an invitation once, adding the member in the same step', async () => {
      const { company } = await arrange();
      const invitation = invitationOf(company.id);
      await h.store.companies.createInvitation(invitation, 'hash-1');
      const user = await h.addUser();
      const member = membership(company.id, user.id, { monthlyLimitCents: 50_000, joinedAt: h.at(5_000) });
      expect(await h.store.companies.acceptInvitation(invitation.id, member, h.at(5_000), note('company-member-joined', user.id))).toEqual({ ok: true, value: member });
      expect(await h.store.companies.membershipOf(user.id)).toEqual(member);
      expect(await h.store.companies.findInvitation(invitation.id)).toEqual({ ...invitation, acceptedAt: h.at(5_000) });
      expect(await h.store.companies.invitations(company.id)).toEqual([]);
      const someoneElse = await h.addUser();
      expect(await h.store.companies.acceptInvitation(invitation.id, membership(company.id, someoneElse.id), h.at(6_000))).toEqual({ ok: false, error: 'invitation-used' });
      expect(await h.store.companies.acceptInvitation(randomUUID(), membership(company.id, someoneElse.id), h.at(6_000))).toEqual({ ok: false, error: 'not-found' });
      expect(await h.store.companies.deleteInvitation(company.id, invitation.id)).toBe(false);
      expect(await auditKinds()).toEqual(['company-member-joined']);
    });

    it('an invitation accepted by two at once, or by a member of another company, adds one member at most', async () => {
      const { company } = await arrange();
      const invitation = invitationOf(company.id);
      await h.store.companies.createInvitation(invitation, 'hash-1');
      const [a, b] = [await h.addUser(), await h.addUser()];
      const results = await Promise.all([
        h.store.companies.acceptInvitation(invitation.id, membership(company.id, a.id), h.at(5_000)),
        h.store.companies.acceptInvitation(invitation.id, membership(company.id, b.id), h.at(5_000)),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'invitation-used' }]);
      const again = invitationOf(company.id);
      await h.store.companies.createInvitation(again, 'hash-2');
      const other = await arrange();
      expect(await h.store.companies.acceptInvitation(again.id, membership(company.id, other.manager.id), h.at(5_000))).toEqual({ ok: false, error: 'already-in-company' });
      expect(await h.store.companies.findInvitation(again.id)).toEqual(again);
      expect(await h.store.companies.membershipOf(other.manager.id)).toMatchObject({ companyId: other.company.id, role: 'manager' });
    });

    it('keeps sites oldest first, changes and deletes them within their company only', async () => {
      const { company } = await arrange();
      const other = await arrange();
      const yard = addressOf(company.id, { createdAt: h.at(2) });
      const office = addressOf(company.id, { label: 'Office', createdAt: h.at(1) });
      expect(await h.store.companies.addAddress(yard, note('company-address-added', yard.id))).toEqual({ ok: true, value: yard });
      await h.store.companies.addAddress(office);
      expect(await h.store.companies.addresses(company.id)).toEqual([office, yard]);
      expect(await h.store.companies.addresses(other.company.id)).toEqual([]);
      expect(await h.store.companies.updateAddress(other.company.id, yard.id, { label: 'Stolen' })).toBeNull();
      expect(await h.store.companies.updateAddress(company.id, yard.id, { label: 'North yard', phone: '+15550199' }, note('company-address-changed', yard.id))).toEqual({ ...yard, label: 'North yard', phone: '+15550199' });
      expect(await h.store.companies.deleteAddress(other.company.id, yard.id)).toBe(false);
      expect(await h.store.companies.deleteAddress(company.id, yard.id, note('company-address-removed', yard.id))).toBe(true);
      expect(await h.store.companies.deleteAddress(company.id, yard.id)).toBe(false);
      expect(await h.store.companies.addresses(company.id)).toEqual([office]);
      expect(await auditKinds()).toEqual(['company-address-added', 'company-address-changed', 'company-address-removed']);
    });

    it(`counts at most ${MAX_COMPANY_ADDRESSES} sites in the step that adds one, also when two add at once`, async () => {
      const { company } = await arrange();
      for (let i = 0; i < MAX_COMPANY_ADDRESSES - 1; i++) await h.store.companies.addAddress(addressOf(company.id, { createdAt: h.at(i) }));
      const results = await Promise.all([h.store.companies.addAddress(addressOf(company.id)), h.store.companies.addAddress(addressOf(company.id))]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'too-many-addresses' }]);
      expect(await h.store.companies.addresses(company.id)).toHaveLength(MAX_COMPANY_ADDRESSES);
    });

    it('lists companies newest first by a part of their name, in pages', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await arrange({ id: h.keyed(String.fromCharCode(97 + i)), name: `Acme ${i}`, createdAt: h.at(i) })).company.id);
      await arrange({ name: 'Other Ltd', createdAt: h.at(9) });
      expect(await h.walk((page) => h.store.companies.list({ q: 'cme' }, page), 2)).toEqual([[ids[2], ids[1]], [ids[0]]]);
      expect((await h.store.companies.list({ q: 'ACME 1' }, { limit: 10 })).items.map((company) => company.id)).toEqual([ids[1]]);
      expect((await h.store.companies.list({}, { limit: 10 })).items).toHaveLength(4);
    });

    it('a deleted user’s membership goes with them', async () => {
      const { company } = await arrange();
      const buyer = await join(company.id);
      await h.store.users.delete(buyer.id);
      expect(await h.store.companies.membershipOf(buyer.id)).toBeNull();
      expect(await h.store.companies.members(company.id, h.at(0))).toHaveLength(1);
    });
  });
}
