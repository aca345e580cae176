import { describe, expect, it } from 'vitest';
import type { CompanyInvitationDto, OrderDto } from '../dto.ts';
import { addProduct, createMemoryMailer, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const APP = 'https://shop.example.com';
const HOUR_MS = 60 * 60 * 1000;
const orderBody = (productId: string, quantity = 100) => ({ lines: [{ productId, quantity }], phone: '+1 (555) 010-2030', address: '1 Harbour Road' });
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const billing = { name: 'Bo Buyer', email: 'bo@example.com' };

/** A company (Mia manages it, Max co-manages it, Bo buys with a limit of $2,000), a product at $10. */
const arrange = async (limitCents: number | null = 200_000) => {
  let now = Date.UTC(2026, 5, 10, 9);
  const mailer = createMemoryMailer();
  const context = createTestApp({ clock: { now: () => new Date(now) }, mailer, appUrl: APP });
  const { call } = context;
  const join = async (managerToken: string, name: string, role: 'manager' | 'buyer', monthlyLimitCents: number | null) => {
    const user = await context.signUp({ name });
    const invited = await call('POST', '/api/company/invitations', { body: { email: user.email, role, monthlyLimitCents }, token: managerToken });
    expect(invited.status, invited.text).toBe(201);
    await context.deliverMail();
    const mail = mailer.sent.findLast((sent) => sent.to === user.email);
    const token = /join\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1]!;
    const accepted = await call('POST', '/api/company/invitations/accept', { body: { token }, token: user.token });
    expect(accepted.status, accepted.text).toBe(200);
    return { ...user, invitation: invited.json as CompanyInvitationDto };
  };
  const mia = await context.signUp({ name: 'Mia Manager' });
  expect((await call('POST', '/api/company', { body: { name: 'Acme Builders' }, token: mia.token })).status).toBe(201);
  const max = await join(mia.token, 'Max Manager', 'manager', null);
  const bo = await join(mia.token, 'Bo Buyer', 'buyer', limitCents);
  const product = await addProduct(context.store, { priceCents: 1_000, stock: 10_000 });
  const order = async (token: string, quantity = 100) => {
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id, quantity), token });
    expect(placed.status, placed.text).toBe(201);
    return placed.json as OrderDto;
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { ...context, mailer, mia, max, bo, product, order, advance };
};

describe('/api/company/orders (docs/companies.md, "Approvals")', () => {
  it('a buyer past the limit waits; managers are told; one approves; the buyer is told and pays', async () => {
    const { call, mia, max, bo, product, order, deliverMail, mailer, store, advance } = await arrange(200_000);
    const first = await order(bo.token, 100); // $1,000
    expect(first).toMatchObject({ status: 'unpaid', approval: null, companyId: expect.any(String) });
    advance(60_000); // newest first: two orders of the same millisecond would fall back on their random ids
    const waiting = await order(bo.token, 150); // $1,500: $2,500 this month, past $2,000
    expect(waiting).toMatchObject({ status: 'awaiting-approval', approval: { reason: 'over-limit', decidedBy: null, decidedAt: null, rejectionReason: null } });
    expect((await store.products.findById(product.id))?.stock).toBe(10_000 - 250);

    // Paying is refused while it waits, at both steps.
    const intent = await call('POST', `/api/orders/${waiting.id}/payment-intent`, { token: bo.token });
    expect([intent.status, expectError(intent.json).code]).toEqual([409, 'AWAITING_APPROVAL']);
    const confirm = await call('POST', `/api/orders/${waiting.id}/payment/confirm`, { token: bo.token, body: { paymentIntentId: 'pi_whatever' } });
    expect([confirm.status, expectError(confirm.json).code]).toEqual([409, 'AWAITING_APPROVAL']);

    await deliverMail();
    const told = mailer.sent.filter((mail) => mail.subject.includes(waiting.number));
    expect(told).toHaveLength(1);
    expect(told[0]!.to.split(', ').sort()).toEqual([mia.email, max.email].sort());
    expect(told[0]!.text).toContain('monthly spending limit');

    // The queue: managers see it; the buyer sees only their own orders.
    const queue = await call('GET', '/api/company/orders?status=awaiting-approval', { token: max.token });
    expect(queue.json.items.map((o: OrderDto) => o.id)).toEqual([waiting.id]);
    const own = await call('GET', '/api/company/orders', { token: bo.token });
    expect(own.json.items.map((o: OrderDto) => o.id)).toEqual([waiting.id, first.id]);

    const approved = await call('POST', `/api/company/orders/${waiting.id}/approve`, { token: max.token });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ status: 'unpaid', approval: { reason: 'over-limit', decidedBy: max.user.id, decidedAt: '2026-06-10T09:01:00.000Z' } });
    const again = await call('POST', `/api/company/orders/${waiting.id}/approve`, { token: mia.token });
    expect([again.status, expectError(again.json).code]).toEqual([409, 'ORDER_NOT_AWAITING_APPROVAL']);

    await deliverMail();
    const approvedMail = mailer.sent.find((mail) => mail.to === bo.email && mail.subject.includes('approved'));
    expect(approvedMail?.text).toContain(`${APP}/dashboard/payment/${waiting.id}`);
    expect((await store.audit.list({ kind: 'company-order-approved' }, { limit: 10, cursor: null })).items.map((entry) => [entry.subjectId, entry.actorId])).toEqual([[waiting.id, max.user.id]]);

    const paying = await call('POST', `/api/orders/${waiting.id}/payment-intent`, { token: bo.token });
    expect(paying.status, paying.text).toBe(200);
    const charged = await call('POST', '/api/payments/test/confirm', { token: bo.token, body: { clientSecret: paying.json.clientSecret, card, billing } });
    const paid = await call('POST', `/api/orders/${waiting.id}/payment/confirm`, { token: bo.token, body: { paymentIntentId: charged.json.paymentIntentId } });
    expect(paid.json).toMatchObject({ status: 'pending' });
  });

  it('a rejection returns the stock and tells the buyer why; the reason is required', async () => {
    const { call, mia, bo, product, order, deliverMail, mailer, store } = await arrange(0);
    const waiting = await order(bo.token, 200);
    expect(waiting.status).toBe('awaiting-approval');
    const blank = await call('POST', `/api/company/orders/${waiting.id}/reject`, { token: mia.token, body: { reason: '  ' } });
    expect([blank.status, Object.keys(expectError(blank.json).fields ?? {})]).toEqual([400, ['reason']]);
    const rejected = await call('POST', `/api/company/orders/${waiting.id}/reject`, { token: mia.token, body: { reason: 'Use the framework agreement' } });
    expect(rejected.json).toMatchObject({ status: 'rejected', approval: { decidedBy: mia.user.id, rejectionReason: 'Use the framework agreement' } });
    expect((await store.products.findById(product.id))?.stock).toBe(10_000);
    await deliverMail();
    expect(mailer.sent.find((mail) => mail.to === bo.email && mail.subject.includes('not approved'))?.text).toContain('Use the framework agreement');
    // Its own refusal, not the paid order's: the buyer is told a manager said no.
    const pay = await call('POST', `/api/orders/${waiting.id}/payment-intent`, { token: bo.token });
    expect([pay.status, expectError(pay.json).code]).toEqual([409, 'ORDER_REJECTED']);
    expect(expectError(pay.json).message).toContain('rejected');
    const confirm = await call('POST', `/api/orders/${waiting.id}/payment/confirm`, { token: bo.token, body: { paymentIntentId: 'pi_whatever' } });
    expect([confirm.status, expectError(confirm.json).code]).toEqual([409, 'ORDER_REJECTED']);
  });

  it('an order approved late has the whole unpaid time from its approval: payable 50 hours after placing, gone 48 hours after approval unpaid', async () => {
    const { call, max, bo, order, advance, store, product } = await arrange(0);
    const late = await order(bo.token, 100);
    const later = await order(bo.token, 100);
    advance(40 * HOUR_MS);
    for (const waiting of [late, later]) expect((await call('POST', `/api/company/orders/${waiting.id}/approve`, { token: max.token })).status).toBe(200);
    advance(10 * HOUR_MS); // 50 hours after placing, 10 after approval
    const paying = await call('POST', `/api/orders/${late.id}/payment-intent`, { token: bo.token });
    expect(paying.status, paying.text).toBe(200);
    advance(38 * HOUR_MS + 1); // just past 48 hours after approval
    const gone = await call('GET', `/api/orders/${later.id}`, { token: bo.token });
    expect(gone.status).toBe(404);
    // Both let go (the sweep before every order read takes the unpaid one with a payment started too), their units back.
    expect((await call('GET', `/api/orders/${late.id}`, { token: bo.token })).status).toBe(404);
    expect((await store.products.findById(product.id))?.stock).toBe(10_000);
  });

  it("managers' own orders never wait; an order at or above the threshold does; nobody approves their own", async () => {
    const { call, mia, max, bo, order } = await arrange(null);
    expect((await call('PATCH', '/api/company', { token: mia.token, body: { approvalThresholdCents: 300_000 } })).status).toBe(200);
    expect((await order(mia.token, 500)).status).toBe('unpaid');
    expect((await order(bo.token, 299)).status).toBe('unpaid');
    const big = await order(bo.token, 300);
    expect(big).toMatchObject({ status: 'awaiting-approval', approval: { reason: 'over-threshold' } });
    // Bo is a buyer: not a manager. Max and Mia are; Bo's order is not theirs.
    const byBuyer = await call('POST', `/api/company/orders/${big.id}/approve`, { token: bo.token });
    expect([byBuyer.status, expectError(byBuyer.json).code]).toEqual([403, 'NOT_A_MANAGER']);
    // Make Max's own order wait: demote him, order, promote him back; he cannot approve it.
    expect((await call('PATCH', `/api/company/members/${max.user.id}`, { token: mia.token, body: { role: 'buyer' } })).status).toBe(200);
    const maxes = await order(max.token, 300);
    expect(maxes.status).toBe('awaiting-approval');
    expect((await call('PATCH', `/api/company/members/${max.user.id}`, { token: mia.token, body: { role: 'manager' } })).status).toBe(200);
    const own = await call('POST', `/api/company/orders/${maxes.id}/approve`, { token: max.token });
    expect([own.status, expectError(own.json).code]).toEqual([403, 'CANNOT_APPROVE_OWN_ORDER']);
    expect((await call('POST', `/api/company/orders/${maxes.id}/approve`, { token: mia.token })).status).toBe(200);
  });

  it("no one outside the company reaches its orders; the list filters by member for managers only; the admin filters by company", async () => {
    const context = await arrange(0);
    const { call, mia, bo, order, signUp } = context;
    const waiting = await order(bo.token, 100);
    const minesOwn = await order(mia.token, 100);
    const stranger = await signUp({ name: 'Sam Stranger' });
    const none = await call('GET', '/api/company/orders', { token: stranger.token });
    expect([none.status, expectError(none.json).code]).toEqual([404, 'NO_COMPANY']);
    const other = await signUp({ name: 'Olga Other' });
    expect((await call('POST', '/api/company', { body: { name: 'Other Co' }, token: other.token })).status).toBe(201);
    for (const path of [`/api/company/orders/${waiting.id}/approve`, `/api/company/orders/nope/approve`]) {
      const refused = await call('POST', path, { token: other.token });
      expect([refused.status, expectError(refused.json).code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await call('POST', `/api/company/orders/${waiting.id}/reject`, { token: other.token, body: { reason: 'x' } })).status).toBe(404);
    expect((await call('GET', '/api/company/orders', { token: other.token })).json.items).toEqual([]);
    expect((await call('GET', `/api/company/orders?member=${bo.user.id}`, { token: mia.token })).json.items.map((o: OrderDto) => o.id)).toEqual([waiting.id]);
    // A buyer's `member` is ignored: their own orders only.
    expect((await call('GET', `/api/company/orders?member=${mia.user.id}`, { token: bo.token })).json.items.map((o: OrderDto) => o.id)).toEqual([waiting.id]);
    const badStatus = await call('GET', '/api/company/orders?status=lost', { token: mia.token });
    expect(badStatus.status).toBe(400);
    const unsigned = await call('GET', '/api/company/orders');
    expect(unsigned.status).toBe(401);

    const admin = await signUpAdmin(context);
    const byCompany = await call('GET', `/api/admin/orders?companyId=${waiting.companyId}`, { token: admin.token });
    expect(byCompany.json).toMatchObject({ total: 2 });
    // Placed in the same millisecond: newest first then falls back on the id.
    expect(byCompany.json.items.map((o: OrderDto) => o.id).sort()).toEqual([minesOwn.id, waiting.id].sort());
  });

  it('a waiting order expires on the unpaid clock: its stock back, nothing left to approve', async () => {
    const { call, mia, bo, product, order, advance, store } = await arrange(0);
    const waiting = await order(bo.token, 100);
    advance(49 * HOUR_MS);
    const late = await call('POST', `/api/company/orders/${waiting.id}/approve`, { token: mia.token });
    expect(late.status).toBe(404);
    expect((await store.products.findById(product.id))?.stock).toBe(10_000);
    expect(await store.orders.findById(waiting.id)).toBeNull();
  });
});
