import type { ProductSearchQuery } from '#domain/catalog/product-search.ts';
import type { SortKey } from './search-cursor.ts';

/**
 * A search with words without a join per match (docs/performance.md, "Words without a join per
 * match"). A common word matches thousands of products; the full-text index hands their keys over
 * in a fraction of a millisecond, but looking each one up in `products` (for its category, brand,
 * stock, name) and in `product_attributes` (for the spec facets) cost 20 ms at 20,000 products on
 * SQLite, and more on PostgreSQL. So the few columns the filters, the relevance order and the
 * counts need are read once per catalogue version into arrays (`CatalogueFacts`), in name order,
 * and a search with words fetches the matching keys and walks those arrays: the same order and the
 * same exact counts as the statements of sql-search.ts, which the stores without a version still
 * run.
 */

/**
 * How a store names a product in its full-text index, as an integer JSON and a double carry exactly:
 * SQLite's FTS5 rowid, 52 bits of a hash of the id on PostgreSQL.
 */
export type MatchKey = number;

/**
 * Key → position, open addressing over typed arrays: a lookup is a few array reads, where a Map
 * took 0.2 µs (a millisecond for a common word's 6,000 matches).
 */
export class Positions {
  private readonly keys: Float64Array;
  private readonly values: Int32Array;
  private readonly shift: number;
  size = 0;

  constructor(count: number) {
    let bits = 4;
    while (1 << bits < count * 2) bits++;
    this.keys = new Float64Array(1 << bits);
    this.values = new Int32Array(1 << bits).fill(-1);
    this.shift = 32 - bits;
  }

  private first(key: number): number {
    // The low and the high 32 bits, mixed (Fibonacci hashing).
    return Math.imul((key | 0) ^ Math.floor(key / 4294967296), 0x9e3779b1) >>> this.shift;
  }

  /** False when the key is there already (the position is not changed). */
  set(key: number, position: number): boolean {
    const mask = this.values.length - 1;
    for (let slot = this.first(key); ; slot = (slot + 1) & mask) {
      if (this.values[slot] === -1) {
        this.keys[slot] = key;
        this.values[slot] = position;
        this.size++;
        return true;
      }
      if (this.keys[slot] === key) return false;
    }
  }

  /** The key's position, or -1. */
  get(key: number): number {
    const mask = this.values.length - 1;
    for (let slot = this.first(key); ; slot = (slot + 1) & mask) {
      const value = this.values[slot] ?? -1;
      if (value === -1 || this.keys[slot] === key) return value;
    }
  }
}

/**
 * A product's columns as the word search needs them, by position in (name, id) byte order. The
 * categories, brands and spec values are numbered in byte order (a missing category or brand
 * first), so counting is adding into arrays and the counts come out in the order SQLite's GROUP BY
 * gives them.
 */
export interface CatalogueFacts {
  /** The product's key in the full-text index → position; fewer than the products when two share a key. */
  position: Positions;
  ids: string[];
  names: string[];
  /** The distinct categories (null first, then byte order); `categoryOf[n]` numbers one. */
  categories: (string | null)[];
  categoryOf: Int32Array;
  brands: (string | null)[];
  brandOf: Int32Array;
  inStock: Uint8Array;
  priceCents: Float64Array;
  /** The distinct spec (name, value) pairs in byte order; product n holds `pairOf[pairsFrom[n] … pairsFrom[n + 1])`. */
  pairs: { name: string; value: string }[];
  pairsFrom: Int32Array;
  pairOf: Int32Array;
}

/** Byte order of two strings (UTF-8, as SQLite's BINARY collation compares them): code point order. */
export const compareBytes = (a: string, b: string): number => {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const [x, y] = [a.charCodeAt(i), b.charCodeAt(i)];
    // UTF-16 puts U+E000–U+FFFF after the surrogates that encode every code point above them.
    if (x !== y) return (x >= 0xd800 ? (x < 0xe000 ? x + 0x2000 : x - 0x800) : x) - (y >= 0xd800 ? (y < 0xe000 ? y + 0x2000 : y - 0x800) : y);
  }
  return a.length - b.length;
};
const compareNullsFirst = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? -1 : b === null ? 1 : compareBytes(a, b));

/** Numbers the distinct values in their order: the list and each value's number. */
const numbered = <T>(values: readonly T[], order: (a: T, b: T) => number, key: (value: T) => string): { list: T[]; numberOf: Map<string, number> } => {
  const distinct = new Map<string, T>();
  for (const value of values) distinct.set(key(value), value);
  const list = [...distinct.values()].sort(order);
  return { list, numberOf: new Map(list.map((value, n) => [key(value), n])) };
};
const nullable = (value: string | null) => (value === null ? '' : `=${value}`);

/** A product's row for the facts: key, id, name, category, brand, in stock, price. */
export type FactRow = readonly [MatchKey, string, string, string | null, string | null, boolean | number, number | string];

/**
 * Every product's facts, from its rows in (name, id) byte order (the relevance order's tie-break
 * within a bucket, product-search.ts) and the spec attributes (product id, name, value). A store
 * reads them once per catalogue version: the version moves with every product write and every
 * stock move across zero (catalog-writes.ts), which is all that changes these columns; the counts
 * without words rely on the same (sql-search.ts, `READ_PER_VERSION`).
 */
export const catalogueFactsOf = (rows: readonly FactRow[], attributeRows: Iterable<readonly [string, string, string]>): CatalogueFacts => {
  const size = rows.length;
  const categories = numbered(rows.map((row) => row[3]), compareNullsFirst, nullable);
  const brands = numbered(rows.map((row) => row[4]), compareNullsFirst, nullable);
  const facts: CatalogueFacts = {
    position: new Positions(size),
    ids: new Array<string>(size),
    names: new Array<string>(size),
    categories: categories.list,
    categoryOf: new Int32Array(size),
    brands: brands.list,
    brandOf: new Int32Array(size),
    inStock: new Uint8Array(size),
    priceCents: new Float64Array(size),
    pairs: [],
    pairsFrom: new Int32Array(size + 1),
    pairOf: new Int32Array(0),
  };
  const byId = new Map<string, number>();
  rows.forEach(([searchId, id, name, categoryId, brand, inStock, priceCents], n) => {
    facts.position.set(searchId, n);
    byId.set(id, n);
    facts.ids[n] = id;
    facts.names[n] = name;
    facts.categoryOf[n] = categories.numberOf.get(nullable(categoryId)) ?? 0;
    facts.brandOf[n] = brands.numberOf.get(nullable(brand)) ?? 0;
    facts.inStock[n] = inStock ? 1 : 0;
    facts.priceCents[n] = Number(priceCents);
  });
  const held: { n: number; name: string; value: string }[] = [];
  for (const [productId, name, value] of attributeRows) {
    const n = byId.get(productId);
    if (n !== undefined) held.push({ n, name, value });
  }
  const pairKey = (pair: { name: string; value: string }) => JSON.stringify([pair.name, pair.value]);
  const pairs = numbered(held, (a, b) => compareBytes(a.name, b.name) || compareBytes(a.value, b.value), pairKey);
  facts.pairs = pairs.list.map(({ name, value }) => ({ name, value }));
  held.sort((a, b) => a.n - b.n);
  facts.pairOf = Int32Array.from(held, (pair) => pairs.numberOf.get(pairKey(pair)) ?? 0);
  let k = 0;
  for (let n = 0; n <= size; n++) {
    while (k < held.length && (held[k]?.n ?? size) < n) k++;
    facts.pairsFrom[n] = k;
  }
  return facts;
};

/**
 * Some of `all`'s matches: by key, or as one character per match of `all`, in its order, '1' for
 * those kept (a store that sends keys as text looks each up once).
 */
export type MatchesOf = { keys: readonly MatchKey[] } | { flags: string };

/** What the full-text index matched, as product keys. */
export interface WordMatchSets {
  /** Every word (or one of its corrections), anywhere. */
  all: readonly MatchKey[];
  /**
   * Of those, every word as typed anywhere: null when no word has a correction (then it is `all`)
   * or when the order is not by relevance.
   */
  asTyped: MatchesOf | null;
  /** Of those, every word as typed in the name (none when the order is not by relevance). */
  inName: MatchesOf;
  /** The products whose SKU key starts with the query's, with whether it is the whole key. */
  sku: readonly (readonly [MatchKey, boolean | number])[];
}

interface Chosen {
  position: number;
  bucket: number;
}

export interface WordAnswer {
  /** The page's products, as ids in relevance order with their bucket (one more than the limit when there is a next page); null when the sort is not relevance. */
  page: Chosen[] | null;
  /**
   * The rows sql-search.ts's count statements would answer, in their order: the matches per
   * (category, brand) with the stock, price and spec filters, then the spec values.
   */
  counts: Record<string, unknown>[][];
}

/**
 * The relevance page and the counts of a query with words, from the facts and the matching rowids.
 * The buckets, filters and counts are those of sql-search.ts (`buildSearchSql`), row for row.
 */
export const answerWords = (facts: CatalogueFacts, matches: WordMatchSets, query: ProductSearchQuery, after: SortKey | null, relevance: boolean): WordAnswer => {
  const size = facts.ids.length;
  // 0: the whole SKU key, 1: its start, 2: every word as typed in the name, 3: the rest (4 when a
  // correction is used: what only a correction matched). 255: not a match.
  const bucket = new Uint8Array(size).fill(255);
  const corrected = query.terms?.corrections.some((list) => list.length > 0) ?? false;
  const rest = corrected ? 4 : 3;
  const positions = Int32Array.from(matches.all, (key) => facts.position.get(key));
  for (const n of positions) if (n >= 0) bucket[n] = rest;
  const each = (some: MatchesOf, mark: (n: number) => void) => {
    if ('flags' in some) {
      positions.forEach((n, i) => n >= 0 && some.flags[i] === '1' && mark(n));
      return;
    }
    for (const key of some.keys) {
      const n = facts.position.get(key);
      if (n >= 0) mark(n);
    }
  };
  if (relevance) {
    if (corrected && matches.asTyped !== null) each(matches.asTyped, (n) => bucket[n] === 4 && (bucket[n] = 3));
    each(matches.inName, (n) => bucket[n] !== 255 && (bucket[n] = 2));
  }
  for (const [key, whole] of matches.sku) {
    const n = facts.position.get(key);
    if (n >= 0) bucket[n] = whole ? 0 : 1;
  }
  const matched: number[] = [];
  for (let n = 0; n < size; n++) if (bucket[n] !== 255) matched.push(n);

  // The filters as numbers: which categories, which brand, which pairs each spec filter accepts.
  const categorySet = query.categoryIds === null ? null : new Set<string | null>(query.categoryIds);
  const categoryKept = categorySet === null ? null : Uint8Array.from(facts.categories, (id) => (categorySet.has(id) ? 1 : 0));
  const brandKept = query.brand === null ? -1 : facts.brands.indexOf(query.brand);
  const filters = query.attributes ?? [];
  const accepts = filters.map((filter) => {
    const values = new Set(filter.values);
    return Uint8Array.from(facts.pairs, (pair) => (pair.name === filter.name && values.has(pair.value) ? 1 : 0));
  });
  const holds = (n: number, accepted: Uint8Array): boolean => {
    for (let k = facts.pairsFrom[n] ?? 0, end = facts.pairsFrom[n + 1] ?? 0; k < end; k++) if (accepted[facts.pairOf[k] ?? 0] === 1) return true;
    return false;
  };
  /** Every filter but category and brand, and but the spec filter numbered `leaveOut`. */
  const narrowedBy = (n: number, leaveOut: number): boolean => {
    if (query.inStock && facts.inStock[n] !== 1) return false;
    const price = facts.priceCents[n] ?? 0;
    if ((query.minPriceCents !== null && price < query.minPriceCents) || (query.maxPriceCents !== null && price > query.maxPriceCents)) return false;
    for (let f = 0; f < accepts.length; f++) if (f !== leaveOut && !holds(n, accepts[f] ?? new Uint8Array(0))) return false;
    return true;
  };
  const inCategoryAndBrand = (n: number): boolean =>
    (categoryKept === null || categoryKept[facts.categoryOf[n] ?? 0] === 1) && (query.brand === null || facts.brandOf[n] === brandKept);

  let page: Chosen[] | null = null;
  if (relevance) {
    // The positions are in (name, id) order: the first of each bucket past the cursor, in order.
    const from = after?.sort === 'relevance' ? firstAfter(facts, after.name, after.id) : 0;
    const past = (n: number, b: number) => after?.sort !== 'relevance' || b > after.bucket || (b === after.bucket && n >= from);
    const chosen: Chosen[] = [];
    for (let b = 0; b <= 4 && chosen.length <= query.limit; b++) {
      for (const n of matched) {
        if (bucket[n] === b && past(n, b) && narrowedBy(n, -1) && inCategoryAndBrand(n)) {
          chosen.push({ position: n, bucket: b });
          if (chosen.length > query.limit) break;
        }
      }
    }
    page = chosen;
  }

  if (!query.withCounts) return { page, counts: [] };
  // The matches per (category, brand), numbered category × brands + brand: byte order of both.
  const brandCount = facts.brands.length;
  const groups = new Map<number, number>();
  for (const n of matched) {
    if (!narrowedBy(n, -1)) continue;
    const key = (facts.categoryOf[n] ?? 0) * brandCount + (facts.brandOf[n] ?? 0);
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const groupRows = [...groups]
    .sort(([a], [b]) => a - b)
    .map(([key, count]) => ({ categoryId: facts.categories[Math.floor(key / brandCount)] ?? null, brand: facts.brands[key % brandCount] ?? null, count }));
  const filtered = new Set(filters.map((filter) => filter.name));
  /** The spec values of the matches passing every filter but spec filter `leaveOut`'s, of its name (-1: of the names not filtered by). */
  const valuesOf = (leaveOut: number): Record<string, unknown>[] => {
    const name = filters[leaveOut]?.name ?? null;
    const countsOf = new Int32Array(facts.pairs.length);
    const counted = Uint8Array.from(facts.pairs, (pair) => ((name === null ? !filtered.has(pair.name) : pair.name === name) ? 1 : 0));
    for (const n of matched) {
      if (!narrowedBy(n, leaveOut) || !inCategoryAndBrand(n)) continue;
      for (let k = facts.pairsFrom[n] ?? 0, end = facts.pairsFrom[n + 1] ?? 0; k < end; k++) {
        const pair = facts.pairOf[k] ?? 0;
        if (counted[pair] === 1) countsOf[pair] = (countsOf[pair] ?? 0) + 1;
      }
    }
    const rows: Record<string, unknown>[] = [];
    countsOf.forEach((count, pair) => {
      if (count > 0) rows.push({ ...facts.pairs[pair], count });
    });
    return rows;
  };
  return { page, counts: [groupRows, valuesOf(-1), ...filters.map((_, f) => valuesOf(f))] };
};

/** The first position whose (name, id) comes after the cursor's, in byte order. */
const firstAfter = (facts: CatalogueFacts, name: string, id: string): number => {
  let [low, high] = [0, facts.ids.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compareBytes(facts.names[middle] ?? '', name) || compareBytes(facts.ids[middle] ?? '', id);
    if (order <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
};
