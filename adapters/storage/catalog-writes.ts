import type { Category } from '#domain/catalog/category.ts';
import type { CategoryRepository } from '#domain/catalog/category-repository.ts';

/**
 * Counts this process's writes that may change what the catalog shows (a product created, edited
 * or deleted, or its stock moved by an order): the SQLite and PostgreSQL stores' catalogVersion.
 */
export interface CatalogWrites {
  /** Counts one write and hands its result back. */
  changed<T>(result: T): T;
  count(): number;
}

export const createCatalogWrites = (): CatalogWrites => {
  let writes = 0;
  return {
    changed(result) {
      writes++;
      return result;
    },
    count: () => writes,
  };
};

/**
 * The categories with their list read once per catalog version: every catalogue search and
 * product page needs the whole tree (a category includes its children), and it changes only with
 * the version (a category written here or by another process). Each caller gets its own copy of
 * the list. Without a version (null) every call reads.
 */
export const categoriesReadOncePerVersion = (categories: CategoryRepository, version: (() => string | null) | null): CategoryRepository => {
  if (!version) return categories;
  let remembered: { version: string; list: Promise<Category[]> } | null = null;
  return {
    ...categories,
    async listAll() {
      const now = version();
      if (now === null) return categories.listAll();
      if (remembered?.version !== now) {
        // Read after the version: a write landing meanwhile moves it, and the next call reads again.
        const list = categories.listAll();
        remembered = { version: now, list };
        list.catch(() => {
          if (remembered?.list === list) remembered = null; // a failed read is not kept
        });
      }
      return [...(await remembered.list)];
    },
  };
};
