import { describe, expect, it } from 'vitest';
import { messages } from '#http/messages.ts';
import { addProduct, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

/** A shop with an admin, a company whose manager is `member`, a stranger, and a bolt at $10.00 (tier $9.00 from 500). */
const arrange = async () => {
  const context = createTestApp();
  const admin = await signUpAdmin(context);
  const member = await context.signUp({ name: 'Mia Member' });
  const stranger = await context.signUp({ name: 'Sam Stranger' });
  const bolt = await addProduct(context.store, { sku: 'CP-BOLT', name: 'Bolt', priceCents: 1_000, stock: 10_000, priceTiers: [{ minQuantity: 500, unitPriceCents: 900 }] });
  const nut = await addProduct(context.store, { sku: 'CP-NUT', name: 'Nut', priceCents: 50, stock: 10_000 });
  const now = new Date();
  const companyId = 'co-acme';
  const created = await context.store.companies.create(
    { id: companyId, name: 'Acme Builders', taxId: null, approvalThresholdCents: null, discountPercent: 0, createdAt: now },
    { companyId, userId: member.user.id, role: 'manager', monthlyLimitCents: null, joinedAt: now },
  );
  expect(created.ok).toBe(true);
  return { context, admin, member, stranger, bolt, nut, companyId };
};

describe('the shop admin\'s company endpoints', () => {
  it('lists companies with their member count, and shows one with members, sites and spend', async () => {
    const { context, admin, member, companyId } = await arrange();
    const list = await context.call('GET', '/api/admin/companies?q=acme', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ items: [expect.objectContaining({ id: companyId, name: 'Acme Builders', discountPercent: 0, memberCount: 1 })], nextCursor: null });
    expect((await context.call('GET', '/api/admin/companies?q=nobody', { token: admin.token })).json.items).toEqual([]);
    const one = await context.call('GET', `/api/admin/companies/${companyId}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ company: { id: companyId, taxId: null }, members: [{ userId: member.user.id, role: 'manager', spentThisMonthCents: 0 }], addresses: [], spentThisMonthCents: 0 });
    expect((await context.call('GET', '/api/admin/companies/no-such', { token: admin.token })).status).toBe(404);
  });

  it('sets the discount (0–50, whole) with an audit entry, and refuses anything else changing nothing', async () => {
    const { context, admin, companyId } = await arrange();
    const set = await context.call('PATCH', `/api/admin/companies/${companyId}`, { token: admin.token, body: { discountPercent: 15 } });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ id: companyId, discountPercent: 15 });
    for (const discountPercent of [51, -1, 2.5]) {
      const refused = await context.call('PATCH', `/api/admin/companies/${companyId}`, { token: admin.token, body: { discountPercent } });
      expect(refused.status).toBe(400);
      expect(Object.keys(expectError(refused.json).fields ?? {})).toEqual(['discountPercent']);
    }
    expect((await context.store.companies.find(companyId))?.discountPercent).toBe(15);
    const audit = await context.call('GET', '/api/admin/audit?kind=company-discount-changed', { token: admin.token });
    expect(audit.json.items).toEqual([expect.objectContaining({ subjectId: companyId, before: { discountPercent: 0 }, after: { discountPercent: 15 } })]);
    expect((await context.call('PATCH', '/api/admin/companies/no-such', { token: admin.token, body: { discountPercent: 5 } })).status).toBe(404);
  });

  it('replaces the contract prices whole, refusing unknown products, repeats and prices under a cent by field', async () => {
    const { context, admin, bolt, nut, companyId } = await arrange();
    const put = await context.call('PUT', `/api/admin/companies/${companyId}/prices`, { token: admin.token, body: { prices: [{ productId: nut.id, unitPriceCents: 40 }, { productId: bolt.id, unitPriceCents: 800 }] } });
    expect(put.status).toBe(200);
    const expected = {
      items: [
        { productId: bolt.id, sku: 'CP-BOLT', name: 'Bolt', listPriceCents: 1_000, unitPriceCents: 800 },
        { productId: nut.id, sku: 'CP-NUT', name: 'Nut', listPriceCents: 50, unitPriceCents: 40 },
      ],
    };
    expect(put.json).toEqual(expected);
    expect((await context.call('GET', `/api/admin/companies/${companyId}/prices`, { token: admin.token })).json).toEqual(expected);

    const unknown = await context.call('PUT', `/api/admin/companies/${companyId}/prices`, { token: admin.token, body: { prices: [{ productId: bolt.id, unitPriceCents: 700 }, { productId: 'no-such', unitPriceCents: 5 }] } });
    expect(unknown.status).toBe(400);
    expect(expectError(unknown.json).fields).toEqual({ 'prices.1.productId': messages.productNotFound });
    const bad = await context.call('PUT', `/api/admin/companies/${companyId}/prices`, { token: admin.token, body: { prices: [{ productId: bolt.id, unitPriceCents: 0 }, { productId: bolt.id, unitPriceCents: 1.5 }] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(expectError(bad.json).fields ?? {}).sort()).toEqual(['prices.0.unitPriceCents', 'prices.1.productId', 'prices.1.unitPriceCents']);
    const tooMany = await context.call('PUT', `/api/admin/companies/${companyId}/prices`, { token: admin.token, body: { prices: Array.from({ length: 1_001 }, (_, index) => ({ productId: `p${index}`, unitPriceCents: 1 })) } });
    expect(tooMany.status).toBe(400);
    expect((await context.call('GET', `/api/admin/companies/${companyId}/prices`, { token: admin.token })).json).toEqual(expected);
    const audit = await context.call('GET', '/api/admin/audit?kind=company-prices-replaced', { token: admin.token });
    expect(audit.json.items).toHaveLength(1);
    expect(audit.json.items[0].after).toMatchObject({ count: 2 });
    expect((await context.call('PUT', '/api/admin/companies/no-such/prices', { token: admin.token, body: { prices: [] } })).status).toBe(404);
  });

  it('answers 401 to visitors and 403 to customers, members included, on every route', async () => {
    const { context, member, companyId } = await arrange();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/companies'],
      ['GET', `/api/admin/companies/${companyId}`],
      ['PATCH', `/api/admin/companies/${companyId}`, { discountPercent: 50 }],
      ['GET', `/api/admin/companies/${companyId}/prices`],
      ['PUT', `/api/admin/companies/${companyId}/prices`, { prices: [] }],
    ];
    for (const [method, path, body] of routes) {
      expect((await context.call(method, path, { body })).status).toBe(401);
      expect((await context.call(method, path, { token: member.token, body })).status).toBe(403);
    }
    expect((await context.store.companies.find(companyId))?.discountPercent).toBe(0);
  });
});

describe("a member's prices on the catalogue", () => {
  const priceTheCompany = async ({ context, admin, companyId, bolt }: Awaited<ReturnType<typeof arrange>>) => {
    await context.call('PATCH', `/api/admin/companies/${companyId}`, { token: admin.token, body: { discountPercent: 10 } });
    await context.call('PUT', `/api/admin/companies/${companyId}/prices`, { token: admin.token, body: { prices: [{ productId: bolt.id, unitPriceCents: 850 }] } });
  };

  it('adds yourPrice to a member\'s page and product, never to a visitor\'s or a stranger\'s, from the same cached answer', async () => {
    const shop = await arrange();
    const { context, member, stranger, bolt } = shop;
    await priceTheCompany(shop);
    const visitor = await context.call('GET', '/api/products?q=bolt');
    expect(visitor.json.items[0]).not.toHaveProperty('yourPrice');
    const mine = await context.call('GET', '/api/products?q=bolt', { cookie: member.token });
    expect(mine.status).toBe(200);
    // 10% off: $10.00 → $9.00, beaten by the contract's $8.50; the $9.00 tier → $8.10 still lowers it.
    expect(mine.json.items[0]).toMatchObject({ id: bolt.id, priceCents: 1_000, yourPrice: { unitPriceCents: 850, tiers: [{ minQuantity: 500, unitPriceCents: 810 }] } });
    expect({ ...mine.json.items[0], yourPrice: undefined }).toEqual({ ...visitor.json.items[0], yourPrice: undefined });
    expect(mine.headers.get('etag')).not.toBe(visitor.headers.get('etag'));
    const theirs = await context.call('GET', '/api/products?q=bolt', { token: stranger.token });
    expect(theirs.text).toBe(visitor.text);

    const product = await context.call('GET', `/api/products/${bolt.id}`, { token: member.token });
    expect(product.json.yourPrice).toEqual({ unitPriceCents: 850, tiers: [{ minQuantity: 500, unitPriceCents: 810 }] });
    expect((await context.call('GET', `/api/products/${bolt.id}`)).json).not.toHaveProperty('yourPrice');

    // The typeahead shows the regular price, so it carries the member's for it (no tiers).
    const suggested = await context.call('GET', '/api/products/suggest?q=bolt');
    expect(suggested.json[0]).toEqual({ id: bolt.id, sku: 'CP-BOLT', name: 'Bolt', imageUrl: bolt.imageUrl, priceCents: 1_000 });
    const mySuggestions = await context.call('GET', '/api/products/suggest?q=bolt', { token: member.token });
    expect(mySuggestions.json[0]).toEqual({ ...suggested.json[0], yourPrice: { unitPriceCents: 850 } });
    expect((await context.call('GET', '/api/products/suggest?q=bolt', { token: stranger.token })).text).toBe(suggested.text);
  });

  it("revalidates a member's page by its own entity tag, which moves when the company's prices do", async () => {
    const shop = await arrange();
    const { context, admin, member, companyId, bolt } = shop;
    await priceTheCompany(shop);
    const first = await context.call('GET', `/api/products/${bolt.id}`, { token: member.token });
    const etag = first.headers.get('etag')!;
    expect((await context.call('GET', `/api/products/${bolt.id}`, { token: member.token, headers: { 'if-none-match': etag } })).status).toBe(304);
    // A visitor's tag does not stand for the member's page: the full page comes back.
    const anonymous = (await context.call('GET', `/api/products/${bolt.id}`)).headers.get('etag')!;
    const full = await context.call('GET', `/api/products/${bolt.id}`, { token: member.token, headers: { 'if-none-match': anonymous } });
    expect(full.status).toBe(200);
    expect(full.json.yourPrice.unitPriceCents).toBe(850);

    await context.call('PUT', `/api/admin/companies/${companyId}/prices`, { token: admin.token, body: { prices: [] } });
    const after = await context.call('GET', `/api/products/${bolt.id}`, { token: member.token, headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.json.yourPrice.unitPriceCents).toBe(900);
  });

  it("keeps a member's priced page for the company, and answers anew when the store's prices, discount or catalogue move (as another instance would write them)", async () => {
    const shop = await arrange();
    const { context, member, companyId, bolt } = shop;
    await priceTheCompany(shop);
    const first = await context.call('GET', '/api/products?q=bolt', { token: member.token });
    expect((await context.call('GET', '/api/products?q=bolt', { token: member.token })).text).toBe(first.text);
    // Straight into the store, past this instance's routes: only the versions it reads tell it.
    await context.store.companyPrices.replacePrices(companyId, [{ productId: bolt.id, unitPriceCents: 700 }]);
    expect((await context.call('GET', '/api/products?q=bolt', { token: member.token })).json.items[0].yourPrice.unitPriceCents).toBe(700);
    await context.store.companies.update(companyId, { discountPercent: 40 });
    expect((await context.call('GET', '/api/products?q=bolt', { token: member.token })).json.items[0].yourPrice.unitPriceCents).toBe(600);
    await context.store.products.update(bolt.id, { priceCents: 900 }, new Date());
    const moved = await context.call('GET', '/api/products?q=bolt', { token: member.token });
    expect(moved.json.items[0]).toMatchObject({ priceCents: 900, yourPrice: { unitPriceCents: 540 } });
  });

  it('prices quantity advice, the cart and the order for the member, with the list price beside it', async () => {
    const shop = await arrange();
    const { context, member, stranger, bolt } = shop;
    await priceTheCompany(shop);
    const advice = await context.call('GET', `/api/products/${bolt.id}/quantity-advice?quantity=100`, { token: member.token });
    expect(advice.json).toMatchObject({ unitPriceCents: 850, listUnitPriceCents: 1_000, lineTotalCents: 85_000 });
    const visitorAdvice = await context.call('GET', `/api/products/${bolt.id}/quantity-advice?quantity=100`);
    expect(visitorAdvice.json).toMatchObject({ unitPriceCents: 1_000, lineTotalCents: 100_000 });
    expect(visitorAdvice.json).not.toHaveProperty('listUnitPriceCents');

    const cart = await context.call('PUT', '/api/cart', { token: member.token, body: { lines: [{ productId: bolt.id, quantity: 100 }] } });
    expect(cart.json.lines[0]).toMatchObject({ unitPriceCents: 850, listUnitPriceCents: 1_000, lineTotalCents: 85_000 });
    expect(cart.json.totalCents).toBe(85_000);

    const order = await context.call('POST', '/api/orders', { token: member.token, body: { lines: [{ productId: bolt.id, quantity: 100 }], phone: '555 010 2030', address: '1 Dock Road' } });
    expect(order.status).toBe(201);
    // The list price when ordered is kept beside the price paid, and read back with the order.
    expect(order.json.lines[0]).toMatchObject({ unitPriceCents: 850, listUnitPriceCents: 1_000, lineTotalCents: 85_000 });
    expect((await context.call('GET', `/api/orders/${order.json.id}`, { token: member.token })).json.lines[0]).toMatchObject({ unitPriceCents: 850, listUnitPriceCents: 1_000 });
    const theirs = await context.call('POST', '/api/orders', { token: stranger.token, body: { lines: [{ productId: bolt.id, quantity: 100 }], phone: '555 010 2030', address: '1 Dock Road' } });
    expect(theirs.json.lines[0]).toMatchObject({ unitPriceCents: 1_000, listUnitPriceCents: 1_000 });
  });
});
