import type { AuditNote } from '../audit/audit-log.ts';
import type { Page, PageRequest } from '../shared/page.ts';
import type { DuplicateSku, Product, ProductChanges, ProductRecord } from './product.ts';

/** A catalogue import's writes: new products and changes to existing ones, by id. */
export interface CatalogueWrites {
  creates: ProductRecord[];
  updates: { id: string; changes: ProductChanges }[];
}

export interface ProductRepository {
  /** Newest first (createdAt desc, id desc); the cursor is opaque. */
  list(page: PageRequest): Promise<Page<Product>>;
  findById(id: string): Promise<Product | null>;
  /** Compared upper-case. */
  findBySku(sku: string): Promise<Product | null>;
  /** The products holding any of these (upper-case) SKUs, in any order. */
  findBySkus(skus: readonly string[]): Promise<Product[]>;
  /** The products whose SKU key (sku.ts, `skuKey`) is any of these, in any order. */
  findBySkuKeys(keys: readonly string[]): Promise<Product[]>;
  /**
   * For SKUs nobody has, the known SKUs within a few typing mistakes of each, nearest first, keyed
   * by the SKU normalised; the work is bounded per call, so some may be left out (sku-did-you-mean.ts).
   */
  similarSkus(skus: readonly string[], limit: number): Promise<Map<string, string[]>>;
  /**
   * Catalogue fields left out take their defaults (unit `piece`, pack of 1, minimum 100, no tiers,
   * no attributes, no brand or category); a product without a SKU gets the next `BH-000123`.
   */
  create(product: ProductRecord, audit?: AuditNote): Promise<Product | DuplicateSku>;
  update(id: string, changes: ProductChanges, updatedAt: Date, audit?: AuditNote): Promise<Product | null | DuplicateSku>;
  /** Every write in one transaction: all of them, or none when a SKU is taken. */
  importAll(writes: CatalogueWrites, updatedAt: Date, audit?: AuditNote): Promise<'ok' | DuplicateSku>;
  /** Existing orders keep their snapshot; returns false when the product did not exist. */
  delete(id: string, audit?: AuditNote): Promise<boolean>;
  count(): Promise<number>;
  /** How many products hold fewer than `units` in stock. */
  countBelowStock(units: number): Promise<number>;
  /** How many products are filed directly under the category. */
  countInCategory(categoryId: string): Promise<number>;
}
