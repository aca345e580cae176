import type { Cents } from '../shared/money.ts';
import type { PriceTier, ProductAttribute, ProductCatalogDetails, ProductTerms } from './product-terms.ts';

export interface Product extends ProductCatalogDetails, ProductTerms {
  id: string;
  name: string;
  description: string;
  imageUrl: string;
  priceCents: Cents;
  /** Units on hand; never below zero (the database enforces it too). */
  stock: number;
  /** The category it is filed under (a department or one of its categories), or null. */
  categoryId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields an admin sets; the catalogue fields take their defaults when left out. */
export interface NewProduct extends Pick<Product, 'name' | 'description' | 'imageUrl' | 'priceCents' | 'stock'> {
  /** Left out: the store assigns the next `BH-000123` number. */
  sku?: string | undefined;
  categoryId?: string | null | undefined;
  brand?: string | null | undefined;
  unit?: string | undefined;
  attributes?: readonly ProductAttribute[] | undefined;
  minOrderQuantity?: number | undefined;
  packSize?: number | undefined;
  priceTiers?: readonly PriceTier[] | undefined;
}
export type ProductChanges = Partial<Omit<NewProduct, 'sku'>> & { sku?: string | undefined };

/** What a store writes: a new product with its id and time; an unset SKU is assigned by the store. */
export type ProductRecord = NewProduct & { id: string; createdAt: Date };

/** A write the store refused because another product holds the SKU (compared upper-case). */
export type DuplicateSku = 'duplicate-sku';

export const isSoldOut = (product: Pick<Product, 'stock'>): boolean => product.stock === 0;

/** How many products the home page shows, newest first. */
export const HOME_PRODUCT_COUNT = 6;
