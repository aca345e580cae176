import { relevanceBucket, type ProductSearch, type RawFacets } from '#domain/catalog/product-search.ts';
import type { Product } from '#domain/catalog/product.ts';
import { productSearchText, searchWords, termsMatch } from '#domain/catalog/search-terms.ts';
import { skuKey } from '#domain/catalog/sku.ts';
import { MAX_VOCABULARY_WORDS } from '#domain/catalog/typo-corrections.ts';
import { appliedSort, decodeSearchCursor, encodeSearchCursor, sortKeyOf, type SortKey } from '../search-cursor.ts';
import { copy, type MemoryTables } from './tables.ts';

/** Byte order for the BMP, as SQLite's BINARY and PostgreSQL's "C" collations compare. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The order of two sort keys of the same sort (negative: a first). */
const compareKeys = (a: SortKey, b: SortKey): number => {
  switch (a.sort) {
    case 'newest': {
      const other = b as typeof a;
      return other.createdAtMs - a.createdAtMs || compareText(other.id, a.id);
    }
    case 'price-asc': {
      const other = b as typeof a;
      return a.priceCents - other.priceCents || compareText(a.id, other.id);
    }
    case 'price-desc': {
      const other = b as typeof a;
      return other.priceCents - a.priceCents || compareText(other.id, a.id);
    }
    case 'name': {
      const other = b as typeof a;
      return compareText(a.name, other.name) || compareText(a.id, other.id);
    }
    case 'relevance': {
      const other = b as typeof a;
      return a.bucket - other.bucket || compareText(a.name, other.name) || compareText(a.id, other.id);
    }
  }
};

/**
 * The search port over the memory tables: the same matching (every query word starts a word of
 * the product), filters, facets and ranking rules as the SQL stores, computed by scanning.
 */
export function createMemorySearch(tables: MemoryTables): ProductSearch {
  const wordsOf = (product: Product) => {
    const text = productSearchText(product);
    return { name: searchWords(text.name), all: [...searchWords(text.name), ...searchWords(text.rest)] };
  };
  /** Read again only when the catalogue changed (tables.catalog counts every catalogue write). */
  let vocabulary: { version: number; words: string[] } | null = null;
  return {
    async search(query) {
      const words = query.terms?.words ?? null;
      const sort = appliedSort(query.sort, words !== null && words.length > 0);
      const matchesText = (product: Product) => {
        if (query.terms === null) return true;
        if (query.terms.words.length === 0) return false;
        if (query.terms.skuKey !== null && skuKey(product.sku).startsWith(query.terms.skuKey)) return true;
        return termsMatch(query.terms, wordsOf(product).all);
      };
      const inCategory = (product: Product) => query.categoryIds === null || (product.categoryId !== null && query.categoryIds.includes(product.categoryId));
      const ofBrand = (product: Product) => query.brand === null || product.brand === query.brand;
      const attributeFilters = query.attributes ?? [];
      /** Holds every filtered name with one of its values, but `leaveOutName`'s (for its own facet). */
      const holdsAttributes = (product: Product, leaveOutName: string | null = null) =>
        attributeFilters.every(
          (filter) => filter.name === leaveOutName || product.attributes.some((attribute) => attribute.name === filter.name && filter.values.includes(attribute.value)),
        );
      const others = (product: Product) =>
        (!query.inStock || product.stock > 0) &&
        (query.minPriceCents === null || product.priceCents >= query.minPriceCents) &&
        (query.maxPriceCents === null || product.priceCents <= query.maxPriceCents);

      // Before the category, brand and attribute filters, which the facets leave out one at a time.
      const unfiltered = [...tables.products.values()].filter((product) => matchesText(product) && others(product));
      const base = unfiltered.filter((product) => holdsAttributes(product));
      const matching = base.filter((product) => inCategory(product) && ofBrand(product));
      const keyed = matching.map((product) => {
        const words = wordsOf(product);
        const bucket = query.terms ? relevanceBucket(product, query.terms, words.name, words.all) : 3;
        return { product, key: sortKeyOf(sort, product, bucket) };
      });
      keyed.sort((a, b) => compareKeys(a.key, b.key));
      const after = decodeSearchCursor(query.cursor, sort);
      const rest = after ? keyed.filter(({ key }) => compareKeys(key, after) > 0) : keyed;
      const page = rest.slice(0, query.limit);
      const last = page.at(-1);

      const facets: RawFacets = { categories: [], brands: [], attributes: [] };
      if (query.withCounts) {
        const categoryCounts = new Map<string, number>();
        for (const product of base.filter(ofBrand)) {
          if (product.categoryId !== null) categoryCounts.set(product.categoryId, (categoryCounts.get(product.categoryId) ?? 0) + 1);
        }
        const brandCounts = new Map<string, number>();
        for (const product of base.filter(inCategory)) {
          if (product.brand !== null) brandCounts.set(product.brand, (brandCounts.get(product.brand) ?? 0) + 1);
        }
        facets.categories = [...categoryCounts].map(([id, count]) => ({ id, count }));
        facets.brands = [...brandCounts].map(([name, count]) => ({ name, count }));
        const filtered = new Set(attributeFilters.map((filter) => filter.name));
        // The names not filtered by only when something narrows the list (product-search.ts, RawFacets).
        const narrowed =
          query.terms !== null || query.categoryIds !== null || query.brand !== null || query.inStock || query.minPriceCents !== null || query.maxPriceCents !== null || attributeFilters.length > 0;
        const attributeCounts = new Map<string, { name: string; value: string; count: number }>();
        const within = unfiltered.filter((product) => inCategory(product) && ofBrand(product));
        for (const product of within) {
          for (const { name, value } of product.attributes) {
            // A filtered name's values are counted without its own filter, the others under all.
            if (!filtered.has(name) && !narrowed) continue;
            if (!holdsAttributes(product, filtered.has(name) ? name : null)) continue;
            const key = JSON.stringify([name, value]);
            const entry = attributeCounts.get(key) ?? { name, value, count: 0 };
            entry.count += 1;
            attributeCounts.set(key, entry);
          }
        }
        facets.attributes = [...attributeCounts.values()];
      }
      return {
        items: page.map(({ product }) => copy(product)),
        nextCursor: rest.length > query.limit && last ? encodeSearchCursor(last.key) : null,
        total: query.withCounts ? matching.length : 0,
        facets,
      };
    },
    async vocabulary() {
      const version = tables.catalog.count();
      if (vocabulary?.version !== version) {
        const words = new Set<string>();
        for (const product of tables.products.values()) for (const word of wordsOf(product).all) words.add(word);
        vocabulary = { version, words: [...words].slice(0, MAX_VOCABULARY_WORDS) };
      }
      return vocabulary.words;
    },
  };
}
