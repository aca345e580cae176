import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoreHarness } from './store-harness.ts';

/** CategoryRepository: two levels, unique slugs, in-stock counts, deletion restricted. */
export function describeCategoryContract(h: StoreHarness): void {
  describe('categories', () => {
    it('creates, lists by name, finds, updates and deletes categories', async () => {
      const tools = await h.addCategory({ name: 'Tools', slug: 'tools' });
      const fasteners = await h.addCategory({ name: 'Fasteners', slug: 'fasteners' });
      const nuts = await h.addCategory({ name: 'Nuts', slug: 'nuts', parentId: fasteners.id });
      expect((await h.store.categories.listAll()).map((c) => c.slug)).toEqual(['fasteners', 'nuts', 'tools']);
      expect(await h.store.categories.findById(nuts.id)).toEqual(nuts);
      expect(await h.store.categories.update(nuts.id, { name: 'Hex nuts', slug: 'hex-nuts' })).toMatchObject({ name: 'Hex nuts', slug: 'hex-nuts', parentId: fasteners.id });
      expect(await h.store.categories.update(randomUUID(), { name: 'x' })).toBeNull();
      expect(await h.store.categories.delete(tools.id)).toBe(true);
      expect(await h.store.categories.delete(tools.id)).toBe(false);
      expect(await h.store.categories.findById(tools.id)).toBeNull();
    });

    it('refuses a slug another category holds, and keeps both as they were', async () => {
      const first = await h.addCategory({ slug: 'valves' });
      const second = await h.addCategory({ slug: 'pipe' });
      expect(await h.store.categories.create({ ...first, id: randomUUID() })).toBe('duplicate-slug');
      expect(await h.store.categories.update(second.id, { slug: 'valves' })).toBe('duplicate-slug');
      expect(await h.store.categories.findById(second.id)).toEqual(second);
    });

    it('will not delete a category that still has products or children', async () => {
      const department = await h.addCategory();
      const child = await h.addCategory({ parentId: department.id });
      await h.addProduct({ categoryId: child.id });
      await expect(h.store.categories.delete(child.id)).rejects.toThrow();
      await expect(h.store.categories.delete(department.id)).rejects.toThrow();
      expect(await h.store.categories.findById(child.id)).toEqual(child);
    });

    it('counts the products in stock filed directly under each category', async () => {
      const a = await h.addCategory();
      const b = await h.addCategory();
      await h.addProduct({ categoryId: a.id, stock: 5 });
      await h.addProduct({ categoryId: a.id, stock: 0 });
      await h.addProduct({ categoryId: a.id, stock: 1 });
      await h.addProduct({ categoryId: b.id, stock: 0 });
      await h.addProduct({ stock: 9 });
      expect(Object.fromEntries(await h.store.categories.inStockCounts())).toEqual({ [a.id]: 2 });
    });
  });
}
