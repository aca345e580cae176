import type { Category, CategoryChanges, NewCategory } from './category.ts';

/** A slug another category holds. */
export type DuplicateSlug = 'duplicate-slug';

export interface CategoryRepository {
  /** Every category (a shop has tens, not thousands), by name. */
  listAll(): Promise<Category[]>;
  findById(id: string): Promise<Category | null>;
  create(category: NewCategory): Promise<Category | DuplicateSlug>;
  update(id: string, changes: CategoryChanges): Promise<Category | null | DuplicateSlug>;
  /** False when it did not exist. Callers check it has no products or children first. */
  delete(id: string): Promise<boolean>;
  /** Products in stock filed directly under each category (categories without any are left out). */
  inStockCounts(): Promise<Map<string, number>>;
}
