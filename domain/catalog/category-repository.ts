import type { AuditNote } from '../audit/audit-log.ts';
import type { Category, CategoryChanges, NewCategory } from './category.ts';

/** A slug another category holds. */
export type DuplicateSlug = 'duplicate-slug';

export interface CategoryRepository {
  /** Every category (a shop has tens, not thousands), by name. */
  listAll(): Promise<Category[]>;
  findById(id: string): Promise<Category | null>;
  /**
   * `audit`, when given, is written in the same transaction as the change, and only when the change
   * happens (docs/audit-log.md); its `after` is the stored category.
   */
  create(category: NewCategory, audit?: AuditNote): Promise<Category | DuplicateSlug>;
  update(id: string, changes: CategoryChanges, audit?: AuditNote): Promise<Category | null | DuplicateSlug>;
  /** False when it did not exist. Callers check it has no products or children first. */
  delete(id: string, audit?: AuditNote): Promise<boolean>;
  /** Products in stock filed directly under each category (categories without any are left out). */
  inStockCounts(): Promise<Map<string, number>>;
}
