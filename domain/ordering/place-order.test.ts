import { beforeEach, describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createWorld, type World } from '../testing/world.ts';
import type { User } from '../identity/user.ts';
import { placeOrder, type PlaceOrderInput } from './place-order.ts';

let world: World;
let payments: PaymentGateway;
let buyer: User;

beforeEach(async () => {
  const storage = createMemoryStorage();
  world = createWorld(storage.repositories);
  payments = createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => world.clock.now() });
  buyer = await world.addUser({ name: 'Ada Buyer', email: 'ada@example.com' });
});

/** What placing an order uses: the world's ports and the test provider (the unpaid-order cap asks it). */
const deps = () => ({ ...world.deps, payments });

/** A one-line order of `quantity` (100) units unless `lines` are given. */
const order = (productId: string, { quantity = 100, ...overrides }: Partial<PlaceOrderInput> & { quantity?: number } = {}) =>
  placeOrder(deps(), { buyer, lines: [{ productId, quantity }], phone: '555 010 2030', address: '1 Dock Road, Leeds', ...overrides });
const lineOf = (result: Awaited<ReturnType<typeof order>>, index = 0) => (result.ok ? result.value.lines[index] : undefined);

const stockOf = async (productId: string) => (await world.store.products.findById(productId))?.stock;

describe('placeOrder: quantity', () => {
  it('refuses 99 units with the minimum message and reserves nothing', async () => {
    const product = await world.addProduct({ stock: 500 });
    const result = await order(product.id, { quantity: 99 });
    expect(result).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { 'lines.0.quantity': { rule: 'orderLines', failure: { code: 'BELOW_MINIMUM', minimum: 100 } } } },
    });
    expect(await stockOf(product.id)).toBe(500);
    expect((await world.store.orders.listByUser(buyer.id, { limit: 100 })).items).toEqual([]);
  });

  it('accepts exactly 100 units and reserves them', async () => {
    const product = await world.addProduct({ stock: 500 });
    const result = await order(product.id, { quantity: 100 });
    expect(result.ok && result.value).toMatchObject({ itemCount: 100, status: 'unpaid', number: `BH-${world.clock.now().getUTCFullYear()}-000001` });
    expect(lineOf(result)).toMatchObject({ productId: product.id, quantity: 100 });
    expect(await stockOf(product.id)).toBe(400);
  });

  it('accepts a quantity equal to the stock, leaving none', async () => {
    const product = await world.addProduct({ stock: 250 });
    expect((await order(product.id, { quantity: 250 })).ok).toBe(true);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('refuses stock + 1 with INSUFFICIENT_STOCK and writes nothing', async () => {
    const product = await world.addProduct({ stock: 250 });
    const result = await order(product.id, { quantity: 251 });
    expect(result).toEqual({
      ok: false,
      error: { code: 'INSUFFICIENT_STOCK', fields: { 'lines.0.quantity': { rule: 'orderLines', failure: { code: 'ABOVE_STOCK', available: 250 } } } },
    });
    expect(await stockOf(product.id)).toBe(250);
    expect(await world.store.orders.count({})).toBe(0);
  });

  it.each([100.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the quantity %s as not a whole number', async (quantity) => {
    const product = await world.addProduct();
    const result = await order(product.id, { quantity });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { 'lines.0.quantity': { rule: 'orderLines', failure: { code: 'NOT_WHOLE_NUMBER' } } } } });
  });

  it('refuses a total too large to count exactly in cents', async () => {
    const product = await world.addProduct({ priceCents: Number.MAX_SAFE_INTEGER, stock: 1_000 });
    const result = await order(product.id, { quantity: 100 });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await stockOf(product.id)).toBe(1_000);
  });

  it('lets only one of two simultaneous buyers take the last units', async () => {
    const product = await world.addProduct({ stock: 150 });
    const other = await world.addUser();
    const [first, second] = await Promise.all([
      order(product.id),
      placeOrder(deps(), { buyer: other, lines: [{ productId: product.id, quantity: 100 }], phone: '5550102030', address: 'Elsewhere 2' }),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    const loser = first.ok ? second : first;
    expect(loser).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_STOCK' } });
    expect(await stockOf(product.id)).toBe(50);
  });
});

describe('placeOrder: who and what', () => {
  it('refuses admins: they cannot buy', async () => {
    const admin = await world.addUser({ role: 'admin' });
    const product = await world.addProduct();
    const result = await placeOrder(deps(), { buyer: admin, lines: [{ productId: product.id, quantity: 100 }], phone: '5550102030', address: 'HQ' });
    expect(result).toEqual({ ok: false, error: { code: 'ADMIN_CANNOT_BUY' } });
    expect(await stockOf(product.id)).toBe(500);
  });

  it('refuses an unknown product, naming its line', async () => {
    expect(await order('no-such-product')).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { 'lines.0.productId': { rule: 'orderLines', failure: { code: 'UNKNOWN_PRODUCT' } } }, unknownProducts: ['lines.0.productId'] },
    });
  });

  it('takes the price from the product and computes the total in cents', async () => {
    const product = await world.addProduct({ priceCents: 1_999, stock: 1_000 });
    const result = await order(product.id, { quantity: 137 });
    expect(result.ok && result.value).toMatchObject({ itemCount: 137, totalCents: 273_863 });
    expect(lineOf(result)).toMatchObject({ unitPriceCents: 1_999, quantity: 137, lineTotalCents: 273_863 });
  });

  it('snapshots the product and the buyer, so later product edits do not change the order', async () => {
    const product = await world.addProduct({ name: 'Pipe wrench 14"', priceCents: 2_450, description: 'Drop-forged.', imageUrl: '/img/wrench.webp' });
    const result = await order(product.id);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    await world.store.products.update(product.id, { name: 'Renamed', priceCents: 1 }, world.clock.now());
    expect(await world.store.orders.findById(result.value.id)).toMatchObject({
      userId: buyer.id,
      email: 'ada@example.com',
      customerName: 'Ada Buyer',
      lines: [
        {
          productId: product.id,
          sku: product.sku,
          productName: 'Pipe wrench 14"',
          productDescription: 'Drop-forged.',
          productImageUrl: '/img/wrench.webp',
          unit: 'piece',
          quantity: 100,
          unitPriceCents: 2_450,
          lineTotalCents: 245_000,
        },
      ],
      totalCents: 245_000,
      status: 'unpaid',
      transactionId: null,
      paidAt: null,
      shippedAt: null,
      createdAt: world.clock.now(),
    });
  });
});

describe('placeOrder: phone and address', () => {
  it('normalises the phone to digits (and a leading +) and trims the address', async () => {
    const product = await world.addProduct();
    const result = await order(product.id, { phone: ' +1 (555) 010-2030 ', address: '  7 Quay Street  ' });
    expect(result.ok && result.value).toMatchObject({ phone: '+15550102030', address: '7 Quay Street' });
  });

  it.each([
    ['call me', { rule: 'phoneNotDigits' }],
    ['12ab5678', { rule: 'phoneNotDigits' }],
    ['123', { rule: 'phoneNotDigits' }],
    ['   ', { rule: 'phoneRequired' }],
  ])('refuses the phone %j', async (phone, message) => {
    const product = await world.addProduct();
    const result = await order(product.id, { phone });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { phone: message } } });
    expect(await stockOf(product.id)).toBe(500);
  });

  it('refuses an empty or overlong address', async () => {
    const product = await world.addProduct();
    expect(await order(product.id, { address: '  ' })).toMatchObject({ error: { fields: { address: { rule: 'addressRequired' } } } });
    expect(await order(product.id, { address: 'x'.repeat(501) })).toMatchObject({ error: { fields: { address: { rule: 'tooLong', max: 500 } } } });
  });

  it('reports every bad field at once', async () => {
    const product = await world.addProduct();
    const result = await order(product.id, { quantity: 5, phone: 'nope', address: '' });
    expect(result).toMatchObject({
      ok: false,
      error: { fields: { 'lines.0.quantity': { rule: 'orderLines', failure: { code: 'BELOW_MINIMUM', minimum: 100 } }, phone: { rule: 'phoneNotDigits' }, address: { rule: 'addressRequired' } } },
    });
  });
});

describe('placeOrder: idempotency key', () => {
  it('returns the same order for a retry and reserves the stock once', async () => {
    const product = await world.addProduct({ stock: 500 });
    const first = await order(product.id, { idempotencyKey: 'retry-1' });
    const second = await order(product.id, { idempotencyKey: 'retry-1' });
    expect(first.ok && second.ok).toBe(true);
    expect(second.ok && second.value.id).toBe(first.ok && first.value.id);
    expect(await stockOf(product.id)).toBe(400);
    expect((await world.store.orders.listByUser(buyer.id, { limit: 100 })).items).toHaveLength(1);
  });

  it('refuses the same key for a different request', async () => {
    const product = await world.addProduct({ stock: 500 });
    await order(product.id, { idempotencyKey: 'retry-2' });
    const reused = await order(product.id, { idempotencyKey: 'retry-2', quantity: 150 });
    expect(reused).toEqual({ ok: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await stockOf(product.id)).toBe(400);
  });

  it('refuses the same key with another phone or address, and accepts the same ones written differently', async () => {
    const product = await world.addProduct({ stock: 500 });
    const first = await order(product.id, { idempotencyKey: 'retry-3', phone: '5550102030', address: '1 Main St' });
    const otherPhone = await order(product.id, { idempotencyKey: 'retry-3', phone: '5550109999', address: '1 Main St' });
    const otherAddress = await order(product.id, { idempotencyKey: 'retry-3', phone: '5550102030', address: '9 Elm St' });
    const sameAgain = await order(product.id, { idempotencyKey: 'retry-3', phone: '5550102030', address: '  1 Main St ' });
    expect(otherPhone).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(otherAddress).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(sameAgain.ok && sameAgain.value.id).toBe(first.ok && first.value.id);
    expect(await stockOf(product.id)).toBe(400);
  });

  it('keeps keys per buyer: another buyer with the same key gets their own order', async () => {
    const product = await world.addProduct({ stock: 500 });
    const other = await world.addUser();
    const mine = await order(product.id, { idempotencyKey: 'shared' });
    const theirs = await placeOrder(deps(), { buyer: other, lines: [{ productId: product.id, quantity: 100 }], phone: '5550102030', address: 'A', idempotencyKey: 'shared' });
    expect(theirs.ok && theirs.value.userId).toBe(other.id);
    expect(theirs.ok && theirs.value.id).not.toBe(mine.ok && mine.value.id);
    expect(await stockOf(product.id)).toBe(300);
  });

  it('without a key, two identical requests are two orders', async () => {
    const product = await world.addProduct({ stock: 500 });
    await order(product.id);
    await order(product.id);
    expect((await world.store.orders.listByUser(buyer.id, { limit: 100 })).items).toHaveLength(2);
  });
});

describe('placeOrder and the product terms', () => {
  it('charges the volume price of the tier the quantity reaches and refuses a quantity below the minimum or not in whole packs', async () => {
    const world = createWorld(createMemoryStorage().repositories);
    const buyer = await world.addUser();
    const product = await world.store.products.create({
      id: 'terms', name: 'Hex nut M8', description: 'A2', imageUrl: '/x.png', priceCents: 20, stock: 10_000,
      createdAt: world.clock.now(), minOrderQuantity: 500, packSize: 50,
      priceTiers: [{ minQuantity: 1_000, unitPriceCents: 15 }, { minQuantity: 5_000, unitPriceCents: 12 }],
    });
    if (product === 'duplicate-sku') throw new Error('arrange');
    const order = (quantity: number) => placeOrder({ ...world.deps, payments }, { buyer, lines: [{ productId: 'terms', quantity }], phone: '5550100200', address: 'Dock 4' });
    expect(await order(1_000)).toMatchObject({ ok: true, value: { totalCents: 15_000, lines: [{ unitPriceCents: 15 }] } });
    expect(await order(950)).toMatchObject({ ok: true, value: { totalCents: 19_000, lines: [{ unitPriceCents: 20 }] } });
    expect(await order(5_000)).toMatchObject({ ok: true, value: { lines: [{ unitPriceCents: 12 }] } });
    expect(await order(450)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { 'lines.0.quantity': { rule: 'orderLines', failure: { code: 'BELOW_MINIMUM', minimum: 500 } } } } });
    expect(await order(525)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { 'lines.0.quantity': { rule: 'orderLines', failure: { code: 'NOT_A_PACK_MULTIPLE', packSize: 50 } } } } });
  });
});

describe('placeOrder: many lines', () => {
  it('prices each line from its own tiers, totals the order and numbers it', async () => {
    const nut = await world.addProduct({ priceCents: 20, stock: 5_000, priceTiers: [{ minQuantity: 1_000, unitPriceCents: 15 }] });
    const bolt = await world.addProduct({ priceCents: 90, stock: 5_000 });
    const placed = await order(nut.id, { lines: [{ productId: nut.id, quantity: 1_000 }, { productId: bolt.id, quantity: 200 }], poNumber: ' PO-77 ', note: 'Gate 3' });
    expect(placed).toMatchObject({ ok: true, value: { itemCount: 1_200, totalCents: 15_000 + 18_000, poNumber: 'PO-77', note: 'Gate 3' } });
    expect(lineOf(placed, 0)).toMatchObject({ productId: nut.id, unitPriceCents: 15, lineTotalCents: 15_000 });
    expect(lineOf(placed, 1)).toMatchObject({ productId: bolt.id, unitPriceCents: 90, lineTotalCents: 18_000 });
    const next = await order(bolt.id);
    expect(next.ok && next.value.number).toBe(`BH-${world.clock.now().getUTCFullYear()}-000002`);
  });

  it('reserves all lines or none: a short line is named with what is available, and nothing moves', async () => {
    const a = await world.addProduct({ stock: 1_000 });
    const b = await world.addProduct({ stock: 150 });
    const c = await world.addProduct({ stock: 120 });
    const result = await order(a.id, { lines: [{ productId: a.id, quantity: 500 }, { productId: b.id, quantity: 200 }, { productId: c.id, quantity: 300 }] });
    expect(result).toEqual({
      ok: false,
      error: { code: 'INSUFFICIENT_STOCK', fields: { 'lines.1.quantity': { rule: 'orderLines', failure: { code: 'ABOVE_STOCK', available: 150 } }, 'lines.2.quantity': { rule: 'orderLines', failure: { code: 'ABOVE_STOCK', available: 120 } } } },
    });
    expect([await stockOf(a.id), await stockOf(b.id), await stockOf(c.id)]).toEqual([1_000, 150, 120]);
    expect(await world.store.orders.count({})).toBe(0);
  });

  it('refuses the same product twice and an empty order', async () => {
    const a = await world.addProduct();
    expect(await order(a.id, { lines: [{ productId: a.id, quantity: 100 }, { productId: a.id, quantity: 200 }] })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { 'lines.1.productId': { rule: 'orderLines', failure: { code: 'DUPLICATE_PRODUCT', firstIndex: 0 } } } },
    });
    expect(await order(a.id, { lines: [] })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { lines: { rule: 'orderLines', failure: { code: 'NO_LINES' } } } } });
    expect(await stockOf(a.id)).toBe(500);
  });

  it('deleting the unpaid order returns every line to the shelf', async () => {
    const a = await world.addProduct({ stock: 1_000 });
    const b = await world.addProduct({ stock: 1_000 });
    const placed = await order(a.id, { lines: [{ productId: a.id, quantity: 300 }, { productId: b.id, quantity: 400 }] });
    if (!placed.ok) throw new Error('arrange');
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([700, 600]);
    expect(await world.store.orders.deleteUnpaidReturningStock(placed.value.id)).toBe(true);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([1_000, 1_000]);
  });
});
