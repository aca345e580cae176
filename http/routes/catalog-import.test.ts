import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS } from '#domain/catalog/catalogue-csv.ts';
import { MAX_IMPORT_ROWS } from '#domain/catalog/catalogue-import.ts';
import { messages } from '#http/messages.ts';
import { addProduct, createTestApp, signUpAdmin } from '../test-support.ts';

const HEADER = CATALOGUE_COLUMNS.join(',');
const IMPORT = '/api/admin/products/import';

/** A row in the export's columns, with a few cells changed. */
const row = (cells: Partial<Record<(typeof CATALOGUE_COLUMNS)[number], string>>) =>
  Papa.unparse([
    CATALOGUE_COLUMNS.map(
      (column) =>
        ({
          sku: 'NEW-1',
          name: 'Hex nut M8',
          description: 'A2 stainless, DIN 934',
          category: '',
          brand: '',
          unit: 'piece',
          price: '0.40',
          stock: '10000',
          minOrderQuantity: '100',
          packSize: '1',
          tiers: '',
          specs: '',
          imageUrl: '/demo/products/wrench.svg',
          ...cells,
        })[column],
    ),
  ]);
const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n');

async function shopWithAdmin() {
  const context = createTestApp();
  const admin = await signUpAdmin(context);
  const department = await context.store.categories.create({ id: 'c1', name: 'Fasteners', slug: 'fasteners', parentId: null, createdAt: new Date() });
  if (department === 'duplicate-slug') throw new Error('arrange: slug taken');
  const upload = (text: string, query = '', contentType = 'text/csv') =>
    context.call('POST', `${IMPORT}${query}`, { token: admin.token, raw: text, contentType });
  return { context, admin, upload };
}

describe('POST /api/admin/products/import', () => {
  it('takes back its own export unchanged, and a changed export updates only what changed', async () => {
    const { context, admin, upload } = await shopWithAdmin();
    await addProduct(context.store, {
      sku: 'FB-M6-30',
      name: '=Hex Bolt M6, "A4"',
      description: '-Acid-proof.\nSold by the box.',
      categoryId: 'c1',
      brand: 'Coastline',
      unit: 'box of 200',
      priceCents: 3_105,
      minOrderQuantity: 120,
      packSize: 12,
      priceTiers: [{ minQuantity: 600, unitPriceCents: 2_800 }],
      attributes: [{ name: 'Thread', value: 'M6' }],
    });
    for (let n = 0; n < 5; n++) await addProduct(context.store, { sku: `BULK-${n}` });
    const before = await context.store.products.list({ limit: 100 });
    const exported = (await context.call('GET', '/api/admin/products/export.csv', { token: admin.token })).text;

    expect((await upload(exported)).json).toEqual({ created: 0, updated: 0, unchanged: 6, errors: [], rowsWithProblems: 0 });
    expect(await context.store.products.list({ limit: 100 })).toEqual(before);

    const edited = exported.replace('31.05', '29.99').replace('BULK-3', 'bulk-3x');
    expect((await upload(edited, '?dryRun=true')).json).toEqual({ created: 1, updated: 1, unchanged: 4, errors: [], rowsWithProblems: 0 });
    expect(await context.store.products.list({ limit: 100 })).toEqual(before);
    expect((await upload(edited)).json).toEqual({ created: 1, updated: 1, unchanged: 4, errors: [], rowsWithProblems: 0 });
    expect((await context.store.products.findBySku('FB-M6-30'))?.priceCents).toBe(2_999);
    expect((await context.store.products.findBySku('FB-M6-30'))?.name).toBe('=Hex Bolt M6, "A4"');
    expect(await context.store.products.findBySku('BULK-3X')).toMatchObject({ sku: 'BULK-3X', stock: 1000 });
    // Only the import that wrote is in the audit log (docs/audit-log.md, "Audit log"), as one entry.
    const log = await context.call('GET', '/api/admin/audit?kind=catalogue-imported', { token: admin.token });
    expect(log.json.items).toMatchObject([
      { actorId: admin.user.id, subjectId: 'catalogue', summary: 'Imported the catalogue: 1 new, 1 changed', after: { created: { count: 1, first: ['BULK-3X'], more: 0 }, updated: { count: 1, first: ['FB-M6-30'], more: 0 } } },
    ]);
  });

  it('creates products with every catalogue field read from its cell', async () => {
    const { context, upload } = await shopWithAdmin();
    const reply = await upload(
      file(row({ sku: 'm8-nut-a2', category: 'Fasteners', brand: 'Würth', unit: 'box of 50', minOrderQuantity: '500', packSize: '50', tiers: '1000:0.35;5000:0.30', specs: 'Thread=M8;Standard=DIN 934' })),
    );
    expect(reply.json).toEqual({ created: 1, updated: 0, unchanged: 0, errors: [], rowsWithProblems: 0 });
    expect(await context.store.products.findBySku('M8-NUT-A2')).toMatchObject({
      sku: 'M8-NUT-A2',
      name: 'Hex nut M8',
      categoryId: 'c1',
      brand: 'Würth',
      unit: 'box of 50',
      priceCents: 40,
      stock: 10_000,
      minOrderQuantity: 500,
      packSize: 50,
      priceTiers: [{ minQuantity: 1_000, unitPriceCents: 35 }, { minQuantity: 5_000, unitPriceCents: 30 }],
      attributes: [{ name: 'Thread', value: 'M8' }, { name: 'Standard', value: 'DIN 934' }],
    });
  });

  it('names every bad row and cell, and writes nothing until the file is clean', async () => {
    const { context, upload } = await shopWithAdmin();
    await addProduct(context.store, { sku: 'KEEP-1', priceCents: 500 });
    const bad = file(
      row({ sku: 'GOOD-1' }),
      row({ sku: 'BAD 1', price: 'abc' }),
      row({ sku: 'GOOD-2', category: 'nowhere', tiers: '50:0.30', minOrderQuantity: '150', packSize: '100' }),
      row({ sku: 'good-1' }),
      row({ sku: 'KEEP-1', price: '-3', specs: 'no equals sign', imageUrl: 'https://evil.example/x.png' }),
      'SHORT-1,only two',
    );
    const dryRun = await upload(bad, '?dryRun=true');
    expect(dryRun.status).toBe(200);
    expect(dryRun.json).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 3, field: 'sku', message: messages.skuCharacters },
        { row: 3, field: 'price', message: messages.priceNotNumber },
        { row: 4, field: 'category', message: messages.importCategoryUnknown },
        { row: 5, field: 'sku', message: messages.importSkuRepeated(2) },
        { row: 6, field: 'price', message: messages.priceNotNumber },
        { row: 6, field: 'specs', message: messages.importSpecsFormat },
        { row: 6, field: 'imageUrl', message: messages.importImagePath },
        { row: 7, field: 'row', message: messages.importRowShape(2, CATALOGUE_COLUMNS.length) },
      ],
      rowsWithProblems: 5,
    });

    const refused = await upload(bad);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'IMPORT_REFUSED', message: messages.importRefused(5) });
    expect(refused.json.error.fields).toMatchObject({
      file: messages.importRefused(5),
      'rows.3.sku': messages.skuCharacters,
      'rows.6.specs': messages.importSpecsFormat,
      'rows.7.row': messages.importRowShape(2, CATALOGUE_COLUMNS.length),
    });
    expect(await context.store.products.count()).toBe(1);
    expect((await context.store.products.findBySku('KEEP-1'))?.priceCents).toBe(500);
  });

  it('reports the first 1,000 problems of a very bad file, and how many rows have one', async () => {
    const { upload } = await shopWithAdmin();
    const reply = await upload(file(...Array.from({ length: 1_500 }, (_, n) => row({ sku: `BAD ${n}` }))), '?dryRun=true');
    expect(reply.json).toMatchObject({ created: 0, rowsWithProblems: 1_500 });
    expect(reply.json.errors).toHaveLength(1_000);
    expect(reply.text.length).toBeLessThan(200_000);
  });

  it('checks the terms as the product form does: minimum, pack size and tiers', async () => {
    const { context, upload } = await shopWithAdmin();
    const reply = await upload(
      file(
        row({ sku: 'T-1', minOrderQuantity: '150', packSize: '100' }),
        row({ sku: 'T-2', tiers: '500:0.30;400:0.20' }),
        row({ sku: 'T-3', minOrderQuantity: '50' }),
        row({ sku: 'T-4', tiers: '500:0.50' }),
      ),
      '?dryRun=true',
    );
    expect(reply.json.errors.map((problem: { row: number; field: string }) => [problem.row, problem.field])).toEqual([
      [2, 'minOrderQuantity'],
      [3, 'tiers'],
      [4, 'minOrderQuantity'],
      [5, 'tiers'],
    ]);
    expect(await context.store.products.count()).toBe(0);
  });

  it('takes TSV and a multipart file field as well as a CSV body', async () => {
    const { context, admin, upload } = await shopWithAdmin();
    const tsv = [CATALOGUE_COLUMNS.join('\t'), row({ sku: 'TSV-1' }).split(',').join('\t')].join('\n');
    expect((await upload(`\uFEFF${tsv}`, '', 'text/tab-separated-values')).json).toMatchObject({ created: 1 });
    const form = new FormData();
    form.set('file', new Blob([file(row({ sku: 'FORM-1' }))], { type: 'text/csv' }), 'catalogue.csv');
    const reply = await context.call('POST', IMPORT, { token: admin.token, form });
    expect(reply.json).toEqual({ created: 1, updated: 0, unchanged: 0, errors: [], rowsWithProblems: 0 });
    expect(await context.store.products.count()).toBe(2);
  });

  it('refuses what cannot be read as a catalogue file with a message on `file`', async () => {
    const { context, upload } = await shopWithAdmin();
    const refusals: [text: string, message: string][] = [
      ['', messages.importEmpty],
      [HEADER, messages.importEmpty],
      ['name,price\r\nNut,1.00', messages.importNeedsSku],
      ['sku,colour\r\nA-1,red', messages.importUnknownColumn(2)],
      ['sku,SKU\r\nA-1,A-1', messages.importDuplicateColumn('sku')],
      ['sku,name\r\nA-1,"Nut', messages.importUnclosedQuote(2)],
      ['PK\u0003\u0004\u0000\u0000binary', messages.importNotText],
      [['sku', ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, n) => `R-${n}`)].join('\n'), messages.importTooManyRows(MAX_IMPORT_ROWS)],
    ];
    for (const [text, message] of refusals) {
      const reply = await upload(text);
      expect(reply.status, text.slice(0, 40)).toBe(400);
      expect(reply.json.error.fields, text.slice(0, 40)).toEqual({ file: message });
    }
    expect((await upload(file(row({})), '?dryRun=maybe')).json.error.fields).toEqual({ dryRun: messages.dryRunInvalid });
    expect((await upload(file(row({})), '', 'application/json')).status).toBe(415);
    expect((await upload('x'.repeat(5 * 1024 * 1024 + 100 * 1024))).status).toBe(413);
    expect(await context.store.products.count()).toBe(0);
  });

  it('keeps an audit page of 50 imports under 64 kB, each entry naming its counts and first SKUs only', async () => {
    const { context, admin, upload } = await shopWithAdmin();
    const BATCH = 40;
    // The longest SKUs there are (32 characters), so the entries are as large as an import makes them.
    const sku = (n: number) => `${'X'.repeat(26)}-${String(n).padStart(5, '0')}`;
    for (let i = 0; i < 50; i++) {
      // Batch i is new; batch i - 1, imported last time at another price, changes.
      const rows = Array.from({ length: (i === 0 ? 1 : 2) * BATCH }, (_, k) => row({ sku: sku((i === 0 ? 0 : (i - 1) * BATCH) + k), price: `${i + 1}.00` }));
      expect((await upload(file(...rows))).json).toMatchObject({ created: BATCH, updated: i === 0 ? 0 : BATCH });
    }
    const page = await context.call('GET', '/api/admin/audit?kind=catalogue-imported&limit=50', { token: admin.token });
    expect(page.json.items).toHaveLength(50);
    expect(page.json.items[0].after).toEqual({
      created: { count: BATCH, first: Array.from({ length: 10 }, (_, k) => sku(49 * BATCH + k)), more: BATCH - 10 },
      updated: { count: BATCH, first: Array.from({ length: 10 }, (_, k) => sku(48 * BATCH + k)), more: BATCH - 10 },
    });
    expect(Buffer.byteLength(page.text)).toBeLessThan(64 * 1024);
  });

  it('is for admins only', async () => {
    const { context } = await shopWithAdmin();
    const customer = await context.signUp();
    const body = { raw: file(row({})), contentType: 'text/csv' };
    expect((await context.call('POST', IMPORT, body)).status).toBe(401);
    expect((await context.call('POST', IMPORT, { ...body, token: customer.token })).status).toBe(403);
    expect(await context.store.products.count()).toBe(0);
  });
});
