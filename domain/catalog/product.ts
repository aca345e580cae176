import type { Cents } from '../shared/money.ts';

export interface Product {
  id: string;
  name: string;
  description: string;
  imageUrl: string;
  priceCents: Cents;
  /** Units on hand; never below zero (the database enforces it too). */
  stock: number;
  createdAt: Date;
  updatedAt: Date;
}

export type NewProduct = Pick<Product, 'name' | 'description' | 'imageUrl' | 'priceCents' | 'stock'>;
export type ProductChanges = Partial<NewProduct>;

export const isSoldOut = (product: Pick<Product, 'stock'>): boolean => product.stock === 0;

/** How many products the home page shows, newest first. */
export const HOME_PRODUCT_COUNT = 6;
