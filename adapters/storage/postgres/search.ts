import { sql } from 'drizzle-orm';
import type { ProductSearch } from '#domain/catalog/product-search.ts';
import type { Product } from '#domain/catalog/product.ts';
import { MAX_VOCABULARY_WORDS } from '#domain/catalog/typo-corrections.ts';
import { appliedSort, decodeSearchCursor, encodeSearchCursor, sortKeyOf } from '../search-cursor.ts';
import { readOncePerVersion } from '../catalog-writes.ts';
import { buildSearchSql, READ_PER_VERSION, type SearchDialect, type SqlQuery } from '../sql-search.ts';
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
 * catalogue `version`.
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
      const rows = await all<ProductRow>(built.page);
      const items = rows.slice(0, query.limit).map(toProduct);
      const lastRow = rows[query.limit - 1];
      const last = items.at(-1);
      const nextCursor = rows.length > query.limit && last && lastRow ? encodeSearchCursor(sortKeyOf(built.sort, last, Number(lastRow.bucket ?? 3))) : null;
      const counts = built.countsOf(await Promise.all(built.counts.map(counted)));
      return { items, nextCursor, ...counts };
    },
  };
}
