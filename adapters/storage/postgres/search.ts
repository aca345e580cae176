import { sql } from 'drizzle-orm';
import type { ProductSearch, ProductSearchQuery } from '#domain/catalog/product-search.ts';
import type { Product } from '#domain/catalog/product.ts';
import { MAX_VOCABULARY_WORDS } from '#domain/catalog/typo-corrections.ts';
import { appliedSort, decodeSearchCursor, encodeSearchCursor, sortKeyOf, type SortKey } from '../search-cursor.ts';
import { readOncePerVersion } from '../catalog-writes.ts';
import { buildSearchSql, PRODUCT_SELECT, READ_PER_VERSION, type SearchDialect, type SqlQuery } from '../sql-search.ts';
import { answerWords, catalogueFactsOf, type CatalogueFacts, type FactRow, type WordMatchSets } from '../word-search.ts';
import type { PgDb } from './database.ts';

/** tsquery: each word quoted and marked as a prefix, every group required, any word of a group. */
const prefix = (word: string) => `'${word.replaceAll("'", "''").replaceAll('\\', '\\\\')}':*`;
const prefixes = (groups: readonly (readonly string[])[]) =>
  groups.map((group) => (group.length === 1 ? prefix(group[0] ?? '') : `(${group.map(prefix).join(' | ')})`)).join(' & ');

export const pgSearchDialect: SearchDialect = {
  param: (n) => `$${n}`,
  // The stored vectors (schema.ts, `search_vector`), so the GIN index serves the match and a
  // relevance sort's second look at each match reads the row rather than recomputing the vector.
  textMatch: (param) => `p.search_vector @@ to_tsquery('simple', ${param})`,
  matchExpression: prefixes,
  nameMatch: (param) => `p.search_name_vector @@ to_tsquery('simple', ${param})`,
  nameMatchExpression: prefixes,
  bytes: (column) => `${column} COLLATE "C"`,
  skuPrefixEnd: (param) => `(${param} || '~') COLLATE "C"`,
  time: (param) => `(timestamptz 'epoch' + ${param}::bigint * interval '1 millisecond')`,
  groupedOnly: (column) => column,
  // Joined any other way, the planner hashes the matches against the whole attributes table read in
  // full; OFFSET 0 keeps the lateral subquery apart, so each match's attributes are one probe of
  // the primary key, and the work follows the matches, not the catalogue.
  attributesOf: (matches) => `(${matches}) m CROSS JOIN LATERAL (SELECT x.name, x.value FROM product_attributes x WHERE x.product_id = m.id OFFSET 0) a`,
};

/**
 * A product's key in the word search: 52 bits of a hash of its id, a number both JSON and a
 * float8 carry exactly, so thousands of matches arrive as numbers rather than ids to look up as
 * text. Two products with one key (a chance of about one in 20 million at 20,000 products) leave the
 * facts unused for that catalogue version (`facts` in `createPgSearch` checks).
 */
const KEY = (id: string) => `(hashtextextended(${id}, 0) >> 12)`;

/**
 * The reads of every product and spec a search with words and counts walks (word-search.ts), once
 * per catalogue version, like sql-search.ts's `READ_PER_VERSION`; names and ids in "C" order, as
 * the relevance order compares them.
 */
export const PG_FACTS_READS = [
  `SELECT ${KEY('id')}::float8 AS "key", id AS "id", name AS "name", category_id AS "categoryId", brand AS "brand", stock > 0 AS "inStock", price_cents AS "priceCents" FROM products ORDER BY name COLLATE "C", id COLLATE "C"`,
  'SELECT product_id AS "productId", name AS "name", value AS "value" FROM product_attributes',
] as const;

interface ProductRow extends Omit<Product, 'priceCents'> {
  priceCents: number | string;
  bucket?: number;
}

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  description: row.description,
  imageUrl: row.imageUrl,
  priceCents: Number(row.priceCents),
  stock: row.stock,
  categoryId: row.categoryId,
  brand: row.brand,
  unit: row.unit,
  attributes: row.attributes,
  minOrderQuantity: row.minOrderQuantity,
  packSize: row.packSize,
  priceTiers: row.priceTiers,
  createdAt: new Date(row.createdAt),
  updatedAt: new Date(row.updatedAt),
});

/**
 * The search port on PostgreSQL: the stored `simple` tsvector of the search words (GIN index
 * products_search_vector_idx) for matching, the products indexes (names and ids in "C" order) for
 * filters and sorts; sql-search.ts builds the statements. The products and their specs per
 * (category, brand, in stock), which the counts without words are summed from, are read once per
 * catalogue `version`; so are the columns a search with words and counts filters, orders and counts
 * by (word-search.ts), which then reads only the matching keys, in one statement, and the page's
 * products.
 */
export function createPgSearch(db: PgDb, version: (() => string | null) | null = null): ProductSearch {
  const all = async <T>(query: SqlQuery): Promise<T[]> => {
    const chunks = query.text.split(/\$(\d+)/);
    const parts = chunks.map((chunk, index) => (index % 2 === 0 ? sql.raw(chunk) : sql`${query.params[Number(chunk) - 1]}`));
    // PgDb spans drivers (node-postgres, PGlite) whose result types drizzle leaves open; both
    // answer `{rows}`, checked here rather than assumed. The rows are the statement's columns.
    const result: unknown = await db.execute(sql.join(parts));
    if (!(result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows))) throw new Error('search: the driver answered without rows');
    return result.rows as T[];
  };
  const perVersion = new Map(READ_PER_VERSION.map((query) => [query, readOncePerVersion(() => all<Record<string, unknown>>(query), version)]));
  const counted = (query: SqlQuery) => perVersion.get(query)?.() ?? all<Record<string, unknown>>(query);

  const readFacts = async (): Promise<CatalogueFacts> => {
    const [rows, attributes] = await Promise.all([
      all<{ key: number; id: string; name: string; categoryId: string | null; brand: string | null; inStock: boolean; priceCents: number | string }>({
        text: PG_FACTS_READS[0],
        params: [],
      }),
      all<{ productId: string; name: string; value: string }>({ text: PG_FACTS_READS[1], params: [] }),
    ]);
    return catalogueFactsOf(
      rows.map((row): FactRow => [Number(row.key), row.id, row.name, row.categoryId, row.brand, row.inStock, row.priceCents]),
      attributes.map((row) => [row.productId, row.name, row.value] as const),
    );
  };
  const factsOfVersion = version ? readOncePerVersion(readFacts, version) : null;
  const facts = factsOfVersion && (async () => {
    const read = await factsOfVersion();
    return read.position.size === read.ids.length ? read : null; // every key held once
  });

  /**
   * What the words match, in one statement along the GIN index: the keys as one JSON array, and for
   * each (in the same order, one character per match) whether the name holds every word as typed
   * and whether the words as typed match; then the SKU key's prefix matches.
   */
  const wordMatches = async (query: ProductSearchQuery, relevance: boolean): Promise<WordMatchSets | null> => {
    const terms = query.terms;
    if (!terms || terms.words.length === 0) return null;
    const typed = terms.words.map((word) => [word]);
    const corrected = terms.corrections.some((list) => list.length > 0);
    const flag = (condition: string) => `string_agg(CASE WHEN ${condition} THEN '1' ELSE '0' END, '')`;
    const sku = 'p.sku_key COLLATE "C"';
    const [row] = await all<{ keys: number[] | null; inName: string | null; asTyped: string | null; sku: [number, boolean][] | null }>({
      text:
        `SELECT json_agg(${KEY('p.id')}) AS "keys", ${flag(pgSearchDialect.nameMatch('$2'))} AS "inName", ${flag(pgSearchDialect.textMatch('$3'))} AS "asTyped", ` +
        `(SELECT json_agg(json_build_array(${KEY('p.id')}, ${sku} = $4)) FROM products p WHERE ${sku} >= $4 AND ${sku} < ${pgSearchDialect.skuPrefixEnd('$4')}) AS "sku" ` +
        `FROM products p WHERE ${pgSearchDialect.textMatch('$1')}`,
      params: [prefixes(terms.words.map((word, i) => [word, ...(terms.corrections[i] ?? [])])), prefixes(typed), prefixes(typed), terms.skuKey],
    });
    return {
      all: row?.keys ?? [],
      asTyped: relevance && corrected ? { flags: row?.asTyped ?? '' } : null,
      inName: { flags: relevance ? (row?.inName ?? '') : '' },
      sku: row?.sku ?? [],
    };
  };
  /** A query with words answered from the facts: its relevance page's ids and its counts' rows. */
  const wordAnswer = async (catalogue: CatalogueFacts, query: ProductSearchQuery, after: SortKey | null, relevance: boolean) => {
    const matches = await wordMatches(query, relevance);
    if (!matches) return null;
    const answer = answerWords(catalogue, matches, query, after, relevance);
    return { page: answer.page?.map(({ position, bucket }) => ({ id: catalogue.ids[position] ?? '', bucket })) ?? null, counts: answer.counts };
  };
  /** The chosen products whole, in the chosen order; null when one has gone meanwhile. */
  const chosenRows = async (chosen: readonly { id: string; bucket: number }[]): Promise<ProductRow[] | null> => {
    if (chosen.length === 0) return [];
    const ids = chosen.map((item) => item.id);
    const rows = await all<ProductRow>({ text: `SELECT ${PRODUCT_SELECT} FROM products p WHERE p.id IN (${ids.map((_, n) => `$${n + 1}`).join(', ')})`, params: ids });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = chosen.map((item) => {
      const row = byId.get(item.id);
      return row ? { ...row, bucket: item.bucket } : null;
    });
    return ordered.every((row) => row !== null) ? (ordered as ProductRow[]) : null;
  };

  return {
    async vocabulary() {
      // The trigger keeps only words without digits (migration 0020); along the primary key, so the
      // ceiling takes the first words in order rather than sorting them all. The domain leaves out
      // the words too short to be a correction.
      const rows = await all<{ word: string }>({ text: 'SELECT word FROM search_words ORDER BY word LIMIT $1', params: [MAX_VOCABULARY_WORDS] });
      return rows.map((row) => row.word);
    },
    async search(query) {
      const after = decodeSearchCursor(query.cursor, appliedSort(query.sort, (query.terms?.words.length ?? 0) > 0));
      const built = buildSearchSql(pgSearchDialect, query, after);
      if (!built.page) return { items: [], nextCursor: null, ...built.countsOf([]) };
      // Without counts (the typeahead) one statement sorting the matches' ids costs PostgreSQL less
      // than the keys cost this process to read and walk.
      const catalogue = facts && query.terms && query.withCounts ? await facts() : null;
      const words = catalogue ? await wordAnswer(catalogue, query, after, built.sort === 'relevance') : null;
      // The page from the facts when they chose it and each of its products is still there (another
      // process's write is seen once its notification arrives); otherwise from its statement.
      const rows = (words?.page ? await chosenRows(words.page) : null) ?? (await all<ProductRow>(built.page));
      const items = rows.slice(0, query.limit).map(toProduct);
      const lastRow = rows[query.limit - 1];
      const last = items.at(-1);
      const nextCursor = rows.length > query.limit && last && lastRow ? encodeSearchCursor(sortKeyOf(built.sort, last, Number(lastRow.bucket ?? 3))) : null;
      const counts = built.countsOf(words ? words.counts : await Promise.all(built.counts.map(counted)));
      return { items, nextCursor, ...counts };
    },
  };
}
