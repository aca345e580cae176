import { skuKey, SKU_MAX_LENGTH } from './sku.ts';
import { correctionsOf, type Vocabulary } from './typo-corrections.ts';
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
  /**
   * For each word (same index), catalogue words it may be a typo of (typo-corrections.ts): a
   * product with a word starting with one of them matches that word too, ranked below every
   * product the words match as typed. Empty lists: no correction.
   */
  corrections: string[][];
  /**
   * The query as a SKU key (sku.ts, `skuKey`), when it could be one: a product whose key starts
   * with it matches (so `fbm840` finds `FB-M8-40-A2`); an exact key ranks first, then the others.
   */
  skuKey: string | null;
}

/** A shorter key (one letter or digit) would match a sixth of the catalogue by SKU alone. */
const SKU_KEY_MIN_LENGTH = 2;

export const searchTerms = (q: string): SearchTerms => {
  const words = [...new Set(searchWords(q))].slice(0, MAX_QUERY_WORDS);
  const key = skuKey(q);
  return {
    words,
    corrections: words.map(() => []),
    skuKey: key.length >= SKU_KEY_MIN_LENGTH && key.length <= SKU_MAX_LENGTH ? key : null,
  };
};

/** The terms with each word's corrections among the catalogue's words (typo-corrections.ts). */
export const withCorrections = (terms: SearchTerms, vocabulary: Vocabulary): SearchTerms => ({
  ...terms,
  corrections: terms.words.map((word) => correctionsOf(word, vocabulary)),
});

/** True when some word of the terms has a correction. */
export const hasCorrections = (terms: SearchTerms): boolean => terms.corrections.some((list) => list.length > 0);

/** The words as typed only, without corrections: what "search instead for" searches. */
export const asTyped = (terms: SearchTerms): SearchTerms => ({ ...terms, corrections: terms.words.map(() => []) });

/** True when every query word starts some word of the text (the memory store's matching). */
export const wordsMatch = (words: readonly string[], textWords: readonly string[]): boolean =>
  words.every((word) => textWords.some((candidate) => candidate.startsWith(word)));

/** True when each query word, or one of its corrections, starts some word of the text. */
export const termsMatch = (terms: SearchTerms, textWords: readonly string[]): boolean =>
  terms.words.every((word, i) => [word, ...(terms.corrections[i] ?? [])].some((alternative) => textWords.some((candidate) => candidate.startsWith(alternative))));
