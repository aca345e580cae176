/**
 * What every store writes for a product besides what it was given: the catalogue fields' defaults
 * and the search words (domain/catalog/search-terms.ts), computed once here so memory, SQLite and
 * PostgreSQL store the same values.
 */
import type { Product, ProductChanges, ProductRecord } from '#domain/catalog/product.ts';
import { DEFAULT_MIN_ORDER_QUANTITY, DEFAULT_PACK_SIZE, DEFAULT_UNIT } from '#domain/catalog/product-terms.ts';
import { productSearchText } from '#domain/catalog/search-terms.ts';
import { normalizeSku, skuKey } from '#domain/catalog/sku.ts';

/** A new product with every field set; the SKU stays undefined when the store must assign one. */
export type FilledRecord = Omit<Product, 'updatedAt' | 'sku'> & { sku: string | undefined };

export const withDefaults = (record: ProductRecord): FilledRecord => ({
  id: record.id,
  sku: record.sku === undefined || record.sku.trim() === '' ? undefined : normalizeSku(record.sku),
  name: record.name,
  description: record.description,
  imageUrl: record.imageUrl,
  priceCents: record.priceCents,
  stock: record.stock,
  categoryId: record.categoryId ?? null,
  brand: record.brand ?? null,
  unit: record.unit ?? DEFAULT_UNIT,
  attributes: (record.attributes ?? []).map(({ name, value }) => ({ name, value })),
  minOrderQuantity: record.minOrderQuantity ?? DEFAULT_MIN_ORDER_QUANTITY,
  packSize: record.packSize ?? DEFAULT_PACK_SIZE,
  priceTiers: (record.priceTiers ?? []).map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents })),
  createdAt: record.createdAt,
});

/** The changes to write: undefined fields dropped, the SKU upper-cased, copies of the arrays. */
export const definedChanges = (changes: ProductChanges): Partial<Omit<Product, 'id' | 'createdAt' | 'updatedAt'>> => {
  const defined: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) defined[key] = value;
  if (typeof defined.sku === 'string') defined.sku = normalizeSku(defined.sku);
  if (changes.attributes) defined.attributes = changes.attributes.map(({ name, value }) => ({ name, value }));
  if (changes.priceTiers) defined.priceTiers = changes.priceTiers.map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents }));
  return defined;
};

/** True when a change touches a field the search words (or the SKU key) come from. */
export const changesSearchText = (changes: ProductChanges): boolean =>
  (['name', 'sku', 'brand', 'description', 'attributes'] as const).some((key) => changes[key] !== undefined);

export const searchColumns = (product: Pick<Product, 'name' | 'sku' | 'brand' | 'description' | 'attributes'>) => {
  const text = productSearchText(product);
  return { searchName: text.name, searchRest: text.rest, skuKey: skuKey(product.sku) };
};
