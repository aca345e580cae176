import type { CategoryRepository } from '#domain/catalog/category-repository.ts';
import type { Category } from '#domain/catalog/category.ts';
import { recordAudit } from './audit.ts';
import { copy, copyOrNull, type MemoryTables } from './tables.ts';

const byName = (a: Category, b: Category) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function createMemoryCategories(tables: MemoryTables): CategoryRepository {
  const { categories, products } = tables;
  const slugTaken = (slug: string, exceptId?: string) => [...categories.values()].some((c) => c.slug === slug && c.id !== exceptId);
  const checkParent = (parentId: string | null) => {
    if (parentId !== null && !categories.has(parentId)) throw new Error('FOREIGN KEY constraint failed: categories.parent_id');
  };
  return {
    async listAll() {
      return [...categories.values()].sort(byName).map(copy);
    },
    async findById(id) {
      return copyOrNull(categories.get(id));
    },
    async create(category, audit) {
      checkParent(category.parentId);
      if (categories.has(category.id)) throw new Error('UNIQUE constraint failed: categories.id');
      if (slugTaken(category.slug)) return 'duplicate-slug';
      categories.set(category.id, copy(category));
      recordAudit(tables, audit, category);
      tables.catalog.changed(null);
      return copy(category);
    },
    async update(id, changes, audit) {
      const category = categories.get(id);
      if (!category) return null;
      if (changes.parentId !== undefined) checkParent(changes.parentId);
      if (changes.slug !== undefined && slugTaken(changes.slug, id)) return 'duplicate-slug';
      for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(category, { [key]: value });
      recordAudit(tables, audit, category);
      tables.catalog.changed(null);
      return copy(category);
    },
    async delete(id, audit) {
      // As ON DELETE RESTRICT does.
      if ([...products.values()].some((p) => p.categoryId === id) || [...categories.values()].some((c) => c.parentId === id)) {
        throw new Error('FOREIGN KEY constraint failed: categories');
      }
      if (!categories.delete(id)) return false;
      recordAudit(tables, audit);
      tables.catalog.changed(null);
      return true;
    },
    async inStockCounts() {
      const counts = new Map<string, number>();
      for (const product of products.values()) {
        if (product.categoryId !== null && product.stock > 0) counts.set(product.categoryId, (counts.get(product.categoryId) ?? 0) + 1);
      }
      return counts;
    },
  };
}
