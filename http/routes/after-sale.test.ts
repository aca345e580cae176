import { describe, expect, it } from 'vitest';
import { messages } from '#http/messages.ts';
import { addProduct, createMemoryMailer, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const billing = { name: 'Ada Buyer', email: 'ada@example.com' };

/** A buyer's paid order of 200 units at $12.50 ($2,500.00), through the API as the web app pays. */
const arrange = async () => {
  const sent = createMemoryMailer();
  const context = { ...createTestApp({ mailer: sent }), sent };
  const { call } = context;
  const product = await addProduct(context.store, { stock: 1_000, priceCents: 1_250 });
  const buyer = await context.signUp();
  const stranger = await context.signUp();
  const admin = await signUpAdmin(context);
  const placed = await call('POST', '/api/orders', { token: buyer.token, body: { productId: product.id, quantity: 200, phone: '5550102030', address: '1 Harbour Road' } });
  const id: string = placed.json.id;
  const intent = await call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
  const charged = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
  const confirmed = await call('POST', `/api/orders/${id}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: charged.json.paymentIntentId } });
  expect(confirmed.json.status).toBe('pending');
  const stockNow = async () => (await context.store.products.findById(product.id))?.stock;
  return { ...context, product, buyer, stranger, admin, id, stockNow };
};

describe('after the sale over HTTP', () => {
  it('cancels a paid order: refund, stock back, cancelled, e-mail and audit entry', async () => {
    const { call, admin, buyer, id, stockNow, deliverMail, sent } = await arrange();
    expect(await stockNow()).toBe(800);
    const refused = await call('POST', `/api/admin/orders/${id}/cancel`, { token: admin.token, body: { reason: ' ', restock: true } });
    expect(refused.status).toBe(400);
    expect(expectError(refused.json).fields).toEqual({ reason: messages.reasonRequired });
    const cancelled = await call('POST', `/api/admin/orders/${id}/cancel`, { token: admin.token, body: { reason: 'Ordered twice', restock: true } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ order: { status: 'cancelled', refundedCents: 250_000 }, refund: { amountCents: 250_000, number: expect.stringMatching(/^CN-\d{4}-000001$/) } });
    expect(await stockNow()).toBe(1_000);
    const again = await call('POST', `/api/admin/orders/${id}/cancel`, { token: admin.token, body: { reason: 'Twice', restock: true } });
    expect(again.status).toBe(409);
    expect(expectError(again.json)).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE', message: messages.orderNotCancellable });
    expect((await call('GET', `/api/orders/${id}`, { token: buyer.token })).json).toMatchObject({ status: 'cancelled', refundedCents: 250_000 });
    const audit = await call('GET', '/api/admin/audit?kind=order-cancelled', { token: admin.token });
    expect(audit.json.items).toHaveLength(1);
    await deliverMail();
    expect(sent.sent.map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/^Order BH-\d{4}-\d{6} was cancelled$/));
  });

  it('refunds lines and amounts of a shipped order, refuses more than was paid with 409, and lists them for the buyer', async () => {
    const { call, admin, buyer, stranger, id, product, stockNow } = await arrange();
    await call('POST', `/api/admin/orders/${id}/ship`, { token: admin.token });
    const line = await call('POST', `/api/admin/orders/${id}/refunds`, { token: admin.token, body: { lines: [{ productId: product.id, quantity: 10 }], reason: 'Damaged', restock: true } });
    expect(line.status).toBe(201);
    expect(line.json).toMatchObject({ amountCents: 12_500, lines: [{ productId: product.id, quantity: 10, amountCents: 12_500, restocked: true }] });
    expect(await stockNow()).toBe(810);
    const tooMuch = await call('POST', `/api/admin/orders/${id}/refunds`, { token: admin.token, body: { amountCents: 237_501, reason: 'More' } });
    expect(tooMuch.status).toBe(409);
    expect(expectError(tooMuch.json)).toMatchObject({ code: 'REFUND_EXCEEDS_PAID', message: messages.refundExceedsPaid(237_500) });
    const rest = await call('POST', `/api/admin/orders/${id}/refunds`, { token: admin.token, body: { lines: null, amountCents: 237_500, reason: 'Goodwill' } });
    expect(rest.status).toBe(201);
    const seen = await call('GET', `/api/orders/${id}/after-sale`, { token: buyer.token });
    expect(seen.json.refunds.map((refund: { amountCents: number }) => refund.amountCents)).toEqual([12_500, 237_500]);
    expect((await call('GET', `/api/orders/${id}/after-sale`, { token: stranger.token })).status).toBe(404);
    const pdf = await call('GET', `/api/orders/${id}/refunds/${line.json.id}/credit-note.pdf`, { token: buyer.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`${line.json.number}.pdf`);
    expect((await call('GET', `/api/orders/${id}/refunds/${line.json.id}/credit-note.pdf`, { token: stranger.token })).status).toBe(404);
    expect((await call('GET', `/api/orders/${id}/refunds/nope/credit-note.pdf`, { token: admin.token })).status).toBe(404);
  });

  it('says why when the provider refuses a refund (502), changing nothing', async () => {
    const { call, admin, id, ports, store } = await arrange();
    ports.payments.refund = async () => ({ ok: false, error: { reason: 'declined', detail: 'charge is disputed' } });
    const refused = await call('POST', `/api/admin/orders/${id}/cancel`, { token: admin.token, body: { reason: 'Ordered twice' } });
    expect(refused.status).toBe(502);
    expect(expectError(refused.json)).toMatchObject({ code: 'REFUND_REFUSED', message: `${messages.refundRefused.declined}: charge is disputed` });
    expect(await store.orders.findById(id)).toMatchObject({ status: 'pending', refundedCents: 0 });
  });

  it('runs a return: the buyer asks, the admin approves and receives, the received units are refunded', async () => {
    const { call, admin, buyer, stranger, id, product, stockNow } = await arrange();
    const early = await call('POST', `/api/orders/${id}/returns`, { token: buyer.token, body: { lines: [{ productId: product.id, quantity: 10 }], reason: 'Wrong size' } });
    expect(early.status).toBe(409);
    expect(expectError(early.json)).toMatchObject({ code: 'RETURN_NOT_ALLOWED', message: messages.returnNotShipped });
    await call('POST', `/api/admin/orders/${id}/ship`, { token: admin.token });
    expect((await call('POST', `/api/orders/${id}/returns`, { token: stranger.token, body: { lines: [{ productId: product.id, quantity: 10 }], reason: 'x' } })).status).toBe(404);
    const tooMany = await call('POST', `/api/orders/${id}/returns`, { token: buyer.token, body: { lines: [{ productId: product.id, quantity: 201 }], reason: 'All' } });
    expect(expectError(tooMany.json).fields).toEqual({ 'lines.0.quantity': messages.afterSaleQuantity(200) });
    const asked = await call('POST', `/api/orders/${id}/returns`, { token: buyer.token, body: { lines: [{ productId: product.id, quantity: 20 }], reason: 'Wrong size' } });
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({ status: 'requested', number: expect.stringMatching(/^RMA-\d{4}-000001$/) });
    const listed = await call('GET', '/api/admin/returns?status=requested', { token: admin.token });
    expect(listed.json.items.map((ret: { id: string }) => ret.id)).toEqual([asked.json.id]);
    expect((await call('GET', '/api/admin/returns?status=lost', { token: admin.token })).status).toBe(400);
    expect((await call('GET', '/api/admin/returns', { token: buyer.token })).status).toBe(403);
    const approved = await call('POST', `/api/admin/returns/${asked.json.id}/approve`, { token: admin.token, body: { answer: 'Send to dock 4' } });
    expect(approved.json).toMatchObject({ status: 'approved', answer: 'Send to dock 4' });
    const received = await call('POST', `/api/admin/returns/${asked.json.id}/receive`, { token: admin.token, body: { lines: [{ productId: product.id, quantity: 20, restock: true }] } });
    expect(received.status).toBe(200);
    expect(received.json).toMatchObject({ return: { status: 'received' }, refund: { amountCents: 25_000 } });
    expect(await stockNow()).toBe(820);
    const rejectAfter = await call('POST', `/api/admin/returns/${asked.json.id}/reject`, { token: admin.token, body: { answer: 'No' } });
    expect(rejectAfter.status).toBe(409);
    expect(expectError(rejectAfter.json).message).toBe(messages.returnNotOpen.received);
    expect((await call('GET', `/api/orders/${id}/returns`, { token: buyer.token })).json).toMatchObject([{ status: 'received', lines: [{ receivedQuantity: 20 }] }]);
  });
});
