import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/catalog/product.ts';
import type { NewQuote, QuoteOffer } from '#domain/quoting/quote.ts';
import { quoteMail } from '#domain/quoting/quote-mail.ts';
import type { StoreHarness } from './store-harness.ts';

/**
 * QuoteRepository (docs/orders.md, "Requests for quote"): numbers, pages, the answer that holds stock
 * all or nothing, acceptance that never takes held units twice, and held units returned exactly
 * once by a decline or an expiry.
 */
export function describeQuoteContract(h: StoreHarness): void {
  const newQuote = (products: readonly Product[], overrides: Partial<NewQuote> = {}): NewQuote => ({
    id: randomUUID(),
    userId: 'buyer-1',
    email: 'buyer@example.com',
    customerName: 'Ada Buyer',
    status: 'requested',
    lines: products.map((product) => ({ productId: product.id, sku: product.sku, productName: product.name, unit: product.unit, requestedQuantity: 300, quantity: null, unitPriceCents: null })),
    message: 'Need 300 by Friday',
    answer: null,
    holdsStock: false,
    expiresAt: null,
    orderId: null,
    createdAt: h.at(1_000),
    answeredAt: null,
    closedAt: null,
    ...overrides,
  });
  const offer = (quantities: readonly number[], overrides: Partial<QuoteOffer> = {}): QuoteOffer => ({
    lines: quantities.map((quantity, position) => ({ position, quantity, unitPriceCents: 900 })).filter((line) => line.quantity > 0),
    answer: 'Our best price',
    expiresAt: h.at(10_000),
    holdStock: true,
    answeredAt: h.at(2_000),
    ...overrides,
  });
  const orderFor = (products: readonly Product[], quantity = 300) => h.newOrder(products, { quantity, createdAt: h.at(5_000), userId: 'buyer-1' });

  describe('quotes', () => {
    it('numbers each request per year and reads it back with its lines', async () => {
      const [a, b] = [await h.addProduct(), await h.addProduct()];
      const request = newQuote([a, b]);
      const created = await h.store.quotes.create(request);
      expect(created).toEqual({ ...request, number: 'QT-2026-000001' });
      expect(await h.store.quotes.findById(request.id)).toEqual(created);
      expect((await h.store.quotes.create(newQuote([a]))).number).toBe('QT-2026-000002');
      expect(await h.store.quotes.findById('nope')).toBeNull();
    });

    it('pages a buyer’s quotes and everyone’s by status, newest first', async () => {
      const product = await h.addProduct();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await h.store.quotes.create(newQuote([product], { id: h.keyed(String.fromCharCode(97 + i)), createdAt: h.at(i) }))).id);
      await h.store.quotes.create(newQuote([product], { userId: 'someone-else', createdAt: h.at(9) }));
      expect(await h.walk((page) => h.store.quotes.listByUser('buyer-1', page), 2)).toEqual([[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]]]);
      await h.store.quotes.answer(ids[1]!, offer([300], { holdStock: false }));
      expect((await h.store.quotes.listAll({ status: 'quoted' }, { limit: 10 })).items.map((quote) => quote.id)).toEqual([ids[1]]);
      expect((await h.store.quotes.listAll({}, { limit: 10 })).items).toHaveLength(6);
    });

    it('counts the quotes of a status (the overview’s “Quotes awaiting answer”) and all of them', async () => {
      const product = await h.addProduct();
      expect(await h.store.quotes.count({ status: 'requested' })).toBe(0);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await h.store.quotes.create(newQuote([product], { createdAt: h.at(i) }))).id);
      await h.store.quotes.answer(ids[0]!, offer([300], { holdStock: false }));
      expect([await h.store.quotes.count({ status: 'requested' }), await h.store.quotes.count({ status: 'quoted' }), await h.store.quotes.count({})]).toEqual([2, 1, 3]);
    });

    it('answering holds every offered line’s units, once; a line left out is offered at 0', async () => {
      const [a, b] = [await h.addProduct({ stock: 500 }), await h.addProduct({ stock: 500 })];
      const quote = await h.store.quotes.create(newQuote([a, b]));
      const answered = await h.store.quotes.answer(quote.id, offer([300, 0]));
      expect(answered.ok && answered.value).toMatchObject({ status: 'quoted', holdsStock: true, answer: 'Our best price', expiresAt: h.at(10_000), answeredAt: h.at(2_000) });
      expect(answered.ok && answered.value.lines.map((line) => [line.quantity, line.unitPriceCents])).toEqual([[300, 900], [0, null]]);
      expect([await h.stockOf(a.id), await h.stockOf(b.id)]).toEqual([200, 500]);
      expect(await h.store.quotes.answer(quote.id, offer([300, 0]))).toEqual({ ok: false, error: { code: 'not-open', status: 'quoted' } });
      expect(await h.stockOf(a.id)).toBe(200);
    });

    it('a hold short on any line holds nothing and leaves the request open', async () => {
      const [a, b] = [await h.addProduct({ stock: 1_000 }), await h.addProduct({ stock: 250 })];
      const quote = await h.store.quotes.create(newQuote([a, b]));
      expect(await h.store.quotes.answer(quote.id, offer([300, 300]))).toEqual({ ok: false, error: { code: 'insufficient-stock', short: [{ index: 1, available: 250 }] } });
      expect([await h.stockOf(a.id), await h.stockOf(b.id)]).toEqual([1_000, 250]);
      expect(await h.store.quotes.findById(quote.id)).toMatchObject({ status: 'requested', answer: null, lines: [{ quantity: null }, { quantity: null }] });
    });

    it('accepting a held quote places the order on the held units, without taking them again', async () => {
      const product = await h.addProduct({ stock: 500 });
      const quote = await h.store.quotes.create(newQuote([product]));
      await h.store.quotes.answer(quote.id, offer([300]));
      const order = orderFor([product]);
      const accepted = await h.store.quotes.accept(quote.id, order);
      expect(accepted.ok && accepted.value.quote).toMatchObject({ status: 'accepted', orderId: order.id, closedAt: order.createdAt });
      expect(accepted.ok && accepted.value.order).toMatchObject({ id: order.id, number: 'BH-2026-000001', status: 'unpaid', itemCount: 300 });
      expect(await h.stockOf(product.id)).toBe(200);
      expect((await h.store.orders.findById(order.id))?.lines).toEqual(order.lines);
      expect(await h.store.quotes.accept(quote.id, orderFor([product]))).toEqual({ ok: false, error: { code: 'not-open', status: 'accepted' } });
      expect(await h.store.quotes.close(quote.id, 'declined', h.at(6_000))).toBeNull();
      expect(await h.stockOf(product.id)).toBe(200);
      // The order then lives as any order: deleting it returns the units once.
      expect(await h.store.orders.deleteUnpaidReturningStock(order.id)).toBe(true);
      expect(await h.stockOf(product.id)).toBe(500);
    });

    it('an acceptance at the buyer’s cap of unpaid orders writes nothing; of two at once with room for one, one passes', async () => {
      const product = await h.addProduct({ stock: 10_000 });
      const quoted = async () => {
        const quote = await h.store.quotes.create(newQuote([product]));
        await h.store.quotes.answer(quote.id, offer([300], { holdStock: false }));
        return quote;
      };
      const [first, second, third] = [await quoted(), await quoted(), await quoted()];
      expect((await h.store.quotes.accept(first.id, orderFor([product]), [], 1)).ok).toBe(true);
      expect(await h.store.quotes.accept(second.id, orderFor([product]), [], 1)).toEqual({ ok: false, error: { code: 'too-many-unpaid-orders' } });
      expect(await h.store.quotes.findById(second.id)).toMatchObject({ status: 'quoted', orderId: null });
      expect(await h.stockOf(product.id)).toBe(9_700);
      // Room for one more (a cap of 2), asked twice at once: the second counts the first's order.
      const answers = await Promise.all([second, third].map((quote) => h.store.quotes.accept(quote.id, orderFor([product]), [], 2)));
      expect(answers.filter((accepted) => accepted.ok)).toHaveLength(1);
      expect(answers.filter((accepted) => !accepted.ok)).toEqual([{ ok: false, error: { code: 'too-many-unpaid-orders' } }]);
      expect(await h.store.orders.countUnpaidOf('buyer-1', 10)).toBe(2);
      expect(await h.stockOf(product.id)).toBe(9_400);
    });

    it('accepting a quote that held nothing reserves now, all lines or none', async () => {
      const [a, b] = [await h.addProduct({ stock: 1_000 }), await h.addProduct({ stock: 250 })];
      const quote = await h.store.quotes.create(newQuote([a, b]));
      await h.store.quotes.answer(quote.id, offer([300, 300], { holdStock: false }));
      expect([await h.stockOf(a.id), await h.stockOf(b.id)]).toEqual([1_000, 250]);
      const order = orderFor([a, b]);
      expect(await h.store.quotes.accept(quote.id, order)).toEqual({ ok: false, error: { code: 'insufficient-stock', short: [{ index: 1, available: 250 }] } });
      expect([await h.stockOf(a.id), await h.stockOf(b.id)]).toEqual([1_000, 250]);
      expect(await h.store.orders.findById(order.id)).toBeNull();
      expect((await h.store.quotes.findById(quote.id))?.status).toBe('quoted');
      await h.store.products.update(b.id, { stock: 300 }, h.at(0));
      expect((await h.store.quotes.accept(quote.id, order)).ok).toBe(true);
      expect([await h.stockOf(a.id), await h.stockOf(b.id)]).toEqual([700, 0]);
    });

    it('an offer past its expiry cannot be accepted; expiring returns held units once, declining likewise', async () => {
      const product = await h.addProduct({ stock: 500 });
      const lapsing = await h.store.quotes.create(newQuote([product]));
      await h.store.quotes.answer(lapsing.id, offer([300], { expiresAt: h.at(4_000) }));
      expect(await h.store.quotes.listLapsed(h.at(3_999), 10)).toEqual([]);
      expect((await h.store.quotes.listLapsed(h.at(4_000), 10)).map((quote) => quote.id)).toEqual([lapsing.id]);
      expect(await h.store.quotes.accept(lapsing.id, orderFor([product]))).toEqual({ ok: false, error: { code: 'not-open', status: 'quoted' } });
      expect(await h.store.quotes.close(lapsing.id, 'expired', h.at(3_999))).toBeNull();
      expect(await h.stockOf(product.id)).toBe(200);
      const closes = await Promise.all(Array.from({ length: 5 }, () => h.store.quotes.close(lapsing.id, 'expired', h.at(4_000))));
      expect(closes.filter(Boolean)).toHaveLength(1);
      expect(closes.find(Boolean)).toMatchObject({ status: 'expired', closedAt: h.at(4_000) });
      expect(await h.stockOf(product.id)).toBe(500);

      const declining = await h.store.quotes.create(newQuote([product]));
      await h.store.quotes.answer(declining.id, offer([300]));
      const [declined, expired] = await Promise.all([h.store.quotes.close(declining.id, 'declined', h.at(3_000)), h.store.quotes.close(declining.id, 'declined', h.at(3_000))]);
      expect([declined, expired].filter(Boolean)).toHaveLength(1);
      expect(await h.stockOf(product.id)).toBe(500);
    });

    it('queues the e-mails the domain names for each step with the step itself, and none for a step refused', async () => {
      const product = await h.addProduct({ stock: 500 });
      const unsent = () => h.store.outbox.countUnsent();
      const before = await unsent();
      const quote = await h.store.quotes.create(newQuote([product]), quoteMail('requested'));
      // The buyer's receipt and the shop's notice.
      expect(await unsent()).toBe(before + 2);
      expect((await h.store.quotes.answer(quote.id, offer([600]), undefined, quoteMail('quoted'))).ok).toBe(false);
      expect(await unsent()).toBe(before + 2);
      await h.store.quotes.answer(quote.id, offer([300]), undefined, quoteMail('quoted'));
      expect(await unsent()).toBe(before + 3);
      // The buyer's mail names the order: no order-placed mail beside it; and the shop's notice.
      expect((await h.store.quotes.accept(quote.id, orderFor([product]), quoteMail('accepted'))).ok).toBe(true);
      expect(await unsent()).toBe(before + 5);
      const declining = await h.store.quotes.create(newQuote([product]), quoteMail('requested'));
      await h.store.quotes.answer(declining.id, offer([100]), undefined, quoteMail('quoted'));
      expect(await unsent()).toBe(before + 8);
      await h.store.quotes.close(declining.id, 'declined', h.at(3_000), quoteMail('declined'));
      await h.store.quotes.close(declining.id, 'declined', h.at(3_000), quoteMail('declined'));
      expect(await unsent()).toBe(before + 9);
      // A step the domain named no mail for queues none: the store adds none of its own.
      await h.store.quotes.create(newQuote([product]));
      expect(await unsent()).toBe(before + 9);
      const mails = await h.store.outbox.claimDue(new Date('2100-01-01T00:00:00Z'), new Date('2100-01-01T00:01:00Z'), 100);
      const kindsOf = (id: string) => mails.filter((mail) => mail.subjectId === id).map((mail) => mail.kind).sort();
      expect(kindsOf(quote.id)).toEqual(['quote-accepted', 'quote-answered', 'quote-received', 'shop-quote-accepted', 'shop-quote-requested']);
      expect(kindsOf(declining.id)).toEqual(['quote-answered', 'quote-received', 'shop-quote-declined', 'shop-quote-requested']);
    });

    it('under concurrent orders a held quote keeps its units: 2 orders of 100 fit beside a hold of 300 on 500', async () => {
      const product = await h.addProduct({ stock: 500 });
      const quote = await h.store.quotes.create(newQuote([product]));
      await h.store.quotes.answer(quote.id, offer([300]));
      const results = await Promise.all(Array.from({ length: 20 }, () => h.store.orders.placeReservingStock(h.newOrder(product, { quantity: 100 }))));
      expect(results.filter((result) => result.ok)).toHaveLength(2);
      expect(await h.stockOf(product.id)).toBe(0);
      expect((await h.store.quotes.accept(quote.id, orderFor([product]))).ok).toBe(true);
      expect(await h.stockOf(product.id)).toBe(0);
    });
  });
}
