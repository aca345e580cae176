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
      sku: 'FB-M8-40',
      name: 'Hex Bolt M8, "A2"',
      description: 'Stainless, for outdoor fixings.\nSold by the box.',
      categoryId: department.id,
      brand: 'Boltline',
      unit: 'box of 100',
      priceCents: 2_450,
      stock: 1_800,
      minOrderQuantity: 100,
      packSize: 10,
      priceTiers: [{ minQuantity: 500, unitPriceCents: 2_200 }, { minQuantity: 1_000, unitPriceCents: 1_950 }],
      attributes: [{ name: 'Thread', value: 'M8' }, { name: 'Length', value: '40 mm' }],
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
    expect(parsed.data.find((row) => row.sku === 'FB-M8-40')).toEqual({
      sku: 'FB-M8-40',
      name: 'Hex Bolt M8, "A2"',
      description: 'Stainless, for outdoor fixings.\nSold by the box.',
      category: 'fasteners',
      brand: 'Boltline',
      unit: 'box of 100',
      price: '24.50',
      stock: '1800',
      minOrderQuantity: '100',
      packSize: '10',
      tiers: '500:22.00;1000:19.50',
      specs: 'Thread=M8;Length=40 mm',
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
