import type { Database, Statement } from 'better-sqlite3';
import type { ProductSearch, ProductSearchQuery } from '#domain/catalog/product-search.ts';
import type { Product } from '#domain/catalog/product.ts';
import { MAX_VOCABULARY_WORDS, TYPO_MIN_LENGTH } from '#domain/catalog/typo-corrections.ts';
import { appliedSort, decodeSearchCursor, encodeSearchCursor, sortKeyOf, type SortKey } from '../search-cursor.ts';
import { readOncePerVersion } from '../catalog-writes.ts';
import { buildSearchSql, PRODUCT_SELECT, READ_PER_VERSION, type SearchDialect, type SqlQuery } from '../sql-search.ts';
import { answerWords, catalogueFactsOf, type CatalogueFacts, type FactRow } from '../word-search.ts';

/**
 * FTS5: each word a quoted prefix phrase, so nothing the buyer typed is read as syntax; a word
 * with corrections is the OR of them in brackets.
 */
const phrase = (word: string) => `"${word.replaceAll('"', '""')}"*`;
const quoted = (groups: readonly (readonly string[])[]) =>
  // Explicit AND: FTS5 reads a phrase followed by a bracket without one as a syntax error.
  groups.map((group) => (group.length === 1 ? phrase(group[0] ?? '') : `(${group.map(phrase).join(' OR ')})`)).join(' AND ');

export const sqliteSearchDialect: SearchDialect = {
  param: (n) => `@p${n}`,
  textMatch: (param) => `p.search_id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${param})`,
  matchExpression: quoted,
  nameMatch: (param) => `p.search_id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${param})`,
  nameMatchExpression: (groups) => `search_name : (${quoted(groups)})`,
  // BINARY, SQLite's default collation, is byte order already.
  bytes: (column) => column,
  // '~' sorts after every character a SKU may hold (A–Z 0–9 - . /).
  skuPrefixEnd: (param) => `${param} || '~'`,
  time: (param) => param,
  // SQLite would otherwise walk the brand index to group without sorting, fetching every product
  // to test the other filters; `+` makes it read the filters' index and sort the few matches.
  groupedOnly: (column) => `+${column}`,
  attributesOf: (matches) => `(SELECT x.name, x.value FROM product_attributes x WHERE x.product_id IN (${matches})) a`,
};

/**
 * The reads of every product and spec a search with words walks (word-search.ts), once per
 * catalogue version, like sql-search.ts's `READ_PER_VERSION`. BINARY, SQLite's default collation,
 * is byte order (products_name_idx).
 */
export const SQLITE_FACTS_READS = [
  'SELECT search_id, id, name, category_id, brand, stock > 0, price_cents FROM products ORDER BY name, id',
  'SELECT product_id, name, value FROM product_attributes',
] as const;

interface ProductRow extends Omit<Product, 'attributes' | 'priceTiers' | 'createdAt' | 'updatedAt'> {
  attributes: string;
  priceTiers: string;
  createdAt: number;
  updatedAt: number;
  bucket?: number;
}

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  description: row.description,
  imageUrl: row.imageUrl,
  priceCents: row.priceCents,
  stock: row.stock,
  categoryId: row.categoryId,
  brand: row.brand,
  unit: row.unit,
  attributes: JSON.parse(row.attributes) as Product['attributes'],
  minOrderQuantity: row.minOrderQuantity,
  packSize: row.packSize,
  priceTiers: JSON.parse(row.priceTiers) as Product['priceTiers'],
  createdAt: new Date(row.createdAt),
  updatedAt: new Date(row.updatedAt),
});

/** Distinct query shapes are few (filters × sorts × category sizes); a bound keeps it so. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * The search port on SQLite: FTS5 (`products_fts`, migration 0002) for the words, the products
 * indexes for filters and sorts (sql-search.ts builds the statements). Statements are prepared
 * once per shape and kept. The products and their specs per (category, brand, in stock), which the
 * counts without words are summed from, are read once per catalogue `version`; so are the columns a
 * search with words filters, orders and counts by (word-search.ts), which then reads only the
 * matching rowids from FTS5 and the page's products.
 */
export function createSqliteSearch(sqlite: Database, version: (() => string | null) | null = null): ProductSearch {
  const statements = new Map<string, Statement>();
  const prepared = (text: string): Statement => {
    let statement = statements.get(text);
    if (!statement) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      statement = sqlite.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  const named = (params: unknown[]) => Object.fromEntries(params.map((value, index) => [`p${index + 1}`, value]));
  const all = <T>(query: SqlQuery): T[] => prepared(query.text).all(named(query.params)) as T[];
  const perVersion = new Map(READ_PER_VERSION.map((query) => [query, readOncePerVersion(async () => all<Record<string, unknown>>(query), version)]));

  const factRows = sqlite.prepare<[], FactRow>(SQLITE_FACTS_READS[0]).raw();
  const attributeRows = sqlite.prepare<[], [string, string, string]>(SQLITE_FACTS_READS[1]).raw();
  const facts = version ? readOncePerVersion<CatalogueFacts>(async () => catalogueFactsOf(factRows.all(), attributeRows.iterate()), version) : null;
  // One JSON array rather than a row per match: a third less time for thousands of matches.
  const matching = sqlite.prepare<[string], string>('SELECT json_group_array(rowid) FROM products_fts WHERE products_fts MATCH ?').pluck();
  const rowids = (expression: string) => JSON.parse(matching.get(expression) ?? '[]') as number[];
  const skuPrefixed = sqlite.prepare<[{ key: string }], [number, number]>("SELECT search_id, sku_key = @key FROM products WHERE sku_key >= @key AND sku_key < @key || '~'").raw();
  const productById = sqlite.prepare<[string], ProductRow>(`SELECT ${PRODUCT_SELECT} FROM products p WHERE p.id = ?`);

  /** A query with words answered from the facts and FTS5's rowids: its relevance page's ids and its counts' rows. */
  const wordAnswer = (catalogue: CatalogueFacts, query: ProductSearchQuery, after: SortKey | null, relevance: boolean) => {
    const terms = query.terms;
    if (!terms || terms.words.length === 0) return null;
    const typed = terms.words.map((word) => [word]);
    const corrected = terms.corrections.some((list) => list.length > 0);
    const matches = {
      all: rowids(quoted(terms.words.map((word, i) => [word, ...(terms.corrections[i] ?? [])]))),
      asTyped: relevance && corrected ? { keys: rowids(quoted(typed)) } : null,
      inName: { keys: relevance ? rowids(sqliteSearchDialect.nameMatchExpression(typed)) : [] },
      sku: terms.skuKey === null ? [] : skuPrefixed.all({ key: terms.skuKey }),
    };
    const answer = answerWords(catalogue, matches, query, after, relevance);
    return { page: answer.page?.map(({ position, bucket }) => ({ id: catalogue.ids[position] ?? '', bucket })) ?? null, counts: answer.counts };
  };

  const vocabulary = sqlite.prepare<[number, number], string>(
    // Letters only: part numbers and sizes are matched by SKU key, never corrected.
    `SELECT term FROM products_fts_vocab WHERE length(term) >= ? AND term NOT GLOB '*[0-9]*' LIMIT ?`,
  ).pluck();

  return {
    async vocabulary() {
      return vocabulary.all(TYPO_MIN_LENGTH - 1, MAX_VOCABULARY_WORDS);
    },
    async search(query) {
      const after = decodeSearchCursor(query.cursor, appliedSort(query.sort, (query.terms?.words.length ?? 0) > 0));
      const built = buildSearchSql(sqliteSearchDialect, query, after);
      if (!built.page) return { items: [], nextCursor: null, ...built.countsOf([]) };
      const words = facts && query.terms ? wordAnswer(await facts(), query, after, built.sort === 'relevance') : null;
      // The page from the facts when they chose it and each of its products is still there (a
      // write by another process is seen up to a millisecond late); otherwise from its statement.
      const chosenRows = words?.page?.map((chosen) => {
        const row = productById.get(chosen.id);
        return row ? { ...row, bucket: chosen.bucket } : null;
      });
      const rows = chosenRows && chosenRows.every((row) => row !== null) ? (chosenRows as ProductRow[]) : all<ProductRow>(built.page);
      const items = rows.slice(0, query.limit).map(toProduct);
      const lastRow = rows[query.limit - 1];
      const last = items.at(-1);
      const nextCursor = rows.length > query.limit && last && lastRow ? encodeSearchCursor(sortKeyOf(built.sort, last, lastRow.bucket ?? 3)) : null;
      const counts = words
        ? words.counts
        : await Promise.all(built.counts.map(async (count) => (perVersion.get(count)?.() ?? all<Record<string, unknown>>(count))));
      return { items, nextCursor, ...built.countsOf(counts) };
    },
  };
}
