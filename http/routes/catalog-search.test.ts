import { describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import { addProduct, createTestApp, signUpAdmin } from '../test-support.ts';

/** The catalogue's search parameters and product terms refuse bad values with a field message (README.md, "Catalogue"). */
describe('GET /api/products: search parameters', () => {
  it('refuses an unknown sort, bad or reversed prices, a bad inStock and an over-long query, each under its field', async () => {
    const { call } = createTestApp();
    const refusals: [query: string, fields: Record<string, string>][] = [
      ['sort=cheapest', { sort: messages.sortUnknown }],
      ['minPriceCents=-1', { minPriceCents: messages.priceFilterInvalid }],
      ['maxPriceCents=abc', { maxPriceCents: messages.priceFilterInvalid }],
      ['minPriceCents=1.5', { minPriceCents: messages.priceFilterInvalid }],
      ['minPriceCents=500&maxPriceCents=100', { minPriceCents: messages.priceRangeReversed }],
      ['inStock=yes', { inStock: messages.inStockInvalid }],
      [`q=${'bolt '.repeat(400)}`, { q: messages.searchTooLong(200) }],
    ];
    for (const [query, fields] of refusals) {
      const reply = await call('GET', `/api/products?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json.error.fields, query).toEqual(fields);
    }
  });

  it('reads full-text syntax and emoji in q as plain words: a normal answer, never an error', async () => {
    const { store, call } = createTestApp();
    await addProduct(store, { sku: 'NUT-M8-A2', name: 'Hex nut M8 A2 stainless' });
    for (const q of ['"M8" NEAR(nut)', 'nut*', '-stainless nut', '(hex OR nut)', 'hex AND', '🔩 nut', "nut' OR 1=1 --", 'NOT', '^hex', '"']) {
      const reply = await call('GET', `/api/products?q=${encodeURIComponent(q)}`);
      expect(reply.status, q).toBe(200);
      expect(Array.isArray(reply.json.items), q).toBe(true);
    }
    expect((await call('GET', `/api/products?q=${encodeURIComponent('nut* M8')}`)).json.items.map((p: { sku: string }) => p.sku)).toEqual(['NUT-M8-A2']);
    expect((await call('GET', `/api/products/suggest?q=${encodeURIComponent('"hex" NEAR(')}`)).status).toBe(200);
  });
});

describe('POST /api/products: part numbers and terms', () => {
  const product = { name: 'Hex nut M8', description: 'A2 stainless', imageUrl: '/demo/products/wrench.svg', priceCents: 40, stock: 5_000 };

  it('stores a lower-case SKU upper-case, refuses one with spaces, and a taken one with 409 SKU_TAKEN', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const post = (body: object) => context.call('POST', '/api/products', { token: admin.token, body: { ...product, ...body } });
    const created = await post({ sku: 'm8-nut-a2' });
    expect(created.status).toBe(201);
    expect(created.json.sku).toBe('M8-NUT-A2');
    const spaced = await post({ sku: 'M8 NUT' });
    expect(spaced.status).toBe(400);
    expect(spaced.json.error.fields).toEqual({ sku: messages.skuCharacters });
    const taken = await post({ sku: 'M8-nut-A2' });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toEqual({ code: 'SKU_TAKEN', message: messages.skuTaken('M8-NUT-A2'), fields: { sku: messages.skuTaken('M8-NUT-A2') } });
    expect(await context.store.products.count()).toBe(1);
  });

  it('refuses a minimum below 100 or not a whole number of packs, and volume prices out of order', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const post = (body: object) => context.call('POST', '/api/products', { token: admin.token, body: { ...product, ...body } });
    const refusals: [body: object, field: string, message: string][] = [
      [{ minOrderQuantity: 50 }, 'minOrderQuantity', messages.atLeast(100)],
      [{ minOrderQuantity: 150, packSize: 100 }, 'minOrderQuantity', messages.notPackMultiple(100)],
      [{ priceTiers: [{ minQuantity: 1_000, unitPriceCents: 30 }, { minQuantity: 500, unitPriceCents: 20 }] }, 'priceTiers.1.minQuantity', messages.tierNotRising(1_000)],
      [{ priceTiers: [{ minQuantity: 500, unitPriceCents: 30 }, { minQuantity: 1_000, unitPriceCents: 35 }] }, 'priceTiers.1.unitPriceCents', messages.tierPriceNotFalling('$0.30')],
      [{ priceTiers: [{ minQuantity: 500, unitPriceCents: 45 }] }, 'priceTiers.0.unitPriceCents', messages.tierPriceNotBelowBase('$0.40')],
    ];
    for (const [body, field, message] of refusals) {
      const reply = await post(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.error.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await context.store.products.count()).toBe(0);
  });
});
