/** Storage tests' products: a create that must succeed (its SKU is free). */
import type { DuplicateSku, Product } from '#domain/catalog/product.ts';

export const created = async (result: Promise<Product | DuplicateSku> | Product | DuplicateSku): Promise<Product> => {
  const product = await result;
  if (product === 'duplicate-sku') throw new Error('arrange: the SKU is already taken');
  return product;
};
