import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/catalog/product.ts';
import type { StoreHarness } from './store-harness.ts';

/** ProductRepository: CRUD, the stock CHECK, copies, newest-first pages. */
export function describeProductContract(h: StoreHarness): void {
  describe('products', () => {
    it('creates, finds, updates, counts and deletes a product', async () => {
      const created = await h.addProduct({ name: 'Torque wrench', priceCents: 4_999, stock: 300 });
      expect(created).toMatchObject({ name: 'Torque wrench', priceCents: 4_999, stock: 300 });
      expect(created.updatedAt.getTime()).toBe(created.createdAt.getTime());
      expect(await h.store.products.findById(created.id)).toEqual(created);
      expect(await h.store.products.count()).toBe(1);

      const updated = await h.store.products.update(created.id, { priceCents: 4_500, stock: 250 }, h.at(5_000));
      if (updated === 'duplicate-sku') throw new Error('no SKU was changed');
      expect(updated).toMatchObject({ name: 'Torque wrench', priceCents: 4_500, stock: 250 });
      expect(updated?.updatedAt).toEqual(h.at(5_000));
      expect(updated?.createdAt).toEqual(created.createdAt);
      expect(await h.store.products.findById(created.id)).toEqual(updated);

      expect(await h.store.products.delete(created.id)).toBe(true);
      expect(await h.store.products.findById(created.id)).toBeNull();
      expect(await h.store.products.delete(created.id)).toBe(false);
      expect(await h.store.products.count()).toBe(0);
    });

    it('stores the catalogue fields, with their defaults when left out', async () => {
      const plain = await h.addProduct({ name: 'Plain' });
      expect(plain).toMatchObject({ brand: null, unit: 'piece', attributes: [], minOrderQuantity: 100, packSize: 1, priceTiers: [], categoryId: null });
      const category = await h.addCategory({ name: 'Fasteners', slug: 'fasteners' });
      const full = await h.addProduct({
        sku: 'm8-nut-a2',
        brand: 'Würth',
        unit: 'box of 50',
        attributes: [{ name: 'Thread', value: 'M8' }, { name: 'Material', value: 'A2 stainless' }],
        minOrderQuantity: 500,
        packSize: 50,
        priceTiers: [{ minQuantity: 1_000, unitPriceCents: 20 }, { minQuantity: 5_000, unitPriceCents: 15 }],
        priceCents: 25,
        categoryId: category.id,
      });
      expect(full).toMatchObject({ sku: 'M8-NUT-A2', brand: 'Würth', unit: 'box of 50', minOrderQuantity: 500, packSize: 50, categoryId: category.id });
      expect(full.attributes).toEqual([{ name: 'Thread', value: 'M8' }, { name: 'Material', value: 'A2 stainless' }]);
      expect(full.priceTiers).toEqual([{ minQuantity: 1_000, unitPriceCents: 20 }, { minQuantity: 5_000, unitPriceCents: 15 }]);
      expect(await h.store.products.findById(full.id)).toEqual(full);
      expect(await h.store.products.findBySku('m8-nut-a2')).toEqual(full);
      expect(await h.store.products.countInCategory(category.id)).toBe(1);
      const changed = await h.store.products.update(full.id, { priceTiers: [], brand: null, categoryId: null }, h.at(9));
      expect(changed).toMatchObject({ priceTiers: [], brand: null, categoryId: null, sku: 'M8-NUT-A2' });
    });

    it('assigns BH-000001, BH-000002, … to products without a SKU, after the highest one', async () => {
      const first = await h.addProduct({ sku: undefined });
      const second = await h.addProduct({ sku: undefined });
      await h.addProduct({ sku: 'BH-000041' });
      const third = await h.addProduct({ sku: undefined });
      expect([first.sku, second.sku, third.sku]).toEqual(['BH-000001', 'BH-000002', 'BH-000042']);
    });

    it('refuses a SKU another product holds, in any case, on create and update, and changes nothing', async () => {
      const first = await h.addProduct({ sku: 'PTFE-12' });
      const second = await h.addProduct({ sku: 'PTFE-19' });
      expect(await h.store.products.create({ ...first, id: randomUUID(), sku: 'ptfe-12' })).toBe('duplicate-sku');
      expect(await h.store.products.update(second.id, { sku: 'Ptfe-12', name: 'Renamed' }, h.at(7))).toBe('duplicate-sku');
      expect(await h.store.products.findById(second.id)).toEqual(second);
      expect(await h.store.products.count()).toBe(2);
      expect(await h.store.products.update(second.id, { sku: 'ptfe-19b' }, h.at(7))).toMatchObject({ sku: 'PTFE-19B' });
    });

    it('returns null when updating or finding an unknown product', async () => {
      expect(await h.store.products.findById(randomUUID())).toBeNull();
      expect(await h.store.products.update(randomUUID(), { name: 'x' }, h.at(1))).toBeNull();
    });

    it('refuses a second product with the same id and keeps the first (what the demo seed relies on)', async () => {
      const first = await h.addProduct({ name: 'First' });
      await expect(h.addProduct({ id: first.id, name: 'Second' })).rejects.toThrow();
      expect((await h.store.products.findById(first.id))?.name).toBe('First');
      expect(await h.store.products.count()).toBe(1);
    });

    it('lets the database refuse negative stock', async () => {
      await expect(h.addProduct({ stock: -1 })).rejects.toThrow();
      const product = await h.addProduct({ stock: 5 });
      await expect(h.store.products.update(product.id, { stock: -5 }, h.at(1))).rejects.toThrow();
      expect(await h.stockOf(product.id)).toBe(5);
      expect(await h.store.products.count()).toBe(1);
    });

    it('hands out copies, never its internal objects', async () => {
      const created = await h.addProduct({ stock: 500 });
      created.stock = 1;
      const found = await h.store.products.findById(created.id);
      expect(found?.stock).toBe(500);
      if (found) found.name = 'changed';
      expect((await h.store.products.findById(created.id))?.name).toBe('Hex bolt M8');
    });

    it('lists newest first over several pages without skipping or repeating equal timestamps', async () => {
      const created: Product[] = [];
      // Seven products share one timestamp so only the id tie-breaker keeps the pages stable.
      for (let i = 0; i < 11; i++) {
        created.push(await h.addProduct({ name: `P${i}`, createdAt: h.at(i < 7 ? 500 : i * 1_000) }));
      }
      const seen: Product[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await h.store.products.list({ limit: 3, cursor });
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 10);

      expect(pages).toBe(4);
      expect(seen).toHaveLength(11);
      expect(new Set(seen.map((p) => p.id)).size).toBe(11);
      const times = seen.map((p) => p.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(seen.slice(0, 4).map((p) => p.name)).toEqual(['P10', 'P9', 'P8', 'P7']);
      expect(new Set(seen.map((p) => p.id))).toEqual(new Set(created.map((p) => p.id)));
    });

    it('returns the first page with no cursor when everything fits, and treats a garbage cursor as the start', async () => {
      await h.addProduct({ createdAt: h.at(1) });
      await h.addProduct({ createdAt: h.at(2) });
      const page = await h.store.products.list({ limit: 5 });
      expect(page.items).toHaveLength(2);
      expect(page.nextCursor).toBeNull();
      const garbage = await h.store.products.list({ limit: 5, cursor: '%%not-a-cursor%%' });
      expect(garbage.items.map((p) => p.id)).toEqual(page.items.map((p) => p.id));
    });

    it('imports creates and updates in one transaction, and nothing at all when a new SKU is taken', async () => {
      const kept = await h.addProduct({ sku: 'KEEP-1', name: 'Kept', priceCents: 500 });
      const changed = await h.addProduct({ sku: 'EDIT-1', name: 'Before', priceCents: 900 });
      const record = (sku: string) => ({ id: randomUUID(), sku, name: `New ${sku}`, description: 'Imported', imageUrl: '/x.svg', priceCents: 100, stock: 500, createdAt: h.at(9_000) });

      const refused = await h.store.products.importAll({ creates: [record('NEW-1'), record('KEEP-1')], updates: [{ id: changed.id, changes: { name: 'After' } }] }, h.at(9_000));
      expect(refused).toBe('duplicate-sku');
      expect(await h.store.products.count()).toBe(2);
      expect(await h.store.products.findById(changed.id)).toEqual(changed);

      const done = await h.store.products.importAll(
        { creates: [record('NEW-1'), record('NEW-2')], updates: [{ id: changed.id, changes: { name: 'After', priceCents: 800 } }] },
        h.at(9_000),
      );
      expect(done).toBe('ok');
      expect(await h.store.products.findById(changed.id)).toMatchObject({ name: 'After', priceCents: 800, updatedAt: h.at(9_000) });
      expect(await h.store.products.findById(kept.id)).toEqual(kept);
      const found = await h.store.products.findBySkus(['NEW-1', 'NEW-2', 'KEEP-1', 'NONE-1']);
      expect(found.map((product) => product.sku).sort()).toEqual(['KEEP-1', 'NEW-1', 'NEW-2']);
      expect(found.find((product) => product.sku === 'NEW-2')).toMatchObject({ name: 'New NEW-2', stock: 500, unit: 'piece', minOrderQuantity: 100 });
    });

    it('findBySkuKeys: the products whose SKU, without case, dashes, dots or slashes, is one of the keys', async () => {
      const bolt = await h.addProduct({ sku: 'FB-M8-40-A2' });
      const nut = await h.addProduct({ sku: 'din934/m8.zn' });
      const found = await h.store.products.findBySkuKeys(['FBM840A2', 'DIN934M8ZN', 'FBM840', 'NONE']);
      expect(found.map((product) => product.id).sort()).toEqual([bolt.id, nut.id].sort());
      await h.store.products.update(nut.id, { sku: 'DIN934-M10' }, h.at(5));
      expect((await h.store.products.findBySkuKeys(['DIN934M10', 'DIN934M8ZN'])).map((product) => product.id)).toEqual([nut.id]);
      const imported = await h.store.products.importAll(
        { creates: [{ id: randomUUID(), sku: 'IMP.1/2', name: 'Imported', description: 'x', imageUrl: '/x.svg', priceCents: 1, stock: 1, createdAt: h.at(6) }], updates: [] },
        h.at(6),
      );
      expect(imported).toBe('ok');
      expect((await h.store.products.findBySkuKeys(['IMP12'])).map((product) => product.sku)).toEqual(['IMP.1/2']);
    });

    it('similarSkus: the known SKUs a few typing mistakes away, nearest first, never the SKU itself', async () => {
      for (const sku of ['M8-NUT-A2', 'M8-NUT-A4', 'M6-NUT-A2', 'WASHER-M8', 'M8-NUT-A2-LONG-BOX']) await h.addProduct({ sku });
      // Several SKUs in one call, each answered under its normalised form.
      const similar = await h.store.products.similarSkus(['M8-NTU-A2', 'm8-nut-a3', 'ZZZZ-9999'], 3);
      expect(similar).toEqual(
        new Map([
          ['M8-NTU-A2', ['M8-NUT-A2', 'M6-NUT-A2', 'M8-NUT-A4']],
          ['M8-NUT-A3', ['M8-NUT-A2', 'M8-NUT-A4', 'M6-NUT-A2']],
          ['ZZZZ-9999', []],
        ]),
      );
      expect(await h.store.products.similarSkus(['M8-NUT-A2'], 1)).toEqual(new Map([['M8-NUT-A2', ['M6-NUT-A2']]]));
      expect(await h.store.products.similarSkus([], 3)).toEqual(new Map());
    });

    it('similarSkus: ten long made-up SKUs at once still find a slip in a known one', async () => {
      for (const sku of ['HEX-BOLT-DIN933-M12X80-A4-BOX-50', 'HEX-BOLT-DIN933-M12X90-A4-BOX-50']) await h.addProduct({ sku });
      const madeUp = Array.from({ length: 12 }, (_, n) => `${String.fromCharCode(65 + n)}${'Q7W-'.repeat(7)}X`);
      const similar = await h.store.products.similarSkus(['HEX-BOLT-DIN933-M12X80-A4-BOX-5O', ...madeUp], 3);
      expect(similar.get('HEX-BOLT-DIN933-M12X80-A4-BOX-5O')).toEqual(['HEX-BOLT-DIN933-M12X80-A4-BOX-50', 'HEX-BOLT-DIN933-M12X90-A4-BOX-50']);
      expect(similar.get(madeUp[0]!)).toEqual([]);
    });
  });
}
