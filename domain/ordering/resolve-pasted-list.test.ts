import { describe, expect, it } from 'vitest';
import { closestSkus, DID_YOU_MEAN_MAX_SKUS } from '../catalog/sku-did-you-mean.ts';
import { searchWords, wordsMatch } from '../catalog/search-terms.ts';
import { skuKey } from '../catalog/sku.ts';
import { MAX_NAME_LOOKUPS, resolvePastedList, resolveRows, type QuickOrderCatalog, type QuickOrderSearch, type ResolvePastedListPorts, type QuickOrderProduct } from './resolve-pasted-list.ts';

const part = (sku: string, terms: Omit<QuickOrderProduct, 'id' | 'sku' | 'name' | 'unit'>): QuickOrderProduct => ({
  id: `id-${sku.toLowerCase()}`,
  sku,
  name: `Part ${sku}`,
  unit: 'piece',
  ...terms,
});

const products = [
  part('M8-NUT-A2', { priceCents: 12, minOrderQuantity: 500, packSize: 100, priceTiers: [{ minQuantity: 2000, unitPriceCents: 9 }], stock: 10_000 }),
  part('WASHER-M8', { priceCents: 3, minOrderQuantity: 1000, packSize: 500, priceTiers: [], stock: 20_000 }),
  part('CABLE-TIE-200', { priceCents: 5, minOrderQuantity: 100, packSize: 100, priceTiers: [], stock: 250 }),
  part('PTFE-TAPE-12', { priceCents: 80, minOrderQuantity: 100, packSize: 10, priceTiers: [{ minQuantity: 500, unitPriceCents: 70 }], stock: 5_000 }),
  part('M8-BOLT-40', { priceCents: 25, minOrderQuantity: 200, packSize: 50, priceTiers: [], stock: 3_000 }),
  part('HOSE-CLAMP-20', { priceCents: 40, minOrderQuantity: 100, packSize: 25, priceTiers: [], stock: 60 }),
];

/** The in-memory catalogue: exact SKUs, and `closestSkus` for did-you-mean. */
const memoryCatalog = () => {
  const calls = { findBySkus: [] as string[][], similarSkus: [] as string[][], findByWords: [] as string[] };
  const catalog: QuickOrderCatalog = {
    async findBySkuKeys(keys) {
      calls.findBySkus.push([...keys]);
      return products.filter((product) => keys.includes(skuKey(product.sku)));
    },
    async similarSkus(skus, limit) {
      calls.similarSkus.push([...skus]);
      return new Map(skus.map((sku) => [sku, closestSkus(sku, products.map((product) => product.sku), limit)]));
    },
  };
  /** The catalogue search, as the stores answer it: every word starts a word of the name or SKU, or the SKU key starts with the typed one. */
  const search: QuickOrderSearch = {
    async search(query) {
      const words = query.terms?.words ?? [];
      const key = query.terms?.skuKey ?? null;
      calls.findByWords.push(words.join(' '));
      const matches = (product: QuickOrderProduct) => wordsMatch(words, searchWords(`${product.name} ${product.sku}`)) || (key !== null && skuKey(product.sku).startsWith(key));
      return { items: products.filter(matches).slice(0, query.limit) };
    },
  };
  // No one in a company here: list prices (company prices are covered in domain/companies).
  const ports: ResolvePastedListPorts = { store: { products: catalog, search, companyPrices: { termsForMember: async () => null } } };
  return { ports, calls };
};

// 12 rows: a header, tabs, semicolons, commas and spaces mixed, a blank line, a duplicate
// (line 9 of line 2) and a typo'd SKU (line 6), and every status.
const pasted = [
  'Part number\tQty',
  'M8-NUT-A2\t1000',
  'WASHER-M8;750',
  'CABLE-TIE-200, 400',
  'PTFE-TAPE-12 455',
  'M8-BOLT-04\t300',
  '',
  'just some words here',
  'm8-nut-a2;500',
  'M8-BOLT-40;"1,000"',
  'HOSE-CLAMP-20\t100',
  'WASHER-M8\t',
  '2500',
].join('\n');

describe('resolvePastedList: a 12-row list', () => {
  it('gives each row its status, product, suggestion and did-you-mean', async () => {
    const { ports } = memoryCatalog();
    const result = await resolvePastedList(ports, { text: pasted });
    if (!result.ok) throw new Error(result.error.code);
    const rows = result.value;
    expect(rows.map((row) => [row.line, row.status, row.sku, row.quantity, row.suggestion, row.didYouMean])).toEqual([
      [2, 'ok', 'M8-NUT-A2', 1500, null, []],
      [3, 'below-minimum', 'WASHER-M8', 750, { quantity: 1000, reason: 'minimum' }, []],
      [4, 'above-stock', 'CABLE-TIE-200', 400, { quantity: 200, reason: 'stock' }, []],
      [5, 'not-a-pack-multiple', 'PTFE-TAPE-12', 455, { quantity: 460, reason: 'pack' }, []],
      [6, 'unknown-sku', 'M8-BOLT-04', 300, null, ['M8-BOLT-40']],
      [8, 'unreadable', null, null, null, []],
      [9, 'duplicate', 'M8-NUT-A2', 500, null, []],
      [10, 'ok', 'M8-BOLT-40', 1000, null, []],
      [11, 'above-stock', 'HOSE-CLAMP-20', 100, null, []],
      [12, 'unreadable', null, null, null, []],
      [13, 'unreadable', null, null, null, []],
    ]);
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['ok', 'unknown-sku', 'below-minimum', 'not-a-pack-multiple', 'above-stock', 'duplicate', 'unreadable']),
    );
  });

  it('merges the duplicate into the first row, each naming the other', async () => {
    const result = await resolvePastedList(memoryCatalog().ports, { text: pasted });
    const rows = result.ok ? result.value : [];
    expect(rows.find((row) => row.line === 2)).toMatchObject({
      productId: 'id-m8-nut-a2',
      name: 'Part M8-NUT-A2',
      unit: 'piece',
      quantity: 1500,
      mergedLines: [9],
      mergedInto: null,
      advised: null,
    });
    expect(rows.find((row) => row.line === 9)).toMatchObject({
      input: 'm8-nut-a2;500',
      productId: 'id-m8-nut-a2',
      mergedInto: 2,
    });
  });

  it("gives every known product's row needing the buyer its advice, which the edge words", async () => {
    const result = await resolvePastedList(memoryCatalog().ports, { text: pasted });
    const row = (line: number) => (result.ok ? result.value.find((found) => found.line === line) : undefined);
    const advised = (line: number) => row(line)?.advised;
    expect(advised(3)).toEqual({ code: 'BELOW_MINIMUM', minimum: 1000 });
    expect(advised(4)).toEqual({ code: 'ONLY_IN_STOCK', stock: 250, maxAvailable: 200, packSize: 100 });
    expect(advised(5)).toEqual({ code: 'PACK_CHOICE', packSize: 10, lower: 450, upper: 460 });
    expect(row(6)).toMatchObject({ status: 'unknown-sku', sku: 'M8-BOLT-04', advised: null });
    expect(row(8)).toMatchObject({ status: 'unreadable', advised: null });
    expect(advised(11)).toEqual({ code: 'STOCK_BELOW_MINIMUM', stock: 60, minimum: 100 });
    expect(advised(10)).toBeNull();
  });

  it('asks the catalogue once for every SKU, and the search and did-you-mean only for the unknown one', async () => {
    const { ports, calls } = memoryCatalog();
    await resolvePastedList(ports, { text: pasted });
    expect(calls.findBySkus).toEqual([['M8NUTA2', 'WASHERM8', 'CABLETIE200', 'PTFETAPE12', 'M8BOLT04', 'M8BOLT40', 'HOSECLAMP20']]);
    // As the start of a longer part number first: no SKU starts with M8BOLT04.
    expect(calls.findByWords).toEqual(['m8 bolt 04']);
    expect(calls.similarSkus).toEqual([['M8-BOLT-04']]);
  });

  it('asks for did-you-mean once, for the first unknown SKUs only, however many the list has', async () => {
    const { ports, calls } = memoryCatalog();
    const unknown = Array.from({ length: 200 }, (_, n) => `NOBODY-${String(n).padStart(3, '0')}`);
    const resolved = await resolvePastedList(ports, { text: unknown.map((sku) => `${sku}\t100`).join('\n') });
    expect(calls.similarSkus).toEqual([unknown.slice(0, DID_YOU_MEAN_MAX_SKUS)]);
    // Every row keeps its shape: unknown, with its SKU (which the edge's message names); past the first ones, no suggestions.
    const rows = resolved.ok ? resolved.value : [];
    expect(rows.map((row) => row.status)).toEqual(unknown.map(() => 'unknown-sku'));
    expect(rows.map((row) => row.sku)).toEqual(unknown);
    expect(rows.slice(DID_YOU_MEAN_MAX_SKUS).every((row) => row.didYouMean.length === 0)).toBe(true);
  });

  it('refuses a list it cannot read at all, without asking the catalogue', async () => {
    const { ports, calls } = memoryCatalog();
    const many = Array.from({ length: 201 }, () => 'M8-NUT-A2\t500').join('\n');
    expect(await resolvePastedList(ports, { text: many })).toEqual({ ok: false, error: { code: 'TOO_MANY_LINES', max: 200 } });
    expect(await resolvePastedList(ports, { text: '\u0000\u0001\u0002'.repeat(1000) })).toEqual({ ok: false, error: { code: 'NOT_TEXT' } });
    expect(calls.findBySkus).toEqual([]);
  });
});

describe('resolveRows', () => {
  it('suggests the next price break on a good row when it saves money', async () => {
    const rows = await resolveRows(memoryCatalog().ports, { rows: [{ line: 1, input: '', readable: true, sku: 'ptfe-tape-12', quantity: 450 }] });
    expect(rows[0]).toMatchObject({
      status: 'ok',
      sku: 'PTFE-TAPE-12',
      suggestion: { quantity: 500, reason: 'next-break' },
      advised: { code: 'NEXT_BREAK', extraUnits: 50, unitPriceCents: 70, savingCents: 1000 },
    });
  });

  it('a merged quantity is judged as a whole: two rows under the minimum make one good line', async () => {
    const rows = await resolveRows(memoryCatalog().ports, {
      rows: [
        { line: 1, input: '', readable: true, sku: 'M8-BOLT-40', quantity: 100 },
        { line: 2, input: '', readable: true, sku: 'M8-BOLT-40', quantity: 150 },
      ],
    });
    expect(rows.map((row) => [row.status, row.quantity])).toEqual([
      ['ok', 250],
      ['duplicate', 150],
    ]);
  });

  it('a quantity beyond anything the shop holds is above the stock', async () => {
    const rows = await resolveRows(memoryCatalog().ports, { rows: [{ line: 1, input: '', readable: true, sku: 'WASHER-M8', quantity: 1e12 }] });
    expect(rows[0]).toMatchObject({ status: 'above-stock', suggestion: { quantity: 20_000, reason: 'stock' } });
  });

  it('nothing readable: the catalogue is not asked', async () => {
    const { ports, calls } = memoryCatalog();
    expect((await resolveRows(ports, { rows: [{ line: 1, input: 'words', readable: false }] })).map((row) => row.status)).toEqual(['unreadable']);
    expect(calls.findBySkus).toEqual([]);
  });
});

describe('part numbers however they are typed, and pasted names', () => {
  it('finds a SKU typed without its dashes, with spaces or in lower case, and merges the rows of one product', async () => {
    const result = await resolvePastedList(memoryCatalog().ports, { text: ['m8nuta2, 500', 'M8 NUT A2; 500', 'm8.nut/a2\t1000'].join('\n') });
    expect(result.ok && result.value.map((row) => [row.status, row.sku, row.quantity])).toEqual([
      ['ok', 'M8-NUT-A2', 2000],
      ['duplicate', 'M8-NUT-A2', 500],
      ['duplicate', 'M8-NUT-A2', 1000],
    ]);
  });

  it('resolves a pasted name one product matches, and offers the choices when several do', async () => {
    const { ports } = memoryCatalog();
    const result = await resolvePastedList(ports, { text: ['Part M8 nut, 500', 'part m8, 500', 'gearbox oil seal, 100'].join('\n') });
    expect(result.ok && result.value.map((row) => [row.status, row.sku, row.didYouMean, row.unmatched])).toEqual([
      ['ok', 'M8-NUT-A2', [], null],
      ['unknown-sku', 'PART M8', ['M8-NUT-A2', 'WASHER-M8', 'M8-BOLT-40'], 'several-match'],
      ['unknown-sku', 'GEARBOX OIL SEAL', [], 'unknown-name'],
    ]);
  });

  it('finds a part number typed without its last parts when one SKU starts with it, and leaves the rest to did-you-mean', async () => {
    const { ports } = memoryCatalog();
    const result = await resolvePastedList(ports, { text: ['m8bolt, 500', 'cable-tie 200', 'm8-bolt-04, 100'].join('\n') });
    expect(result.ok && result.value.map((row) => [row.status, row.sku, row.unmatched])).toEqual([
      ['ok', 'M8-BOLT-40', null],
      ['ok', 'CABLE-TIE-200', null],
      ['unknown-sku', 'M8-BOLT-04', 'unknown-sku'],
    ]);
  });

  it('looks up a bounded number of names per list', async () => {
    const { ports, calls } = memoryCatalog();
    const names = Array.from({ length: MAX_NAME_LOOKUPS + 5 }, (_, i) => `some part ${i}, 100`).join('\n');
    const result = await resolvePastedList(ports, { text: names });
    expect(calls.findByWords).toHaveLength(MAX_NAME_LOOKUPS);
    expect(result.ok && result.value.every((row) => row.status === 'unknown-sku')).toBe(true);
  });
});
