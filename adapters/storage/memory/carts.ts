import type { CartRepository } from '#domain/ordering/cart-repository.ts';
import { copy, type MemoryTables } from './tables.ts';

export function createMemoryCarts(tables: MemoryTables): CartRepository {
  const { carts, products } = tables;
  return {
    async itemsOf(userId) {
      return (carts.get(userId) ?? []).flatMap(({ productId, quantity }) => {
        const product = products.get(productId);
        return product ? [{ product: copy(product), quantity }] : [];
      });
    },
    async replace(userId, lines) {
      const missing = lines.flatMap((line, index) => (products.has(line.productId) ? [] : [index]));
      if (missing.length > 0) return { missing };
      if (lines.length === 0) carts.delete(userId);
      else carts.set(userId, lines.map(({ productId, quantity }) => ({ productId, quantity })));
      return { missing: [] };
    },
    async removeProducts(userId, productIds) {
      const gone = new Set(productIds);
      const kept = (carts.get(userId) ?? []).filter((line) => !gone.has(line.productId));
      if (kept.length === 0) carts.delete(userId);
      else carts.set(userId, kept);
    },
  };
}
