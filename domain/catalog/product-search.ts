import type { Page } from '../shared/page.ts';
import type { AttributeCount, AttributeFilter } from './attribute-facets.ts';
import type { Product } from './product.ts';
import { wordsMatch, type SearchTerms } from './search-terms.ts';
import { skuKey } from './sku.ts';

/**
 * The catalogue search port (docs/catalogue.md, "Search"): matching, filters, facets, sorts and cursors.
 * SQLite (FTS5), PostgreSQL (tsvector) and memory implement it; one contract suite holds them
 * to the same answers, so a dedicated search engine could replace them by another adapter.
 */
export const PRODUCT_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The ranking rules every store applies, in this order:
 * - relevance: an exact SKU key, then SKU keys starting with the query's, then products whose
 *   NAME holds every word as typed, then the other matches as typed, then what only a word's
 *   correction matched (typo-corrections.ts); within each, by name, then id;
 * - newest: created desc, id desc; price-asc: price, id; price-desc: price desc, id desc;
 *   name: name, id. Names and ids compare by code point (byte order), the same in every store.
 */
export interface ProductSearchQuery {
  /** Null: no text search. Words empty (a query of only punctuation or emoji): nothing matches. */
  terms: SearchTerms | null;
  /** The category and its children, already resolved; null: any. */
  categoryIds: readonly string[] | null;
  brand: string | null;
  inStock: boolean;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  /**
   * Spec filters (attribute-facets.ts): every name must be held with one of its values. Absent or
   * empty: none.
   */
  attributes?: readonly AttributeFilter[] | undefined;
  /** `relevance` without terms is read as `newest`. */
  sort: ProductSort;
  limit: number;
  cursor: string | null;
  /** False skips `total` and the facets (the typeahead needs neither). */
  withCounts: boolean;
}

/**
 * The best matches for some words across the whole catalogue, without counts: what the typeahead
 * and quick order's pasted names ask.
 */
export const bestMatchesQuery = (terms: SearchTerms, limit: number): ProductSearchQuery => ({
  terms,
  categoryIds: null,
  brand: null,
  inStock: false,
  minPriceCents: null,
  maxPriceCents: null,
  sort: 'relevance',
  limit,
  cursor: null,
  withCounts: false,
});

/**
 * Facets as the stores count them: by category id (filed directly), brand, and attribute name and
 * value. Each facet leaves out its own filter: the categories are counted without the category
 * filter, the brands without the brand filter, a filtered attribute name's values without that
 * name's filter (the other names under every filter).
 *
 * The attributes of names not filtered by are counted only when something narrows the list (words,
 * a category, a brand, stock, a price or an attribute): the whole catalogue shares no specs worth
 * offering (bolts and cables), and counting them would read every product's attributes each time.
 */
export interface RawFacets {
  categories: { id: string; count: number }[];
  brands: { name: string; count: number }[];
  attributes: AttributeCount[];
}

export interface ProductSearchPage extends Page<Product> {
  total: number;
  facets: RawFacets;
}

export interface ProductSearch {
  search(query: ProductSearchQuery): Promise<ProductSearchPage>;
  /**
   * The distinct words the catalogue is indexed by (search-terms.ts), at most
   * MAX_VOCABULARY_WORDS of them, that typos are corrected to (typo-corrections.ts). Read from the
   * search index, once per catalogue version where the store can tell one: the same array is
   * handed back until the catalogue changes, so the lookups built on it are kept too.
   */
  vocabulary(): Promise<readonly string[]>;
}

/** The relevance bucket of a product for a query (see the ranking rules above). */
export const relevanceBucket = (
  product: Pick<Product, 'sku'>,
  terms: SearchTerms,
  nameWords: readonly string[],
  allWords: readonly string[],
): 0 | 1 | 2 | 3 | 4 => {
  const key = skuKey(product.sku);
  if (terms.skuKey !== null && key === terms.skuKey) return 0;
  if (terms.skuKey !== null && key.startsWith(terms.skuKey)) return 1;
  if (!wordsMatch(terms.words, allWords)) return 4;
  return wordsMatch(terms.words, nameWords) ? 2 : 3;
};
