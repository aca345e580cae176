import type { ProductSearch } from '#domain/catalog/product-search.ts';
import type { Category } from '#domain/catalog/category.ts';
import type { CategoryRepository } from '#domain/catalog/category-repository.ts';

/**
 * The products whose stock alone moved, in the order this process moved them: what a cache of
 * per-product pages needs to drop only those pages (see catalogVersion in storage.ts).
 */
export interface StockMoves {
  /** How many stock moves this process has counted so far. */
  count(): number;
  /** The products moved after the first `seen` moves; null when those are no longer remembered. */
  productsMovedSince(seen: number): readonly string[] | null;
}

/**
 * Counts this process's writes that may change what the catalog shows: the SQLite, PostgreSQL and
 * memory stores' catalogVersion and catalogStockMoves.
 */
export interface CatalogWrites {
  /** Counts one write that may change any page (a product or category written); hands its result back. */
  changed<T>(result: T): T;
  /**
   * Counts the stock an order took: only the pages showing these products change, unless it
   * emptied a shelf (then the in-stock filter, its facets and the department counts change too,
   * and it counts as `changed`).
   */
  stockMoved<T>(productIds: readonly string[], emptiedAShelf: boolean, result: T): T;
  /** The writes counted by `changed`. */
  count(): number;
  stockMoves: StockMoves;
}

/** The stock moves remembered for caches that fell behind; one further back drops a whole cache. */
export const REMEMBERED_STOCK_MOVES = 1024;

export const createCatalogWrites = (): CatalogWrites => {
  let writes = 0;
  let moves = 0;
  // The last REMEMBERED_STOCK_MOVES moves' products: moved[i] is move number `moves - moved.length + i`.
  const moved: (readonly string[])[] = [];
  return {
    changed(result) {
      writes++;
      return result;
    },
    stockMoved(productIds, emptiedAShelf, result) {
      if (emptiedAShelf) writes++;
      else {
        moves++;
        moved.push(productIds);
        if (moved.length > REMEMBERED_STOCK_MOVES) moved.shift();
      }
      return result;
    },
    count: () => writes,
    stockMoves: {
      count: () => moves,
      productsMovedSince(seen) {
        const first = moves - moved.length;
        return seen < first ? null : moved.slice(seen - first).flat();
      },
    },
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

/**
 * The search with its vocabulary (the words typos are corrected to) read once per catalog
 * version, and the same array handed out until the version moves, so the domain keeps the lookups
 * it builds on it (domain/catalog/typo-corrections.ts). Without a version every call reads: the
 * stores bound the read (MAX_VOCABULARY_WORDS words).
 */
export const vocabularyReadOncePerVersion = (search: ProductSearch, version: (() => string | null) | null): ProductSearch => {
  if (!version) return search;
  let remembered: { version: string; words: Promise<readonly string[]> } | null = null;
  return {
    search: (query) => search.search(query),
    async vocabulary() {
      const now = version();
      if (now === null) return search.vocabulary();
      if (remembered?.version !== now) {
        // Read after the version: a write landing meanwhile moves it, and the next call reads again.
        const words = search.vocabulary();
        remembered = { version: now, words };
        words.catch(() => {
          if (remembered?.words === words) remembered = null; // a failed read is not kept
        });
      }
      return remembered.words;
    },
  };
};

/**
 * A read of the whole catalogue kept for as long as the catalog version stays put, the same
 * promise handed to every caller until the version moves (a failed read is not kept). The SQL
 * stores' search reads the products per (category, brand, in stock) this way (sql-search.ts,
 * `PRODUCT_GROUPS`): the version moves with every product write and every stock move across zero,
 * which is all that changes those groups. Without a version every call reads.
 */
export const readOncePerVersion = <T>(read: () => Promise<T>, version: (() => string | null) | null): (() => Promise<T>) => {
  if (!version) return read;
  let remembered: { version: string; value: Promise<T> } | null = null;
  return () => {
    const now = version();
    if (now === null) return read();
    if (remembered?.version !== now) {
      // Read after the version: a write landing meanwhile moves it, and the next call reads again.
      const value = read();
      remembered = { version: now, value };
      value.catch(() => {
        if (remembered?.value === value) remembered = null;
      });
    }
    return remembered.value;
  };
};
