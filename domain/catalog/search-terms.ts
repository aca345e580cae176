import { normalizeSku, SKU_MAX_LENGTH } from './sku.ts';
import type { Product } from './product.ts';

/**
 * How catalogue text is cut into words, once for every store (docs/catalogue.md, "Search"): accents
 * folded, lower case, runs of letters and digits. The stores index exactly these words (SQLite
 * FTS5, PostgreSQL `to_tsvector('simple', …)`, the memory store's arrays), so the same query
 * finds the same products everywhere, and whatever a buyer types — quotes, `NEAR`, `*`, `-`,
 * brackets, emoji — is only ever words, never search syntax.
 */
export const searchWords = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** At most this many words of a query are used. */
export const MAX_QUERY_WORDS = 8;
/** Longer queries are refused (400): nobody types a 2,000-character search. */
export const MAX_QUERY_LENGTH = 200;

/** The words a product is found by, as the stores index them: its name, and everything else. */
export interface ProductSearchText {
  /** The name's words, joined by spaces (a name match ranks above a match elsewhere). */
  name: string;
  /** SKU, brand, description and attribute values. */
  rest: string;
}

export const productSearchText = (
  product: Pick<Product, 'name' | 'sku' | 'brand' | 'description' | 'attributes'>,
): ProductSearchText => ({
  name: searchWords(product.name).join(' '),
  rest: searchWords([product.sku, product.brand ?? '', product.description, ...product.attributes.map((a) => a.value)].join(' ')).join(' '),
});

/** What a typed query means to the stores. */
export interface SearchTerms {
  /** Each must be the start of some word of the product (prefix matching as the buyer types). */
  words: string[];
  /** The query as a SKU, when it could be one: an exact SKU ranks first, then SKUs starting with it. */
  sku: string | null;
}

export const searchTerms = (q: string): SearchTerms => {
  const sku = normalizeSku(q);
  return {
    words: [...new Set(searchWords(q))].slice(0, MAX_QUERY_WORDS),
    sku: sku.length > 0 && sku.length <= SKU_MAX_LENGTH && /^[A-Z0-9./-]+$/.test(sku) ? sku : null,
  };
};

/** True when every query word starts some word of the text (the memory store's matching). */
export const wordsMatch = (words: readonly string[], textWords: readonly string[]): boolean =>
  words.every((word) => textWords.some((candidate) => candidate.startsWith(word)));
