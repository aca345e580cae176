import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#adapters/documents/pdf-order-documents.ts';
import { messages } from '#http/messages.ts';
import type { ListDto, OrderDto, QuoteDto } from '../dto.ts';
import { addProduct, createMemoryMailer, createTestApp, expectError, signUpAdmin, type TestAppOptions } from '../test-support.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const details = { phone: '+1 (555) 010-2030', address: '1 Harbour Road', poNumber: 'PO-88' };

const arrange = async (settings: TestAppOptions['settings'] = {}, shop?: TestAppOptions['shop']) => {
  let now = Date.UTC(2026, 5, 1, 9);
  const mailer = createMemoryMailer();
  const context = createTestApp({ clock: { now: () => new Date(now) }, mailer, settings, ...(shop ? { shop } : {}) });
  const valve = await addProduct(context.store, { sku: 'VALVE-1', name: 'Ball valve', stock: 500, priceCents: 1_250 });
  const buyer = await context.signUp();
  const admin = await signUpAdmin(context);
  const advance = (ms: number) => {
    now += ms;
  };
  const stock = async () => (await context.store.products.findById(valve.id))?.stock;
  const ask = async (quantity = 300) => {
    const asked = await context.call('POST', '/api/quotes', { body: { lines: [{ productId: valve.id, quantity }], message: 'Need them by Friday' }, token: buyer.token });
    expect(asked.status, asked.text).toBe(201);
    return asked.json as QuoteDto;
  };
  const answer = (quote: QuoteDto, body: Record<string, unknown> = {}) =>
    context.call('POST', `/api/admin/quotes/${quote.id}/answer`, {
      body: { lines: [{ productId: valve.id, quantity: 300, unitPriceCents: 1_000 }], expiresInDays: 7, holdStock: true, message: 'Ten dollars each', ...body },
      token: admin.token,
    });
  return { ...context, mailer, valve, buyer, admin, advance, stock, ask, answer };
};

describe('requests for quote over HTTP', () => {
  it('tells every admin of a new request when SHOP_EMAIL is unset, and SHOP_EMAIL alone when it is set', async () => {
    const unset = await arrange();
    const second = await signUpAdmin(unset);
    await unset.ask();
    await unset.deliverMail();
    const toShop = unset.mailer.sent.filter((mail) => mail.subject.startsWith('New request for quote'));
    expect(toShop).toHaveLength(1);
    expect(toShop[0]?.to.split(', ').sort()).toEqual([unset.admin.email, second.email].sort());

    const set = await arrange({}, { ...DEFAULT_SHOP, email: 'orders@acme.example', notifyTo: 'orders@acme.example' });
    await set.ask();
    await set.deliverMail();
    expect(set.mailer.sent.filter((mail) => mail.subject.startsWith('New request for quote')).map((mail) => mail.to)).toEqual(['orders@acme.example']);
  });

  it('request → answer holding stock → accept: an unpaid order at the quoted price, the units taken once', async () => {
    const { call, buyer, admin, valve, stock, ask, answer, deliverMail, mailer } = await arrange();
    const quote = await ask(2_000);
    expect(quote).toMatchObject({ number: 'QT-2026-000001', status: 'requested', message: 'Need them by Friday', answer: null, expiresAt: null, holdsStock: false, orderId: null, totalCents: null });
    expect(quote.lines).toEqual([{ productId: valve.id, sku: 'VALVE-1', productName: 'Ball valve', unit: 'piece', requestedQuantity: 2_000, quantity: null, unitPriceCents: null, lineTotalCents: null }]);

    const listed = (await call('GET', '/api/admin/quotes?status=requested', { token: admin.token })).json as ListDto<QuoteDto>;
    expect(listed.items.map((item) => item.id)).toEqual([quote.id]);

    const answered = await answer(quote);
    expect(answered.status, answered.text).toBe(200);
    expect(answered.json).toMatchObject({ status: 'quoted', holdsStock: true, answer: 'Ten dollars each', totalCents: 300_000, expiresAt: '2026-06-08T09:00:00.000Z' });
    expect(await stock()).toBe(200);
    expect(expectError((await answer(quote)).json)).toMatchObject({ code: 'QUOTE_NOT_OPEN', message: messages.quoteNotOpen.quoted });

    const accepted = await call('POST', `/api/quotes/${quote.id}/accept`, { body: details, token: buyer.token });
    expect(accepted.status, accepted.text).toBe(201);
    const order = accepted.json as OrderDto;
    expect(order).toMatchObject({ status: 'unpaid', totalCents: 300_000, itemCount: 300, poNumber: 'PO-88', phone: '+15550102030', note: 'Quote QT-2026-000001' });
    expect(await stock()).toBe(200);
    expect((await call('GET', `/api/quotes/${quote.id}`, { token: buyer.token })).json).toMatchObject({ status: 'accepted', orderId: order.id });
    const again = await call('POST', `/api/quotes/${quote.id}/accept`, { body: details, token: buyer.token });
    expect(again.status).toBe(409);

    // Both sides heard of every step (docs/orders.md, "Requests for quote"), from the outbox.
    await deliverMail();
    expect(mailer.sent.map((mail) => [mail.to === buyer.email ? 'buyer' : 'shop', mail.subject])).toEqual(
      expect.arrayContaining([
        ['buyer', 'We received your request for quote QT-2026-000001'],
        ['shop', 'New request for quote QT-2026-000001 from ' + quote.customerName],
        ['buyer', 'Your quote QT-2026-000001: $3,000.00, valid until 2026-06-08'],
        ['buyer', `Quote QT-2026-000001 accepted: order ${order.number} to pay`],
      ]),
    );
    expect(mailer.sent.filter((mail) => mail.subject.startsWith('Order '))).toEqual([]);
    expect(expectError(again.json)).toMatchObject({ code: 'QUOTE_NOT_OPEN', message: messages.quoteNotOpen.accepted });
  });

  it('accepting is placing an order: 409 TOO_MANY_UNPAID_ORDERS at the cap, nothing reserved; lapsed orders expire first', async () => {
    const { call, store, buyer, valve, stock, ask, answer, advance } = await arrange({ maxUnpaidOrdersPerAccount: 2, unpaidOrderTtlHours: 48 });
    const other = await addProduct(store, { sku: 'NUT-1', stock: 10_000 });
    for (let n = 0; n < 2; n += 1) {
      const placed = await call('POST', '/api/orders', { body: { lines: [{ productId: other.id, quantity: 100 }], phone: details.phone, address: details.address }, token: buyer.token });
      expect(placed.status, placed.text).toBe(201);
    }
    const quote = await ask();
    expect((await answer(quote, { holdStock: false })).status).toBe(200);
    const refused = await call('POST', `/api/quotes/${quote.id}/accept`, { body: details, token: buyer.token });
    expect(refused.status).toBe(409);
    expect(expectError(refused.json)).toMatchObject({ code: 'TOO_MANY_UNPAID_ORDERS' });
    expect(await stock()).toBe(500);
    expect((await call('GET', `/api/quotes/${quote.id}`, { token: buyer.token })).json).toMatchObject({ status: 'quoted', orderId: null });
    // Two days on, the unpaid orders have lapsed: they are expired before the acceptance counts them.
    advance(49 * 60 * 60 * 1000);
    const accepted = await call('POST', `/api/quotes/${quote.id}/accept`, { body: details, token: buyer.token });
    expect(accepted.status, accepted.text).toBe(201);
    expect(await stock()).toBe(200);
    expect(valve.id).toBe((accepted.json as OrderDto).lines[0]!.productId);
  });

  it('accepting a quote that held nothing reserves then, 409 naming the short line', async () => {
    const { call, store, buyer, valve, stock, ask, answer } = await arrange();
    const quote = await ask();
    expect((await answer(quote, { holdStock: false })).status).toBe(200);
    await store.products.update(valve.id, { stock: 120 }, new Date());
    const short = await call('POST', `/api/quotes/${quote.id}/accept`, { body: details, token: buyer.token });
    expect(short.status).toBe(409);
    expect(expectError(short.json)).toMatchObject({ code: 'INSUFFICIENT_STOCK', fields: { 'lines.0.quantity': messages.lineAboveStock(120) } });
    expect(await stock()).toBe(120);
  });

  it('declining returns the held units; a lapsed offer expires before it is read', async () => {
    const { call, buyer, stock, ask, answer, advance } = await arrange();
    const declined = await ask();
    await answer(declined);
    expect(await stock()).toBe(200);
    const decline = await call('POST', `/api/quotes/${declined.id}/decline`, { token: buyer.token });
    expect(decline.status).toBe(200);
    expect(decline.json).toMatchObject({ status: 'declined' });
    expect(await stock()).toBe(500);
    expect((await call('POST', `/api/quotes/${declined.id}/decline`, { token: buyer.token })).status).toBe(409);

    advance(1_000);
    const lapsing = await ask();
    await answer(lapsing, { expiresInDays: 1 });
    expect(await stock()).toBe(200);
    advance(DAY_MS);
    expect((await call('GET', `/api/quotes/${lapsing.id}`, { token: buyer.token })).json).toMatchObject({ status: 'expired' });
    expect(await stock()).toBe(500);
    const late = await call('POST', `/api/quotes/${lapsing.id}/accept`, { body: details, token: buyer.token });
    expect(expectError(late.json)).toMatchObject({ code: 'QUOTE_NOT_OPEN', message: messages.quoteNotOpen.expired });
    const mine = (await call('GET', '/api/quotes', { token: buyer.token })).json as ListDto<QuoteDto>;
    expect(mine.items.map((item) => item.status)).toEqual(['expired', 'declined']);
  });

  it('another buyer’s quote is 404; customers cannot answer; bad bodies name their fields', async () => {
    const { call, signUp, buyer, admin, valve, ask, answer } = await arrange();
    const quote = await ask();
    const stranger = await signUp();
    for (const [method, path] of [['GET', `/api/quotes/${quote.id}`], ['POST', `/api/quotes/${quote.id}/decline`]] as const) {
      expect((await call(method, path, { token: stranger.token })).status).toBe(404);
    }
    expect((await call('POST', `/api/quotes/${quote.id}/accept`, { body: details, token: stranger.token })).status).toBe(404);
    expect((await call('GET', '/api/admin/quotes', { token: buyer.token })).status).toBe(403);
    expect((await call('POST', `/api/admin/quotes/${quote.id}/answer`, { body: {}, token: buyer.token })).status).toBe(403);
    expect((await call('GET', `/api/admin/quotes/${quote.id}`, { token: admin.token })).status).toBe(200);

    const refused = await call('POST', '/api/quotes', { body: { lines: [{ productId: valve.id, quantity: 0 }], message: ' ' }, token: buyer.token });
    expect(refused.status).toBe(400);
    expect(expectError(refused.json).fields).toEqual({ 'lines.0.quantity': messages.quoteLineQuantity, message: messages.quoteMessageRequired });
    const badAnswer = await answer(quote, { expiresInDays: 0, holdStock: 'yes', lines: [{ productId: valve.id, quantity: 50, unitPriceCents: 1.5 }] });
    expect(badAnswer.status).toBe(400);
    expect(expectError(badAnswer.json).fields).toEqual({
      'lines.0.quantity': messages.quoteAnswerQuantity(100),
      'lines.0.unitPriceCents': messages.quotePriceInvalid,
      expiresInDays: messages.quoteExpiryDays(1, 30),
      holdStock: messages.quoteHoldStockInvalid,
    });
    const holdTooMuch = await answer(quote, { lines: [{ productId: valve.id, quantity: 600, unitPriceCents: 900 }] });
    expect(holdTooMuch.status).toBe(409);
    expect(expectError(holdTooMuch.json).fields).toEqual({ 'lines.0.quantity': messages.lineAboveStock(500) });
    expect((await call('GET', '/api/admin/quotes?status=maybe', { token: admin.token })).status).toBe(400);
  });
});
