import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#adapters/documents/pdf-order-documents.ts';
import { MAX_COMPANY_ADDRESSES, MAX_COMPANY_MEMBERS } from '#domain/companies/company.ts';
import { messages } from '#http/messages.ts';
import type { CompanyAddressDto, CompanyInvitationDto, CompanyViewDto } from '../dto.ts';
import { createMemoryMailer, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const APP = 'https://shop.example.com';
const site = { label: 'North yard', recipient: 'Site office', phone: '+1 (555) 010-2030', address: '1 Dock Road' };

const arrange = async (settings: Parameters<typeof createTestApp>[0] extends infer O ? (O extends { settings?: infer S } ? S : never) : never = {}) => {
  let now = Date.UTC(2026, 5, 10, 9);
  const mailer = createMemoryMailer();
  const context = createTestApp({ clock: { now: () => new Date(now) }, mailer, appUrl: APP, settings });
  const manager = await context.signUp({ name: 'Mia Manager' });
  const advance = (ms: number) => {
    now += ms;
  };
  const create = async (token = manager.token, name = 'Acme Builders') => {
    const created = await context.call('POST', '/api/company', { body: { name, taxId: 'DE123' }, token });
    expect(created.status, created.text).toBe(201);
    return created.json as CompanyViewDto;
  };
  /** Invites `email`, delivers the mail and returns the join link's token. */
  const invite = async (email: string, body: Record<string, unknown> = {}) => {
    const invited = await context.call('POST', '/api/company/invitations', { body: { email, role: 'buyer', monthlyLimitCents: 50_000, ...body }, token: manager.token });
    expect(invited.status, invited.text).toBe(201);
    await context.deliverMail();
    const mail = mailer.sent.findLast((sent) => sent.to === email);
    const link = /https:\/\/shop\.example\.com\/company\/join\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    return { invitation: invited.json as CompanyInvitationDto, token: link![1]! };
  };
  const join = async (name: string, body: Record<string, unknown> = {}) => {
    const buyer = await context.signUp({ name });
    const { token } = await invite(buyer.email, body);
    const accepted = await context.call('POST', '/api/company/invitations/accept', { body: { token }, token: buyer.token });
    expect(accepted.status, accepted.text).toBe(200);
    return buyer;
  };
  return { ...context, mailer, manager, advance, create, invite, join };
};

describe('/api/company (docs/companies.md)', () => {
  it('creates a company with the caller as manager, reads it back, and refuses a second one', async () => {
    const { call, manager, create } = await arrange();
    expectError((await call('GET', '/api/company', { token: manager.token })).json);
    expect((await call('GET', '/api/company', { token: manager.token })).status).toBe(404);
    const view = await create();
    expect(view).toEqual({
      company: { id: expect.any(String), name: 'Acme Builders', taxId: 'DE123', approvalThresholdCents: null, discountPercent: 0, createdAt: '2026-06-10T09:00:00.000Z' },
      role: 'manager',
      me: { userId: manager.user.id, monthlyLimitCents: null, spentThisMonthCents: 0 },
      members: [{ userId: manager.user.id, name: 'Mia Manager', email: manager.email, role: 'manager', monthlyLimitCents: null, spentThisMonthCents: 0 }],
      addresses: [],
    });
    expect((await call('GET', '/api/company', { token: manager.token })).json).toEqual(view);
    const again = await call('POST', '/api/company', { body: { name: 'Second' }, token: manager.token });
    expect([again.status, expectError(again.json).code]).toEqual([409, 'ALREADY_IN_COMPANY']);
  });

  it('needs a session and a verified e-mail; bad input is a 400 naming the field', async () => {
    const { call, signUp } = await arrange();
    expect((await call('GET', '/api/company')).status).toBe(401);
    const unverified = await signUp({ verified: false });
    const refused = await call('POST', '/api/company', { body: { name: 'Acme' }, token: unverified.token });
    expect([refused.status, expectError(refused.json).code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    const verified = await signUp();
    const blank = await call('POST', '/api/company', { body: { name: ' ' }, token: verified.token });
    expect([blank.status, expectError(blank.json).fields]).toEqual([400, { name: messages.companyNameRequired }]);
    const threshold = await call('POST', '/api/company', { body: { name: 'Acme' }, token: verified.token });
    expect(threshold.status).toBe(201);
    const negative = await call('PATCH', '/api/company', { body: { approvalThresholdCents: -5 }, token: verified.token });
    expect([negative.status, expectError(negative.json).fields]).toEqual([400, { approvalThresholdCents: messages.centsInvalid }]);
  });

  it('a manager edits the company; a buyer gets 403 NOT_A_MANAGER and sees names and roles only', async () => {
    const { call, manager, create, join } = await arrange();
    await create();
    const buyer = await join('Bo Buyer', { monthlyLimitCents: 20_000 });
    const edited = await call('PATCH', '/api/company', { body: { name: 'Acme Two', approvalThresholdCents: 100_000, taxId: null }, token: manager.token });
    expect(edited.status, edited.text).toBe(200);
    expect((edited.json as CompanyViewDto).company).toMatchObject({ name: 'Acme Two', approvalThresholdCents: 100_000, taxId: null });
    const refused = await call('PATCH', '/api/company', { body: { name: 'Mine' }, token: buyer.token });
    expect([refused.status, expectError(refused.json).code, expectError(refused.json).message]).toEqual([403, 'NOT_A_MANAGER', messages.notAManager]);
    const seen = (await call('GET', '/api/company', { token: buyer.token })).json as CompanyViewDto;
    expect(seen.role).toBe('buyer');
    expect(seen.me).toEqual({ userId: buyer.user.id, monthlyLimitCents: 20_000, spentThisMonthCents: 0 });
    expect(seen.members).toEqual([
      { userId: manager.user.id, name: 'Mia Manager', role: 'manager' },
      { userId: buyer.user.id, name: 'Bo Buyer', role: 'buyer' },
    ]);
  });
});

describe('invitations over HTTP', () => {
  it('mails a join link that works once for the invited address; the list never shows the token', async () => {
    const { call, manager, create, invite, signUp, mailer } = await arrange();
    await create();
    const invitee = await signUp({ name: 'Jo Joiner' });
    const { invitation, token } = await invite(invitee.email.toUpperCase(), { role: 'manager', monthlyLimitCents: null });
    expect(invitation).toEqual({ id: expect.any(String), email: invitee.email.toUpperCase(), role: 'manager', monthlyLimitCents: null, createdAt: '2026-06-10T09:00:00.000Z', expiresAt: '2026-06-17T09:00:00.000Z' });
    const mail = mailer.sent.at(-1)!;
    expect(mail.subject).toBe(`Mia Manager invites you to buy for Acme Builders on ${DEFAULT_SHOP.name}`);
    expect(mail.html).toContain('Accept the invitation');
    const listed = await call('GET', '/api/company/invitations', { token: manager.token });
    expect(listed.json).toEqual({ items: [invitation] });
    expect(listed.text).not.toContain(token);

    const stranger = await signUp();
    const wrong = await call('POST', '/api/company/invitations/accept', { body: { token }, token: stranger.token });
    expect([wrong.status, expectError(wrong.json).code]).toEqual([403, 'INVITATION_FOR_ANOTHER_EMAIL']);
    const accepted = await call('POST', '/api/company/invitations/accept', { body: { token }, token: invitee.token });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toMatchObject({ role: 'manager', company: { name: 'Acme Builders' } });
    const twice = await call('POST', '/api/company/invitations/accept', { body: { token }, token: invitee.token });
    expect([twice.status, expectError(twice.json).code]).toEqual([409, 'INVITATION_USED']);
    expect((await call('GET', '/api/company/invitations', { token: manager.token })).json).toEqual({ items: [] });
  });

  it('refuses a repeated invitation, a member of a company, an unknown or expired token, and a withdrawn one', async () => {
    const { call, manager, create, invite, signUp, advance } = await arrange();
    await create();
    const late = await signUp();
    const { token } = await invite(late.email);
    const repeated = await call('POST', '/api/company/invitations', { body: { email: late.email, role: 'buyer' }, token: manager.token });
    expect([repeated.status, expectError(repeated.json).code]).toEqual([409, 'ALREADY_INVITED']);
    const busy = await signUp();
    await call('POST', '/api/company', { body: { name: 'Busy Ltd' }, token: busy.token });
    const member = await call('POST', '/api/company/invitations', { body: { email: busy.email, role: 'buyer' }, token: manager.token });
    expect([member.status, expectError(member.json).code]).toEqual([409, 'ALREADY_IN_COMPANY']);
    const unknown = await call('POST', '/api/company/invitations/accept', { body: { token: 'made-up' }, token: late.token });
    expect([unknown.status, expectError(unknown.json).code]).toEqual([404, 'INVITATION_NOT_FOUND']);
    advance(7 * DAY_MS);
    const expired = await call('POST', '/api/company/invitations/accept', { body: { token }, token: late.token });
    expect([expired.status, expectError(expired.json).code]).toEqual([404, 'INVITATION_NOT_FOUND']);

    const again = await invite(late.email);
    const withdrawn = await call('DELETE', `/api/company/invitations/${again.invitation.id}`, { token: manager.token });
    expect(withdrawn.status).toBe(204);
    const gone = await call('POST', '/api/company/invitations/accept', { body: { token: again.token }, token: late.token });
    expect([gone.status, expectError(gone.json).code]).toEqual([404, 'INVITATION_NOT_FOUND']);
    expect((await call('DELETE', `/api/company/invitations/${again.invitation.id}`, { token: manager.token })).status).toBe(404);
  });

  it('counts every invitation attempt against the account’s hourly budget', async () => {
    const { call, manager, create } = await arrange({ contentRateLimit: 2 });
    await create();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call('POST', '/api/company/invitations', { body: { email: `x${i}@example.com`, role: 'buyer' }, token: manager.token })).status);
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('members over HTTP', () => {
  it('changes a role and a limit; the last manager stays; a buyer leaves; a manager removes', async () => {
    const { call, manager, create, join } = await arrange();
    await create();
    const buyer = await join('Bo Buyer');
    const leaver = await join('Lee Leaver');
    const demote = await call('PATCH', `/api/company/members/${manager.user.id}`, { body: { role: 'buyer' }, token: manager.token });
    expect([demote.status, expectError(demote.json).code]).toEqual([409, 'LAST_MANAGER']);
    const removeSelf = await call('DELETE', `/api/company/members/${manager.user.id}`, { token: manager.token });
    expect([removeSelf.status, expectError(removeSelf.json).code]).toEqual([409, 'LAST_MANAGER']);
    const changed = await call('PATCH', `/api/company/members/${buyer.user.id}`, { body: { monthlyLimitCents: 75_000 }, token: manager.token });
    expect(changed.json).toEqual({ userId: buyer.user.id, name: 'Bo Buyer', email: buyer.email, role: 'buyer', monthlyLimitCents: 75_000, spentThisMonthCents: 0 });
    const byBuyer = await call('PATCH', `/api/company/members/${buyer.user.id}`, { body: { monthlyLimitCents: null }, token: buyer.token });
    expect([byBuyer.status, expectError(byBuyer.json).code]).toEqual([403, 'NOT_A_MANAGER']);
    const badRole = await call('PATCH', `/api/company/members/${buyer.user.id}`, { body: { role: 'owner' }, token: manager.token });
    expect([badRole.status, expectError(badRole.json).fields]).toEqual([400, { role: messages.companyRoleInvalid }]);
    expect((await call('DELETE', `/api/company/members/${manager.user.id}`, { token: buyer.token })).status).toBe(403);
    expect((await call('DELETE', `/api/company/members/${leaver.user.id}`, { token: leaver.token })).status).toBe(204);
    expect((await call('GET', '/api/company', { token: leaver.token })).status).toBe(404);
    expect((await call('DELETE', `/api/company/members/${buyer.user.id}`, { token: manager.token })).status).toBe(204);
    expect((await call('DELETE', `/api/company/members/${buyer.user.id}`, { token: manager.token })).status).toBe(404);
  });
});

describe('sites over HTTP', () => {
  it('managers add, change and remove sites; members read them; at most 50', async () => {
    const { call, manager, create, join } = await arrange();
    await create();
    const buyer = await join('Bo Buyer');
    const added = await call('POST', '/api/company/addresses', { body: site, token: manager.token });
    expect(added.status, added.text).toBe(201);
    const stored = added.json as CompanyAddressDto;
    expect(stored).toEqual({ id: expect.any(String), ...site, phone: '+15550102030' });
    expect((await call('GET', '/api/company/addresses', { token: buyer.token })).json).toEqual({ items: [stored] });
    expect((await call('POST', '/api/company/addresses', { body: site, token: buyer.token })).status).toBe(403);
    const blank = await call('POST', '/api/company/addresses', { body: { ...site, label: '' }, token: manager.token });
    expect([blank.status, expectError(blank.json).fields]).toEqual([400, { label: messages.siteLabelRequired }]);
    const changed = await call('PATCH', `/api/company/addresses/${stored.id}`, { body: { label: 'South yard' }, token: manager.token });
    expect(changed.json).toEqual({ ...stored, label: 'South yard' });
    expect((await call('DELETE', `/api/company/addresses/${stored.id}`, { token: manager.token })).status).toBe(204);
    expect((await call('PATCH', `/api/company/addresses/${stored.id}`, { body: { label: 'x' }, token: manager.token })).status).toBe(404);
    for (let i = 0; i < MAX_COMPANY_ADDRESSES; i++) expect((await call('POST', '/api/company/addresses', { body: { ...site, label: `Site ${i}` }, token: manager.token })).status).toBe(201);
    const full = await call('POST', '/api/company/addresses', { body: site, token: manager.token });
    expect([full.status, expectError(full.json).code]).toEqual([409, 'TOO_MANY_ADDRESSES']);
  });

  it(`refuses a member past ${MAX_COMPANY_MEMBERS}: the invitation with 409 TOO_MANY_MEMBERS, and the acceptance of one sent before`, async () => {
    const { call, store, manager, create, invite, signUp } = await arrange();
    const { company } = await create();
    const early = await signUp({ name: 'Early Bird' });
    const { token } = await invite(early.email);
    for (let i = 1; i < MAX_COMPANY_MEMBERS; i++) {
      const added = await store.companies.addMember({ companyId: company.id, userId: `filler-${i}`, role: 'buyer', monthlyLimitCents: null, joinedAt: new Date() });
      expect(added.ok).toBe(true);
    }
    const invited = await call('POST', '/api/company/invitations', { body: { email: 'late@example.com', role: 'buyer' }, token: manager.token });
    expect([invited.status, expectError(invited.json)]).toEqual([409, { code: 'TOO_MANY_MEMBERS', message: messages.tooManyMembers(MAX_COMPANY_MEMBERS) }]);
    const accepted = await call('POST', '/api/company/invitations/accept', { body: { token }, token: early.token });
    expect([accepted.status, expectError(accepted.json).code]).toEqual([409, 'TOO_MANY_MEMBERS']);
  });

  it('a member of company A never reads or changes company B’s members, invitations or sites', async () => {
    const { call, manager, create, invite, signUp } = await arrange();
    await create();
    const { invitation } = await invite('someone@example.com');
    const siteA = (await call('POST', '/api/company/addresses', { body: site, token: manager.token })).json as CompanyAddressDto;
    const other = await signUp();
    const otherView = (await call('POST', '/api/company', { body: { name: 'Other' }, token: other.token })).json as CompanyViewDto;
    expect(otherView.addresses).toEqual([]);
    expect((await call('GET', '/api/company/invitations', { token: other.token })).json).toEqual({ items: [] });
    expect((await call('DELETE', `/api/company/invitations/${invitation.id}`, { token: other.token })).status).toBe(404);
    expect((await call('PATCH', `/api/company/addresses/${siteA.id}`, { body: { label: 'Mine' }, token: other.token })).status).toBe(404);
    expect((await call('DELETE', `/api/company/addresses/${siteA.id}`, { token: other.token })).status).toBe(404);
    expect((await call('PATCH', `/api/company/members/${manager.user.id}`, { body: { monthlyLimitCents: 1 }, token: other.token })).status).toBe(404);
    expect((await call('DELETE', `/api/company/members/${manager.user.id}`, { token: other.token })).status).toBe(404);
    const mine = (await call('GET', '/api/company', { token: manager.token })).json as CompanyViewDto;
    expect([mine.addresses.map((address) => address.label), mine.members.length]).toEqual([['North yard'], 1]);
  });

  it('the shop’s admins cannot create or join a company', async () => {
    const context = await arrange();
    const admin = await signUpAdmin(context);
    const refused = await context.call('POST', '/api/company', { body: { name: 'Shop' }, token: admin.token });
    expect([refused.status, expectError(refused.json).code]).toEqual([403, 'ADMIN_CANNOT_BUY']);
  });
});
