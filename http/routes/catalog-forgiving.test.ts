import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStorage } from '#adapters/storage/sqlite/sqlite-store.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { messages } from '../messages.ts';
import { addProduct, createTestApp } from '../test-support.ts';

/**
 * Search that forgives (docs/catalogue.md, "Search that forgives"): typos corrected and said so, part numbers found
 * however they are typed, in the catalogue, the typeahead and quick order; on memory and on a
 * SQLite file (its FTS5 vocabulary read through the catalogue version).
 */
const stores = [
  ['memory', () => createMemoryStorage()],
  ['sqlite', () => openSqliteStorage(join(mkdtempSync(join(tmpdir(), 'bulkhead-forgiving-')), 'shop.db'))],
] as const;

describe.each(stores)('search that forgives (%s)', (_, storage) => {
  const arrange = async () => {
    const app = createTestApp({ storage: storage() });
    await addProduct(app.store, { sku: 'FW-M8-ZN', name: 'Flat washer M8 zinc', description: 'DIN 125.' });
    await addProduct(app.store, { sku: 'FB-M8-40-A2', name: 'Flange bolt M8 x 40 stainless', description: 'DIN 6921.' });
    await addProduct(app.store, { sku: 'HN-M8-A2', name: 'Hex nut M8 stainless', description: 'DIN 934, 500 a box.' });
    return app;
  };
  const skus = (items: { sku: string }[]) => items.map((item) => item.sku);

  it('finds "wahser" as washer, says so, and searches the words as typed with exact=true', async () => {
    const { call } = await arrange();
    const corrected = await call('GET', '/api/products?q=wahser');
    expect(corrected.status).toBe(200);
    expect(skus(corrected.json.items)).toEqual(['FW-M8-ZN']);
    expect(corrected.json).toMatchObject({ total: 1, correctedQuery: 'washer' });
    const exact = await call('GET', '/api/products?q=wahser&exact=true');
    expect(exact.json).toMatchObject({ items: [], total: 0 });
    expect(exact.json).not.toHaveProperty('correctedQuery');
    // Found as typed: nothing to say, the answer keeps its shape.
    const typed = await call('GET', '/api/products?q=washer');
    expect(skus(typed.json.items)).toEqual(['FW-M8-ZN']);
    expect(typed.json).not.toHaveProperty('correctedQuery');
    // Two mistakes in a long word; none corrected in a short one.
    expect(skus((await call('GET', '/api/products?q=stianlesss')).json.items)).toEqual(['FB-M8-40-A2', 'HN-M8-A2']);
    expect((await call('GET', '/api/products?q=nutt')).json.total).toBe(0);
  });

  it('quick order resolves a part number typed without its last parts when one SKU starts with it', async () => {
    const { call } = await arrange();
    const answer = await call('POST', '/api/cart/resolve', { body: { text: 'fbm840, 200\nFB-M8, 100' } });
    expect(answer.json.rows.map((row: { sku: string; status: string; didYouMean: string[] }) => [row.sku, row.status])).toEqual([
      ['FB-M8-40-A2', 'ok'],
      ['FB-M8-40-A2', 'duplicate'],
    ]);
  });

  it('finds a part number however it is typed, in the search and the typeahead', async () => {
    const { call } = await arrange();
    for (const q of ['fbm840', 'FB M8 40', 'fb-m8-40']) {
      expect(skus((await call('GET', `/api/products?q=${encodeURIComponent(q)}`)).json.items), q).toEqual(['FB-M8-40-A2']);
      expect(skus((await call('GET', `/api/products/suggest?q=${encodeURIComponent(q)}`)).json), q).toEqual(['FB-M8-40-A2']);
    }
  });

  it('quick order resolves a SKU typed any way and a pasted name one product matches; offers choices otherwise', async () => {
    const { call } = await arrange();
    const answer = await call('POST', '/api/cart/resolve', { body: { text: 'fbm840a2, 200\nM8 hex nut stainless, 500\nstainless M8, 300\nFW M8 ZN 1 000\nhnm8, 100' } });
    expect(answer.status).toBe(200);
    expect(answer.json.rows.map((row: { sku: string; status: string; didYouMean: string[] }) => [row.sku, row.status, row.didYouMean])).toEqual([
      ['FB-M8-40-A2', 'ok', []],
      ['HN-M8-A2', 'ok', []],
      ['STAINLESS M8', 'unknown-sku', ['FB-M8-40-A2', 'HN-M8-A2']],
      ['FW-M8-ZN', 'ok', []],
      // The start of one part number only, typed without its dashes.
      ['HN-M8-A2', 'duplicate', []],
    ]);
    expect(answer.json.rows[2].message).toBe(messages.rowSeveralMatch('STAINLESS M8'));
  });
});
