import type { Page, PageRequest } from '../shared/page.ts';
import type { NewProduct, Product, ProductChanges } from './product.ts';

export interface ProductRepository {
  /** Newest first (createdAt desc, id desc); the cursor is opaque. */
  list(page: PageRequest): Promise<Page<Product>>;
  findById(id: string): Promise<Product | null>;
  create(product: NewProduct & { id: string; createdAt: Date }): Promise<Product>;
  update(id: string, changes: ProductChanges, updatedAt: Date): Promise<Product | null>;
  /** Existing orders keep their snapshot; returns false when the product did not exist. */
  delete(id: string): Promise<boolean>;
  count(): Promise<number>;
  /** How many products hold fewer than `units` in stock. */
  countBelowStock(units: number): Promise<number>;
}
