import { beforeEach, describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import type { Product } from '../catalog/product.ts';
import { quantityAdviceFor } from '../catalog/quantity-advice-for.ts';
import type { User } from '../identity/user.ts';
import { viewCart } from '../ordering/cart.ts';
import { placeOrder } from '../ordering/place-order.ts';
import { resolvePastedList } from '../ordering/resolve-pasted-list.ts';
import type { PaymentGateway } from '../ordering/payment-gateway.ts';
import { createWorld, type World } from '../testing/world.ts';
import { companyPricedTerms, companyUnitPrice, yourPriceOf, type CompanyPriceTerms } from './company-prices.ts';

const terms = (discountPercent: number, contract: Record<string, number> = {}): CompanyPriceTerms => ({
  companyId: 'c1',
  discountPercent,
  contractPrices: new Map(Object.entries(contract)),
});

describe('the company price rule', () => {
  it('takes the discount off the list or tier price, rounded to the cent', () => {
    expect(companyUnitPrice(1_000, 'p', terms(10))).toBe(900);
    expect(companyUnitPrice(333, 'p', terms(15))).toBe(283); // 283.05
    expect(companyUnitPrice(1_000, 'p', null)).toBe(1_000);
  });

  it('takes the contract price when it is lower than the discounted price, and only then', () => {
    expect(companyUnitPrice(1_000, 'p', terms(10, { p: 800 }))).toBe(800);
    expect(companyUnitPrice(1_000, 'p', terms(10, { p: 950 }))).toBe(900);
    expect(companyUnitPrice(1_000, 'q', terms(0, { p: 1 }))).toBe(1_000);
  });

  it('prices the regular price and every tier, keeping only tiers that still lower the price', () => {
    const product = { priceCents: 1_000, priceTiers: [{ minQuantity: 500, unitPriceCents: 900 }, { minQuantity: 1_000, unitPriceCents: 700 }] };
    expect(companyPricedTerms(product, 'p', terms(10))).toEqual({ priceCents: 900, priceTiers: [{ minQuantity: 500, unitPriceCents: 810 }, { minQuantity: 1_000, unitPriceCents: 630 }] });
    // A contract price of 800: the first tier (810) no longer lowers it, the second (630) still does.
    expect(companyPricedTerms(product, 'p', terms(10, { p: 800 }))).toEqual({ priceCents: 800, priceTiers: [{ minQuantity: 1_000, unitPriceCents: 630 }] });
    expect(companyPricedTerms(product, 'p', null)).toBe(product);
    expect(yourPriceOf({ id: 'p', ...product }, terms(0, { p: 500 }))).toEqual({ unitPriceCents: 500, tiers: [] });
  });

  it('drops a tier a discount rounds to the same cents as the one below it', () => {
    const product = { priceCents: 5, priceTiers: [{ minQuantity: 200, unitPriceCents: 4 }, { minQuantity: 300, unitPriceCents: 3 }] };
    // 40% off: 5 → 3, 4 → 2 (2.4), 3 → 2 (1.8): the third would not lower the second.
    expect(companyPricedTerms(product, 'p', terms(40)).priceTiers).toEqual([{ minQuantity: 200, unitPriceCents: 2 }]);
  });
});

describe('where a member pays their price', () => {
  let world: World;
  let payments: PaymentGateway;
  let member: User;
  let stranger: User;
  let product: Product;

  beforeEach(async () => {
    const storage = createMemoryStorage();
    world = createWorld(storage.repositories);
    payments = createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => world.clock.now() });
    member = await world.addUser({ name: 'Mia Member' });
    stranger = await world.addUser({ name: 'Sam Stranger' });
    product = await world.addProduct({ priceCents: 1_000, stock: 5_000, priceTiers: [{ minQuantity: 500, unitPriceCents: 900 }] });
    const now = world.clock.now();
    const company = { id: 'co-1', name: 'Acme Builders', taxId: null, approvalThresholdCents: null, discountPercent: 10, createdAt: now };
    const created = await world.store.companies.create(company, { companyId: 'co-1', userId: member.id, role: 'manager', monthlyLimitCents: null, joinedAt: now });
    expect(created.ok).toBe(true);
  });

  it('quantity advice: the member gets their price with the list price beside it; a stranger the list price alone', async () => {
    const mine = await quantityAdviceFor(world.deps, { productId: product.id, quantity: 100, buyerId: member.id });
    expect(mine.ok && mine.value).toMatchObject({ unitPriceCents: 900, listUnitPriceCents: 1_000, lineTotalCents: 90_000, nextBreak: { minQuantity: 500, unitPriceCents: 810 } });
    const theirs = await quantityAdviceFor(world.deps, { productId: product.id, quantity: 100, buyerId: stranger.id });
    expect(theirs.ok && theirs.value).toMatchObject({ unitPriceCents: 1_000, lineTotalCents: 100_000 });
    expect(theirs.ok && 'listUnitPriceCents' in theirs.value).toBe(false);
    const visitor = await quantityAdviceFor(world.deps, { productId: product.id, quantity: 100 });
    expect(visitor.ok && visitor.value.unitPriceCents).toBe(1_000);
  });

  it('a contract price wins over the discounted tier when lower, and replacing the list takes effect at once', async () => {
    expect((await world.store.companyPrices.replacePrices('co-1', [{ productId: product.id, unitPriceCents: 750 }])).ok).toBe(true);
    const advice = await quantityAdviceFor(world.deps, { productId: product.id, quantity: 500, buyerId: member.id });
    expect(advice.ok && advice.value).toMatchObject({ unitPriceCents: 750, listUnitPriceCents: 900 });
    await world.store.companyPrices.replacePrices('co-1', []);
    const after = await quantityAdviceFor(world.deps, { productId: product.id, quantity: 500, buyerId: member.id });
    expect(after.ok && after.value.unitPriceCents).toBe(810);
  });

  it('cart: the member\'s lines and total are at their price, the list price beside; a stranger\'s at list', async () => {
    await world.store.carts.replace(member.id, [{ productId: product.id, quantity: 200 }]);
    await world.store.carts.replace(stranger.id, [{ productId: product.id, quantity: 200 }]);
    const mine = await viewCart(world.deps, { userId: member.id });
    expect(mine.lines[0]).toMatchObject({ unitPriceCents: 900, listUnitPriceCents: 1_000, lineTotalCents: 180_000, priceTiers: [{ minQuantity: 500, unitPriceCents: 810 }] });
    expect(mine.totalCents).toBe(180_000);
    const theirs = await viewCart(world.deps, { userId: stranger.id });
    expect(theirs.lines[0]).toMatchObject({ unitPriceCents: 1_000, lineTotalCents: 200_000 });
    expect(theirs.lines[0]).not.toHaveProperty('listUnitPriceCents');
  });

  it('order placing: the member\'s order keeps the price they paid; a stranger pays list', async () => {
    const place = (buyer: User, quantity: number) =>
      placeOrder({ ...world.deps, payments }, { buyer, lines: [{ productId: product.id, quantity }], phone: '555 010 2030', address: '1 Dock Road, Leeds' });
    const mine = await place(member, 500);
    expect(mine.ok && mine.value.lines[0]).toMatchObject({ unitPriceCents: 810, lineTotalCents: 405_000 });
    expect(mine.ok && mine.value.totalCents).toBe(405_000);
    const theirs = await place(stranger, 500);
    expect(theirs.ok && theirs.value.lines[0]).toMatchObject({ unitPriceCents: 900, lineTotalCents: 450_000 });
    // The price paid stays on the order when the company's terms change afterwards.
    await world.store.companies.update('co-1', { discountPercent: 0 });
    const stored = mine.ok ? await world.store.orders.findById(mine.value.id) : null;
    expect(stored?.lines[0]?.unitPriceCents).toBe(810);
  });

  it('quick order: the next price break is advised at the member\'s price', async () => {
    const rows = await resolvePastedList(world.deps, { text: `${product.sku}\t490`, buyerId: member.id });
    expect(rows.ok && rows.value[0]).toMatchObject({ status: 'ok', advised: { code: 'NEXT_BREAK', unitPriceCents: 810 } });
    const visitor = await resolvePastedList(world.deps, { text: `${product.sku}\t490` });
    expect(visitor.ok && visitor.value[0]).toMatchObject({ status: 'ok', advised: { code: 'NEXT_BREAK', unitPriceCents: 900 } });
  });
});
