import { beforeEach, describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import type { PaymentGateway } from '../ordering/payment-gateway.ts';
import { placeOrder } from '../ordering/place-order.ts';
import type { Product } from '../catalog/product.ts';
import type { User } from '../identity/user.ts';
import { messages } from '../messages.ts';
import { createWorld, type World } from '../testing/world.ts';
import { acceptQuote } from './accept-quote.ts';
import { answerQuote, type AnswerQuoteInput } from './answer-quote.ts';
import { declineQuote } from './decline-quote.ts';
import { expireLapsedQuotes, findQuoteFor, listAllQuotes, listQuotesOf } from './find-quotes.ts';
import { DAY_MS, type Quote } from './quote.ts';
import { requestQuote } from './request-quote.ts';

let world: World;
let payments: PaymentGateway;
let buyer: User;
let admin: User;
let product: Product;

beforeEach(async () => {
  const storage = createMemoryStorage();
  world = createWorld(storage.repositories);
  payments = createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => world.clock.now() });
  buyer = await world.addUser({ name: 'Ada Buyer' });
  admin = await world.addUser({ role: 'admin' });
  product = await world.addProduct({ stock: 500 });
});

const stockOf = async (id = product.id) => (await world.store.products.findById(id))?.stock;
const ask = async (quantity = 300, by: User = buyer): Promise<Quote> => {
  const asked = await requestQuote(world.deps, { buyer: by, lines: [{ productId: product.id, quantity }], message: 'Need 300 by Friday' });
  if (!asked.ok) throw new Error(JSON.stringify(asked.error));
  return asked.value;
};
const answer = (quote: Quote, overrides: Partial<AnswerQuoteInput> = {}) =>
  answerQuote(world.deps, {
    actor: admin,
    quoteId: quote.id,
    lines: [{ productId: product.id, quantity: 300, unitPriceCents: 900 }],
    expiresInDays: 7,
    holdStock: true,
    message: 'Best we can do',
    ...overrides,
  });
/** What accepting uses: the world's ports and the test provider (the unpaid-order cap asks it), and the cap. */
const deps = () => ({ ...world.deps, payments });
const accept = (quote: Quote, by: User = buyer, maxUnpaidOrders?: number) =>
  acceptQuote(deps(), { buyer: by, quoteId: quote.id, phone: '555 010 2030', address: '1 Dock Road, Leeds', poNumber: 'PO-7', maxUnpaidOrders });
const unpaidOrdersOf = async (user: User) => (await world.store.orders.listByUser(user.id, { limit: 100 })).items.filter((order) => order.status === 'unpaid').length;

describe('requestQuote', () => {
  it('takes any quantity of at least 1, above the stock too, numbered QT-<year>-<n>', async () => {
    const quote = await ask(2_000);
    expect(quote).toMatchObject({ number: 'QT-2026-000001', status: 'requested', message: 'Need 300 by Friday', answer: null, holdsStock: false, expiresAt: null });
    expect(quote.lines).toEqual([{ productId: product.id, sku: product.sku, productName: product.name, unit: 'piece', requestedQuantity: 2_000, quantity: null, unitPriceCents: null }]);
    expect((await ask(1)).number).toBe('QT-2026-000002');
    expect(await stockOf()).toBe(500);
  });

  it('refuses no lines, 0 units, an unknown product and an empty message, naming each field', async () => {
    const none = await requestQuote(world.deps, { buyer, lines: [], message: '' });
    expect(none).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { lines: messages.linesRequired, message: messages.quoteMessageRequired } } });
    const zero = await requestQuote(world.deps, { buyer, lines: [{ productId: product.id, quantity: 0 }], message: 'x' });
    expect(zero.ok || zero.error).toEqual({ code: 'VALIDATION_FAILED', fields: { 'lines.0.quantity': messages.quoteLineQuantity } });
    const unknown = await requestQuote(world.deps, { buyer, lines: [{ productId: 'nope', quantity: 5 }], message: 'x' });
    expect(unknown.ok || unknown.error).toEqual({ code: 'VALIDATION_FAILED', fields: { 'lines.0.productId': messages.productNotFound } });
  });

  it('is for verified buyers, never admins', async () => {
    expect((await requestQuote(world.deps, { buyer: admin, lines: [{ productId: product.id, quantity: 5 }], message: 'x' })).ok).toBe(false);
    const unverified = { ...buyer, emailVerified: false };
    const refused = await requestQuote(world.deps, { buyer: unverified, lines: [{ productId: product.id, quantity: 5 }], message: 'x' });
    expect(refused.ok || refused.error.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('answerQuote', () => {
  it('holds the offered units, all or nothing, and answers once', async () => {
    const quote = await ask();
    const answered = await answer(quote);
    expect(answered.ok && answered.value).toMatchObject({ status: 'quoted', holdsStock: true, answer: 'Best we can do', expiresAt: new Date(world.clock.now().getTime() + 7 * DAY_MS) });
    expect(answered.ok && answered.value.lines[0]).toMatchObject({ requestedQuantity: 300, quantity: 300, unitPriceCents: 900 });
    expect(await stockOf()).toBe(200);
    const again = await answer(quote);
    expect(again.ok || again.error).toEqual({ code: 'QUOTE_NOT_OPEN', status: 'quoted' });
    expect(await stockOf()).toBe(200);
  });

  it('refuses to hold more than the stock with 409 naming the line, holding nothing', async () => {
    const other = await world.addProduct({ stock: 1_000 });
    const asked = await requestQuote(world.deps, { buyer, lines: [{ productId: other.id, quantity: 200 }, { productId: product.id, quantity: 900 }], message: 'x' });
    if (!asked.ok) throw new Error('arrange');
    const lines = [
      { productId: product.id, quantity: 900, unitPriceCents: 800 },
      { productId: other.id, quantity: 200, unitPriceCents: 100 },
    ];
    const refused = await answer(asked.value, { lines });
    expect(refused.ok || refused.error).toEqual({ code: 'INSUFFICIENT_STOCK', fields: { 'lines.0.quantity': messages.lineAboveStock(500) } });
    expect([await stockOf(), await stockOf(other.id)]).toEqual([500, 1_000]);
    // Without holding, any quantity may be offered: stock is checked when the buyer accepts.
    const offered = await answer(asked.value, { lines, holdStock: false });
    expect(offered.ok && offered.value.lines.map((line) => line.quantity)).toEqual([200, 900]);
  });

  it('checks the offer: asked products only, at least 100 units, whole cents, 1–30 days', async () => {
    const quote = await ask();
    const refused = await answer(quote, {
      lines: [
        { productId: 'other', quantity: 100, unitPriceCents: 1 },
        { productId: product.id, quantity: 99, unitPriceCents: -1 },
      ],
      expiresInDays: 31,
    });
    expect(refused.ok || refused.error).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {
        'lines.0.productId': messages.quoteAnswerLineNotAsked,
        'lines.1.quantity': messages.quoteAnswerQuantity(100),
        'lines.1.unitPriceCents': messages.quotePriceInvalid,
        expiresInDays: messages.quoteExpiryDays(1, 30),
      },
    });
    expect((await answerQuote(world.deps, { actor: buyer, quoteId: quote.id, lines: [], expiresInDays: 1, holdStock: false })).ok).toBe(false);
  });
});

describe('acceptQuote', () => {
  it('turns a held quote into an unpaid order at the quoted price without taking the units twice', async () => {
    const quote = await ask();
    await answer(quote);
    const accepted = await accept(quote);
    expect(accepted.ok && accepted.value.quote).toMatchObject({ status: 'accepted', orderId: accepted.ok ? accepted.value.order.id : '' });
    expect(accepted.ok && accepted.value.order).toMatchObject({ status: 'unpaid', totalCents: 270_000, itemCount: 300, poNumber: 'PO-7', note: `Quote ${quote.number}` });
    expect(accepted.ok && accepted.value.order.lines[0]).toMatchObject({ quantity: 300, unitPriceCents: 900, lineTotalCents: 270_000 });
    expect(await stockOf()).toBe(200);
    const again = await accept(quote);
    expect(again.ok || again.error).toEqual({ code: 'QUOTE_NOT_OPEN', status: 'accepted' });
    expect((await declineQuote(world.deps, { buyer, quoteId: quote.id })).ok).toBe(false);
  });

  it('reserves the stock of a quote that held none, refusing a short line with 409 and leaving the quote open', async () => {
    const quote = await ask();
    await answer(quote, { holdStock: false });
    await world.store.products.update(product.id, { stock: 250 }, world.clock.now());
    const short = await accept(quote);
    expect(short.ok || short.error).toEqual({ code: 'INSUFFICIENT_STOCK', fields: { 'lines.0.quantity': messages.lineAboveStock(250) } });
    expect((await world.store.quotes.findById(quote.id))?.status).toBe('quoted');
    await world.store.products.update(product.id, { stock: 400 }, world.clock.now());
    expect((await accept(quote)).ok).toBe(true);
    expect(await stockOf()).toBe(100);
  });

  it('is the owner’s alone (404 for anyone else) and needs a phone and address', async () => {
    const quote = await ask();
    await answer(quote);
    const stranger = await world.addUser();
    const foreign = await accept(quote, stranger);
    expect(foreign.ok || foreign.error).toEqual({ code: 'NOT_FOUND', subject: 'quote' });
    const bad = await acceptQuote(deps(), { buyer, quoteId: quote.id, phone: '', address: '' });
    expect(bad.ok || bad.error.code).toBe('VALIDATION_FAILED');
    expect((await findQuoteFor(world.deps, { actor: stranger, quoteId: quote.id })).ok).toBe(false);
    expect((await findQuoteFor(world.deps, { actor: admin, quoteId: quote.id })).ok).toBe(true);
  });

  it('is placing an order: at the cap of unpaid orders it is refused with 409, nothing reserved, the quote still open', async () => {
    const other = await world.addProduct({ stock: 10_000 });
    for (let n = 0; n < 2; n += 1) {
      const placed = await placeOrder(deps(), { buyer, lines: [{ productId: other.id, quantity: 100 }], phone: '555 010 2030', address: '1 Dock Road, Leeds', maxUnpaidOrders: 2 });
      expect(placed.ok).toBe(true);
    }
    const quote = await ask();
    await answer(quote, { holdStock: false });
    const refused = await accept(quote, buyer, 2);
    expect(refused.ok || refused.error).toEqual({ code: 'TOO_MANY_UNPAID_ORDERS', limit: 2 });
    expect((await world.store.quotes.findById(quote.id))?.status).toBe('quoted');
    expect(await stockOf()).toBe(500);
    expect(await unpaidOrdersOf(buyer)).toBe(2);
    // One unpaid order gone, the same quote is accepted.
    const [oldest] = (await world.store.orders.listByUser(buyer.id, { limit: 1 })).items;
    await world.store.orders.deleteUnpaidReturningStock(oldest!.id);
    expect((await accept(quote, buyer, 2)).ok).toBe(true);
    expect(await unpaidOrdersOf(buyer)).toBe(2);
  });

  it('counts accepted quotes against the cap: five unpaid orders, then two more quotes, both refused', async () => {
    const quotes: Quote[] = [];
    for (let n = 0; n < 7; n += 1) {
      const quote = await ask(100);
      await answer(quote, { holdStock: false, lines: [{ productId: product.id, quantity: 100, unitPriceCents: 900 }] });
      quotes.push(quote);
    }
    await world.store.products.update(product.id, { stock: 10_000 }, world.clock.now());
    for (const quote of quotes.slice(0, 5)) expect((await accept(quote)).ok).toBe(true);
    for (const quote of quotes.slice(5)) {
      const refused = await accept(quote);
      expect(refused.ok || refused.error).toEqual({ code: 'TOO_MANY_UNPAID_ORDERS', limit: 5 });
    }
    expect(await unpaidOrdersOf(buyer)).toBe(5);
  });

  it('lets only one of two quotes accepted at once pass when one unpaid order is left under the cap', async () => {
    const first = await ask();
    const second = await ask(200);
    await answer(first, { holdStock: false });
    await answer(second, { holdStock: false, lines: [{ productId: product.id, quantity: 100, unitPriceCents: 900 }] });
    const answers = await Promise.all([accept(first, buyer, 1), accept(second, buyer, 1)]);
    expect(answers.filter((accepted) => accepted.ok)).toHaveLength(1);
    expect(answers.filter((accepted) => !accepted.ok).map((accepted) => !accepted.ok && accepted.error)).toEqual([{ code: 'TOO_MANY_UNPAID_ORDERS', limit: 1 }]);
    expect(await unpaidOrdersOf(buyer)).toBe(1);
  });

  it('needs a verified e-mail, like any order', async () => {
    const quote = await ask();
    await answer(quote);
    const unverified = await accept(quote, { ...buyer, emailVerified: false });
    expect(unverified.ok || unverified.error).toEqual({ code: 'EMAIL_NOT_VERIFIED' });
    expect((await world.store.quotes.findById(quote.id))?.status).toBe('quoted');
  });

  it('cannot accept a request not yet answered', async () => {
    const quote = await ask();
    const early = await accept(quote);
    expect(early.ok || early.error).toEqual({ code: 'QUOTE_NOT_OPEN', status: 'requested' });
  });
});

describe('declining and expiry', () => {
  it('declining returns the held units once', async () => {
    const quote = await ask();
    await answer(quote);
    const declined = await declineQuote(world.deps, { buyer, quoteId: quote.id });
    expect(declined.ok && declined.value.status).toBe('declined');
    expect(await stockOf()).toBe(500);
    const again = await declineQuote(world.deps, { buyer, quoteId: quote.id });
    expect(again.ok || again.error).toEqual({ code: 'QUOTE_NOT_OPEN', status: 'declined' });
    expect(await stockOf()).toBe(500);
  });

  it('a lapsed offer expires on the sweep, returning its units once, and cannot be accepted', async () => {
    const quote = await ask();
    await answer(quote, { expiresInDays: 1 });
    world.clock.advance(DAY_MS - 1);
    expect(await expireLapsedQuotes(world.deps)).toBe(0);
    world.clock.advance(1);
    expect(await expireLapsedQuotes(world.deps)).toBe(1);
    expect(await expireLapsedQuotes(world.deps)).toBe(0);
    expect(await stockOf()).toBe(500);
    const late = await accept(quote);
    expect(late.ok || late.error).toEqual({ code: 'QUOTE_NOT_OPEN', status: 'expired' });
  });

  it('a lapsed offer is expired before any read of it, list or single', async () => {
    const quote = await ask();
    await answer(quote, { expiresInDays: 2 });
    world.clock.advance(2 * DAY_MS);
    const read = await findQuoteFor(world.deps, { actor: buyer, quoteId: quote.id });
    expect(read.ok && read.value.status).toBe('expired');
    expect(await stockOf()).toBe(500);

    const second = await ask();
    await answer(second, { expiresInDays: 1 });
    world.clock.advance(DAY_MS);
    expect((await listQuotesOf(world.deps, { buyer, page: { limit: 10 } })).items.map((q) => q.status)).toEqual(['expired', 'expired']);
    expect((await listAllQuotes(world.deps, { search: { status: 'quoted' }, page: { limit: 10 } })).items).toEqual([]);
    expect(await stockOf()).toBe(500);
  });
});

describe('answerQuote in the audit log (docs/audit-log.md, "Audit log")', () => {
  it('records the answer with the lines asked before and the offer after; a refused answer records nothing', async () => {
    const quote = await ask();
    expect((await answer(quote, { lines: [{ productId: product.id, quantity: 600, unitPriceCents: 900 }] })).ok).toBe(false);
    expect((await answer(quote)).ok).toBe(true);
    expect((await answer(quote)).ok).toBe(false);
    const log = await world.store.audit.list({}, { limit: 10 });
    expect(log.items).toMatchObject([
      {
        kind: 'quote-answered',
        subjectId: quote.id,
        actorId: admin.id,
        before: { status: 'requested', lines: [{ productId: product.id, requestedQuantity: 300 }] },
        after: { status: 'quoted', lines: [{ position: 0, quantity: 300, unitPriceCents: 900 }], answer: 'Best we can do', holdStock: true },
      },
    ]);
  });
});
