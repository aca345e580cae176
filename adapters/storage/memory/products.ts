import { findSimilarSkus } from '#domain/catalog/sku-did-you-mean.ts';
import type { ProductRepository } from '#domain/catalog/product-repository.ts';
import type { Product } from '#domain/catalog/product.ts';
import { assignedSku, assignedSkuSequence, skuKey } from '#domain/catalog/sku.ts';
import { byId } from '../page-cursor.ts';
import { definedChanges, withDefaults } from '../product-fields.ts';
import { newestFirst } from './newest-first.ts';
import { checkStock, checkTerms, copy, copyOrNull, type MemoryTables } from './tables.ts';
import { recordAudit } from './audit.ts';

export function createMemoryProducts(tables: MemoryTables): ProductRepository {
  const { products, orders } = tables;
  const skuTaken = (sku: string, exceptId?: string) => [...products.values()].some((p) => p.sku === sku && p.id !== exceptId);
  const nextAssignedSku = () =>
    assignedSku(Math.max(0, ...[...products.values()].map((p) => assignedSkuSequence(p.sku) ?? 0)) + 1);
  const checkCategory = (categoryId: string | null) => {
    // As the foreign key does.
    if (categoryId !== null && !tables.categories.has(categoryId)) throw new Error('FOREIGN KEY constraint failed: products.category_id');
  };

  return {
    async list(page) {
      return newestFirst(products.values(), page, byId);
    },
    async findById(id) {
      return copyOrNull(products.get(id));
    },
    async findBySku(sku) {
      const wanted = sku.trim().toUpperCase();
      return copyOrNull([...products.values()].find((p) => p.sku === wanted));
    },
    async findBySkus(skus) {
      const wanted = new Set(skus);
      return [...products.values()].filter((product) => wanted.has(product.sku)).map(copy);
    },
    async findBySkuKeys(keys) {
      const wanted = new Set(keys);
      return [...products.values()].filter((product) => wanted.has(skuKey(product.sku))).map(copy);
    },
    async similarSkus(skus, limit) {
      const known = [...products.values()].map((product) => product.sku.toUpperCase()).sort();
      const knownSet = new Set(known);
      const lookups = {
        existing: async (skus: readonly string[]) => skus.filter((candidate) => knownSet.has(candidate)),
        around: async (wanted: readonly string[], eachSide: number) =>
          wanted.map((sku) => {
            const at = known.findIndex((candidate) => candidate >= sku);
            const split = at === -1 ? known.length : at;
            return known.slice(Math.max(0, split - eachSide), split + eachSide);
          }),
      };
      return findSimilarSkus(lookups, skus, limit);
    },
    async importAll({ creates, updates }, updatedAt, audit) {
      // Checked in full before anything is written: all or nothing, as a transaction.
      const skus = new Set(creates.map((record) => record.sku));
      if (creates.some((record) => record.sku === undefined || skuTaken(record.sku)) || skus.size < creates.length) return 'duplicate-sku';
      if (updates.some(({ id, changes }) => changes.sku !== undefined && (skuTaken(changes.sku, id) || skus.has(changes.sku)))) return 'duplicate-sku';
      for (const { id, changes } of updates) await this.update(id, changes, updatedAt);
      for (const record of creates) await this.create(record);
      recordAudit(tables, audit);
      return 'ok';
    },
    async create(input, audit) {
      const filled = withDefaults(input);
      checkStock(filled.stock);
      checkTerms(filled);
      checkCategory(filled.categoryId);
      // As the databases' primary key does.
      if (products.has(filled.id)) throw new Error('UNIQUE constraint failed: products.id');
      if (filled.sku !== undefined && skuTaken(filled.sku)) return 'duplicate-sku';
      const product: Product = { ...copy(filled), sku: filled.sku ?? nextAssignedSku(), updatedAt: new Date(filled.createdAt) };
      products.set(product.id, product);
      tables.catalog.changed(null);
      recordAudit(tables, audit, product);
      return copy(product);
    },
    async update(id, changes, updatedAt, audit) {
      const product = products.get(id);
      if (!product) return null;
      const defined = definedChanges(changes);
      if (defined.stock !== undefined) checkStock(defined.stock);
      if (defined.categoryId !== undefined) checkCategory(defined.categoryId);
      checkTerms({ ...product, ...defined });
      if (defined.sku !== undefined && skuTaken(defined.sku, id)) return 'duplicate-sku';
      Object.assign(product, copy(defined), { updatedAt: new Date(updatedAt) });
      tables.catalog.changed(null);
      recordAudit(tables, audit, product);
      return copy(product);
    },
    async delete(id, audit) {
      if (!products.delete(id)) return false;
      recordAudit(tables, audit);
      tables.catalog.changed(null);
      // Like ON DELETE SET NULL: the order keeps its product snapshot.
      for (const order of orders.values()) for (const line of order.lines) if (line.productId === id) line.productId = null;
      return true;
    },
    async count() {
      return products.size;
    },
    async countBelowStock(units) {
      return [...products.values()].filter((product) => product.stock < units).length;
    },
    async countInCategory(categoryId) {
      return [...products.values()].filter((product) => product.categoryId === categoryId).length;
    },
  };
}
