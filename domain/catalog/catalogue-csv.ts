import type { Category } from './category.ts';
import type { Product } from './product.ts';
import { centsAsDollars } from '../shared/money.ts';

/**
 * The catalogue file's columns (docs/catalogue.md, "Catalogue import and export"), in order: one row per
 * product, keyed by its part number. Prices are in dollars with two decimals; tiers read
 * `500:22.00;1000:19.50`; specs read `Thread=M8;Length=40 mm`; the category is its slug.
 */
export const CATALOGUE_COLUMNS = [
  'sku',
  'name',
  'description',
  'category',
  'brand',
  'unit',
  'price',
  'stock',
  'minOrderQuantity',
  'packSize',
  'tiers',
  'specs',
  'imageUrl',
] as const;

export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];


/** One product as the export writes it; `categorySlugs` maps a category id to its slug. */
export const catalogueRow = (product: Product, categorySlugs: ReadonlyMap<string, Category['slug']>): Record<CatalogueColumn, string> => ({
  sku: product.sku,
  name: product.name,
  description: product.description,
  category: product.categoryId ? (categorySlugs.get(product.categoryId) ?? '') : '',
  brand: product.brand ?? '',
  unit: product.unit,
  price: centsAsDollars(product.priceCents),
  stock: String(product.stock),
  minOrderQuantity: String(product.minOrderQuantity),
  packSize: String(product.packSize),
  tiers: product.priceTiers.map((tier) => `${tier.minQuantity}:${centsAsDollars(tier.unitPriceCents)}`).join(';'),
  specs: product.attributes.map((attribute) => `${attribute.name}=${attribute.value}`).join(';'),
  imageUrl: product.imageUrl,
});
