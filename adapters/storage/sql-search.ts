/**
 * The catalogue search as SQL, shared by the SQLite and PostgreSQL adapters: they differ only in
 * how a text match, a name match and a byte-order comparison are written (`SearchDialect`). One
 * query shape per combination of filters and sort, so each dialect can prepare and cache it.
 */
import type { ProductSearchQuery } from '#domain/catalog/product-search.ts';
import { appliedSort, type AppliedSort, type SortKey } from './search-cursor.ts';

export interface SearchDialect {
  /** The placeholder of the n-th parameter (1-based). */
  param(n: number): string;
  /** A condition: the product matches every word (the match expression is one parameter). */
  textMatch(param: string): string;
  /** The match expression for the words, as the engine's query syntax, every word quoted. */
  matchExpression(words: readonly string[]): string;
  /** A condition: the product's NAME holds every word. */
  nameMatch(param: string): string;
  nameMatchExpression(words: readonly string[]): string;
  /** A text column compared and ordered in byte order. */
  bytes(column: string): string;
  /** The first byte-order string above every SKU that starts with the parameter. */
  skuPrefixEnd(param: string): string;
  /** A time parameter, from milliseconds. */
  time(param: string): string;
}

export interface SqlQuery {
  text: string;
  params: unknown[];
}

export interface SearchSql {
  sort: AppliedSort;
  /** Null when no product can match (a query of no words): the stores answer an empty page. */
  page: SqlQuery | null;
  total: SqlQuery | null;
  categoryFacet: SqlQuery | null;
  brandFacet: SqlQuery | null;
}

/** Columns every product read selects, aliased to the domain's names. */
export const PRODUCT_SELECT = [
  'p.id AS "id"',
  'p.sku AS "sku"',
  'p.name AS "name"',
  'p.description AS "description"',
  'p.image_url AS "imageUrl"',
  'p.price_cents AS "priceCents"',
  'p.stock AS "stock"',
  'p.category_id AS "categoryId"',
  'p.brand AS "brand"',
  'p.unit AS "unit"',
  'p.attributes AS "attributes"',
  'p.min_order_quantity AS "minOrderQuantity"',
  'p.pack_size AS "packSize"',
  'p.price_tiers AS "priceTiers"',
  'p.created_at AS "createdAt"',
  'p.updated_at AS "updatedAt"',
].join(', ');

type Filter = 'category' | 'brand';

export function buildSearchSql(dialect: SearchDialect, query: ProductSearchQuery, after: SortKey | null): SearchSql {
  const words = query.terms?.words ?? null;
  const sort = appliedSort(query.sort, words !== null && words.length > 0);
  if (words !== null && words.length === 0) return { sort, page: null, total: null, categoryFacet: null, brandFacet: null };

  /** The WHERE clause and its parameters, leaving out the named filter (for its facet). */
  const where = (leaveOut: Filter | null, params: unknown[]): string => {
    const add = (value: unknown) => {
      params.push(value);
      return dialect.param(params.length);
    };
    const conditions: string[] = [];
    if (words !== null) conditions.push(dialect.textMatch(add(dialect.matchExpression(words))));
    if (query.categoryIds !== null && leaveOut !== 'category') {
      conditions.push(query.categoryIds.length === 0 ? '1 = 0' : `p.category_id IN (${query.categoryIds.map((id) => add(id)).join(', ')})`);
    }
    if (query.brand !== null && leaveOut !== 'brand') conditions.push(`p.brand = ${add(query.brand)}`);
    if (query.inStock) conditions.push('p.stock > 0');
    if (query.minPriceCents !== null) conditions.push(`p.price_cents >= ${add(query.minPriceCents)}`);
    if (query.maxPriceCents !== null) conditions.push(`p.price_cents <= ${add(query.maxPriceCents)}`);
    return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  };

  const pageParams: unknown[] = [];
  const add = (value: unknown) => {
    pageParams.push(value);
    return dialect.param(pageParams.length);
  };
  const name = dialect.bytes('p.name');
  const id = dialect.bytes('p.id');
  let page: string;
  if (sort === 'relevance' && query.terms) {
    const sku = query.terms.sku;
    const skuParam = add(sku);
    const bucket = `CASE WHEN p.sku = ${skuParam} THEN 0 WHEN p.sku >= ${skuParam} AND p.sku < ${dialect.skuPrefixEnd(skuParam)} THEN 1 WHEN ${dialect.nameMatch(add(dialect.nameMatchExpression(words ?? [])))} THEN 2 ELSE 3 END`;
    const inner = `SELECT ${PRODUCT_SELECT}, ${bucket} AS "bucket", ${name} AS "sortName", ${id} AS "sortId" FROM products p ${where(null, pageParams)}`;
    const cursor =
      after?.sort === 'relevance' ? `WHERE ("bucket", "sortName", "sortId") > (${add(after.bucket)}, ${add(after.name)}, ${add(after.id)})` : '';
    page = `SELECT * FROM (${inner}) r ${cursor} ORDER BY "bucket", "sortName", "sortId" LIMIT ${add(query.limit + 1)}`;
  } else {
    const conditions = where(null, pageParams);
    const and = (condition: string) => (conditions ? `${conditions} AND ${condition}` : `WHERE ${condition}`);
    const [order, cursor] = ((): [string, string | null] => {
      switch (sort) {
        case 'newest':
          return ['p.created_at DESC, ' + `${id} DESC`, after?.sort === 'newest' ? `(p.created_at, ${id}) < (${dialect.time(add(after.createdAtMs))}, ${add(after.id)})` : null];
        case 'price-asc':
          return [`p.price_cents, ${id}`, after?.sort === 'price-asc' ? `(p.price_cents, ${id}) > (${add(after.priceCents)}, ${add(after.id)})` : null];
        case 'price-desc':
          return [`p.price_cents DESC, ${id} DESC`, after?.sort === 'price-desc' ? `(p.price_cents, ${id}) < (${add(after.priceCents)}, ${add(after.id)})` : null];
        default:
          return [`${name}, ${id}`, after?.sort === 'name' ? `(${name}, ${id}) > (${add(after.name)}, ${add(after.id)})` : null];
      }
    })();
    page = `SELECT ${PRODUCT_SELECT} FROM products p ${cursor ? and(cursor) : conditions} ORDER BY ${order} LIMIT ${add(query.limit + 1)}`;
  }

  if (!query.withCounts) return { sort, page: { text: page, params: pageParams }, total: null, categoryFacet: null, brandFacet: null };
  const counted = (leaveOut: Filter | null, select: string, extra: string, group: string): SqlQuery => {
    const params: unknown[] = [];
    const conditions = where(leaveOut, params);
    const all = conditions ? `${conditions}${extra ? ` AND ${extra}` : ''}` : extra ? `WHERE ${extra}` : '';
    return { text: `SELECT ${select} FROM products p ${all}${group}`, params };
  };
  const categoryFacet = counted('category', 'p.category_id AS "id", count(*) AS "count"', 'p.category_id IS NOT NULL', ' GROUP BY p.category_id');
  const brandFacet = counted('brand', 'p.brand AS "name", count(*) AS "count"', 'p.brand IS NOT NULL', ' GROUP BY p.brand');
  // With nothing else to filter by, a facet counts the whole catalogue. Grouping every product row
  // is what PostgreSQL would then do (reading the whole table); instead each category, and each
  // brand found by stepping through the brand index, counts its own index range.
  const unfiltered = (facet: SqlQuery) => facet.params.length === 0 && !query.inStock;
  return {
    sort,
    page: { text: page, params: pageParams },
    total: counted(null, 'count(*) AS "count"', '', ''),
    categoryFacet: unfiltered(categoryFacet)
      ? { text: 'SELECT c.id AS "id", (SELECT count(*) FROM products p WHERE p.category_id = c.id) AS "count" FROM categories c', params: [] }
      : categoryFacet,
    brandFacet: unfiltered(brandFacet)
      ? {
          text:
            'WITH RECURSIVE b(name) AS (SELECT min(brand) FROM products WHERE brand IS NOT NULL ' +
            'UNION ALL SELECT (SELECT min(p.brand) FROM products p WHERE p.brand > b.name) FROM b WHERE b.name IS NOT NULL) ' +
            'SELECT b.name AS "name", (SELECT count(*) FROM products p WHERE p.brand = b.name) AS "count" FROM b WHERE b.name IS NOT NULL',
          params: [],
        }
      : brandFacet,
  };
}
