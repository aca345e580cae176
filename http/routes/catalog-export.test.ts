import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS } from '#domain/catalog/catalogue-csv.ts';
import { addProduct, createTestApp, signUpAdmin } from '../test-support.ts';

describe('GET /api/admin/products/export.csv', () => {
  it('streams the whole catalogue, every page of it, one row per product in the documented columns', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const department = await context.store.categories.create({ id: 'c1', name: 'Fasteners', slug: 'fasteners', parentId: null, createdAt: new Date() });
    if (department === 'duplicate-slug') throw new Error('arrange: slug taken');
    await addProduct(context.store, {
      sku: 'FB-M6-30',
      name: 'Hex Bolt M6, "A4"',
      description: 'Acid-proof, for coastal fixings.\nSold by the box.',
      categoryId: department.id,
      brand: 'Coastline',
      unit: 'box of 200',
      priceCents: 3_105,
      stock: 2_400,
      minOrderQuantity: 120,
      packSize: 12,
      priceTiers: [{ minQuantity: 600, unitPriceCents: 2_800 }, { minQuantity: 1_200, unitPriceCents: 2_507 }],
      attributes: [{ name: 'Thread', value: 'M6' }, { name: 'Length', value: '30 mm' }],
    });
    // A name a spreadsheet would run as a formula, and enough products for several pages.
    await addProduct(context.store, { sku: 'EVIL-1', name: '=HYPERLINK("http://evil.example")' });
    for (let n = 0; n < 230; n++) await addProduct(context.store, { sku: `BULK-${n}` });

    const reply = await context.call('GET', '/api/admin/products/export.csv', { token: admin.token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="bulkhead-catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const parsed = Papa.parse<Record<string, string>>(reply.text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CATALOGUE_COLUMNS]);
    expect(parsed.data).toHaveLength(232);
    expect(new Set(parsed.data.map((row) => row.sku)).size).toBe(232);
    expect(parsed.data.find((row) => row.sku === 'FB-M6-30')).toEqual({
      sku: 'FB-M6-30',
      name: 'Hex Bolt M6, "A4"',
      description: 'Acid-proof, for coastal fixings.\nSold by the box.',
      category: 'fasteners',
      brand: 'Coastline',
      unit: 'box of 200',
      price: '31.05',
      stock: '2400',
      minOrderQuantity: '120',
      packSize: '12',
      tiers: '600:28.00;1200:25.07',
      specs: 'Thread=M6;Length=30 mm',
      imageUrl: '/demo/products/wrench.svg',
    });
    expect(parsed.data.find((row) => row.sku === 'EVIL-1')?.name).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('is for admins only', async () => {
    const context = createTestApp();
    const customer = await context.signUp();
    expect((await context.call('GET', '/api/admin/products/export.csv')).status).toBe(401);
    expect((await context.call('GET', '/api/admin/products/export.csv', { token: customer.token })).status).toBe(403);
  });
});
