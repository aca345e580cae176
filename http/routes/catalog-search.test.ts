import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStorage } from '#adapters/storage/sqlite/sqlite-store.ts';
import { messages } from '#http/messages.ts';
import { addProduct, createTestApp, signUpAdmin } from '../test-support.ts';

/**
 * The catalogue's search parameters, product terms and categories refuse bad values with a field
 * message, and never with a 500 (docs/catalogue.md, "Catalogue").
 */
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
      ['exact=1', { exact: messages.exactInvalid }],
      [`q=${'bolt '.repeat(400)}`, { q: messages.searchTooLong(200) }],
      ['maxPriceCents=-1', { maxPriceCents: messages.priceFilterInvalid }],
      ['minPriceCents=1e3', { minPriceCents: messages.priceFilterInvalid }],
      [`q=${encodeURIComponent('🔩'.repeat(1_000))}`, { q: messages.searchTooLong(200) }],
      ['category=no-such-department', { category: messages.categoryNotFound }],
      [`brand=${'B'.repeat(61)}`, { brand: messages.tooLong(60) }],
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

  // The memory store above has no full-text engine: SQLite's FTS5 is where MATCH syntax could break.
  it('reads full-text syntax as words on SQLite too, in the list and the typeahead', async () => {
    const { store, call } = createTestApp({ storage: openSqliteStorage(join(mkdtempSync(join(tmpdir(), 'bulkhead-search-')), 'bulkhead.db')) });
    await addProduct(store, { sku: 'NUT-M8-A2', name: 'Hex nut M8 A2 stainless' });
    for (const q of ['"M8" NEAR(nut) *-()', 'NEAR(M8 nut, 2)', 'nut*', '-', '*', '()', '"', 'M8 OR', '🔩']) {
      const list = await call('GET', `/api/products?q=${encodeURIComponent(q)}`);
      expect(list.status, q).toBe(200);
      expect(typeof list.json.total, q).toBe('number');
      const suggestions = await call('GET', `/api/products/suggest?q=${encodeURIComponent(q)}`);
      expect(suggestions.status, q).toBe(200);
      expect(Array.isArray(suggestions.json), q).toBe(true);
    }
    // The words inside the syntax still find the part (every word must match, so not NEAR's).
    expect((await call('GET', `/api/products?q=${encodeURIComponent('"M8" (nut*) -')}`)).json.items.map((p: { sku: string }) => p.sku)).toEqual(['NUT-M8-A2']);
  });
});

describe('GET /api/products/suggest and /:id/quantity-advice: bad values', () => {
  it('refuses a missing, repeated or over-long q under q', async () => {
    const { call } = createTestApp();
    const refusals: [query: string, message: string][] = [
      ['', messages.fieldRequired],
      ['q=nut&q=bolt', messages.invalidInput],
      [`q=${'n'.repeat(201)}`, messages.searchTooLong(200)],
      [`q=${encodeURIComponent('🔩'.repeat(1_000))}`, messages.searchTooLong(200)],
    ];
    for (const [query, message] of refusals) {
      const reply = await call('GET', `/api/products/suggest?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json.error.fields, query).toEqual({ q: message });
    }
    expect((await call('GET', '/api/products/suggest?q=')).json).toEqual([]);
  });

  it('refuses a quantity that is not a whole number of units under quantity', async () => {
    const { store, call } = createTestApp();
    const product = await addProduct(store);
    for (const query of ['', 'quantity=', 'quantity=-1', 'quantity=1.5', 'quantity=abc', 'quantity=1e3', 'quantity=9999999999', 'quantity=100&quantity=200']) {
      const reply = await call('GET', `/api/products/${product.id}/quantity-advice?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json.error.fields, query).toEqual({ quantity: messages.quantityAdviceInvalid });
    }
    // Too few is advice, not a refusal.
    const zero = await call('GET', `/api/products/${product.id}/quantity-advice?quantity=0`);
    expect(zero.status).toBe(200);
    expect(zero.json).toMatchObject({ valid: false, problems: ['BELOW_MINIMUM'] });
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

  it('refuses letters that only upper-case into A–Z, an unknown category and a spec listed twice', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const post = (body: object) => context.call('POST', '/api/products', { token: admin.token, body: { ...product, ...body } });
    const refusals: [body: object, fields: Record<string, string>][] = [
      [{ sku: 'straße' }, { sku: messages.skuCharacters }],
      [{ sku: 'ıd-1' }, { sku: messages.skuCharacters }],
      [{ categoryId: 'no-such-category' }, { categoryId: messages.categoryNotFound }],
      [{ attributes: [{ name: 'Thread', value: 'M8' }, { name: 'THREAD', value: 'M10' }] }, { 'attributes.1.name': messages.duplicateAttribute('THREAD') }],
    ];
    for (const [body, fields] of refusals) {
      const reply = await post(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await context.store.products.count()).toBe(0);
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

describe('PATCH /api/products/:id: part numbers and terms', () => {
  it('stores a lower-case SKU upper-case, refuses one with spaces, and another product\'s in any case with 409', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const nut = await addProduct(context.store, { sku: 'NUT-M8' });
    await addProduct(context.store, { sku: 'BOLT-M8' });
    const patch = (body: object) => context.call('PATCH', `/api/products/${nut.id}`, { token: admin.token, body });
    const renamed = await patch({ sku: 'nut-m8-a2' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.sku).toBe('NUT-M8-A2');
    const spaced = await patch({ sku: 'm8 nut' });
    expect(spaced.status).toBe(400);
    expect(spaced.json.error.fields).toEqual({ sku: messages.skuCharacters });
    const taken = await patch({ sku: 'bolt-m8' });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toMatchObject({ code: 'SKU_TAKEN', fields: { sku: messages.skuTaken('BOLT-M8') } });
    expect((await context.store.products.findById(nut.id))?.sku).toBe('NUT-M8-A2');
  });

  it('checks a change against the terms the product keeps: pack size against its minimum, price against its tiers', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const nut = await addProduct(context.store, { priceCents: 1_250, minOrderQuantity: 100, packSize: 1, priceTiers: [{ minQuantity: 500, unitPriceCents: 1_000 }] });
    const patch = (body: object) => context.call('PATCH', `/api/products/${nut.id}`, { token: admin.token, body });
    const refusals: [body: object, fields: Record<string, string>][] = [
      [{ packSize: 30 }, { minOrderQuantity: messages.notPackMultiple(30) }],
      [{ minOrderQuantity: 99 }, { minOrderQuantity: messages.atLeast(100) }],
      [{ priceCents: 900 }, { 'priceTiers.0.unitPriceCents': messages.tierPriceNotBelowBase('$9.00') }],
      [{ priceTiers: [{ minQuantity: 500, unitPriceCents: 1_000 }, { minQuantity: 200, unitPriceCents: 900 }] }, { 'priceTiers.1.minQuantity': messages.tierNotRising(500) }],
      [{ categoryId: 'no-such-category' }, { categoryId: messages.categoryNotFound }],
    ];
    for (const [body, fields] of refusals) {
      const reply = await patch(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.error.fields, JSON.stringify(body)).toMatchObject(fields);
    }
    expect(await context.store.products.findById(nut.id)).toEqual(nut);
  });
});

describe('/api/admin/categories: bad values', () => {
  it('refuses a blank or long name, a bad slug, an unknown or too deep parent, a taken slug (409) and deleting a department in use (409)', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const send = (method: string, path: string, body?: object) => context.call(method, path, { token: admin.token, ...(body ? { body } : {}) });
    const department = (await send('POST', '/api/admin/categories', { name: 'Fasteners' })).json;
    const category = (await send('POST', '/api/admin/categories', { name: 'Nuts', parentId: department.id })).json;
    const refusals: [method: string, path: string, body: object, fields: Record<string, string>][] = [
      ['POST', '/api/admin/categories', { name: ' ', slug: 'blank' }, { name: messages.categoryNameRequired }],
      // The slug made from a blank name is not a second problem to report.
      ['POST', '/api/admin/categories', { name: ' ' }, { name: messages.categoryNameRequired }],
      ['POST', '/api/admin/categories', { name: 'N'.repeat(61) }, { name: messages.tooLong(60) }],
      ['POST', '/api/admin/categories', { name: 'Bolts', slug: 'bolts and screws' }, { slug: messages.slugInvalid }],
      ['POST', '/api/admin/categories', { name: 'Bolts', slug: '-bolts' }, { slug: messages.slugInvalid }],
      ['POST', '/api/admin/categories', { name: '🔩🔩' }, { slug: messages.slugInvalid }],
      ['POST', '/api/admin/categories', { name: 'Bolts', parentId: 'no-such-category' }, { parentId: messages.categoryNotFound }],
      ['POST', '/api/admin/categories', { name: 'M8 nuts', parentId: category.id }, { parentId: messages.categoryTooDeep }],
      ['PATCH', `/api/admin/categories/${department.id}`, { parentId: category.id }, { parentId: messages.categoryTooDeep }],
      ['PATCH', `/api/admin/categories/${category.id}`, { slug: '' }, { slug: messages.slugInvalid }],
    ];
    for (const [method, path, body, fields] of refusals) {
      const reply = await send(method, path, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    const taken = await send('PATCH', `/api/admin/categories/${category.id}`, { slug: 'Fasteners' });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toMatchObject({ code: 'SLUG_TAKEN', fields: { slug: messages.slugTaken('fasteners') } });
    const inUse = await send('DELETE', `/api/admin/categories/${department.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.json.error).toMatchObject({ code: 'CATEGORY_IN_USE', message: messages.categoryHasChildren });
    expect((await context.store.categories.listAll()).map((node) => node.slug).sort()).toEqual(['fasteners', 'nuts']);
  });
});
