/**
 * The catalogue search as SQL, shared by the SQLite and PostgreSQL adapters: they differ only in
 * how a text match, a name match and a byte-order comparison are written (`SearchDialect`). One
 * query shape per combination of filters and sort, so each dialect can prepare and cache it.
 */
import type { ProductSearchQuery, RawFacets } from '#domain/catalog/product-search.ts';
import { appliedSort, type AppliedSort, type SortKey } from './search-cursor.ts';

export interface SearchDialect {
  /** The placeholder of the n-th parameter (1-based). */
  param(n: number): string;
  /** A condition: the product matches every word (the match expression is one parameter). */
  textMatch(param: string): string;
  /**
   * The match expression, as the engine's query syntax, every word quoted: each group must match,
   * by any one of its words (a typed word and its typo corrections), each word as a prefix.
   */
  matchExpression(groups: readonly (readonly string[])[]): string;
  /** A condition: the product's NAME holds every word. */
  nameMatch(param: string): string;
  nameMatchExpression(groups: readonly (readonly string[])[]): string;
  /** A text column compared and ordered in byte order. */
  bytes(column: string): string;
  /** The first byte-order string above every SKU that starts with the parameter. */
  skuPrefixEnd(param: string): string;
  /** A time parameter, from milliseconds. */
  time(param: string): string;
  /** A column to group by without reading the whole table through that column's own index. */
  groupedOnly(column: string): string;
  /**
   * A FROM item, aliased `a` (columns `name`, `value`), of the attributes of the products that
   * `matches` (a `SELECT p.id …`) selects, read by product through the primary key.
   */
  attributesOf(matches: string): string;
}

export interface SqlQuery {
  text: string;
  params: unknown[];
}

export interface SearchSql {
  sort: AppliedSort;
  /** Null when no product can match (a query of no words): the stores answer an empty page. */
  page: SqlQuery | null;
  /** The statements that count the matches and the facets (none when no counts are asked). */
  counts: SqlQuery[];
  /** The total and the facets from the rows of `counts`, in the same order. */
  countsOf(results: readonly (readonly Row[])[]): Counts;
}

type Row = Record<string, unknown>;
interface Counts {
  total: number;
  facets: RawFacets;
}
const NO_COUNTS: Counts = { total: 0, facets: { categories: [], brands: [], attributes: [] } };
const countOf = (row: Row | undefined): number => Number(row?.['count'] ?? 0);

/**
 * The catalogue's products per (category, brand, in stock): what the counts without words, price
 * range or spec filter are summed from (`buildSearchSql`). One statement, without parameters, so a
 * store recognises it and answers it from its copy for the current catalogue version
 * (catalog-writes.ts, `productGroupsReadOncePerVersion`).
 */
export const PRODUCT_GROUPS: SqlQuery = {
  text:
    'SELECT p.category_id AS "categoryId", p.brand AS "brand", CASE WHEN p.stock > 0 THEN 1 ELSE 0 END AS "inStock", count(*) AS "count" ' +
    'FROM products p GROUP BY p.category_id, p.brand, CASE WHEN p.stock > 0 THEN 1 ELSE 0 END',
  params: [],
};

/**
 * The spec attributes' values per (category, brand, in stock): the spec facets of a page with no
 * words, price range or spec filter are summed from these, read once per catalogue version like
 * `PRODUCT_GROUPS` (the attributes change only with a product write).
 */
export const ATTRIBUTE_GROUPS: SqlQuery = {
  text:
    'SELECT p.category_id AS "categoryId", p.brand AS "brand", CASE WHEN p.stock > 0 THEN 1 ELSE 0 END AS "inStock", a.name AS "name", a.value AS "value", count(*) AS "count" ' +
    'FROM product_attributes a JOIN products p ON p.id = a.product_id GROUP BY p.category_id, p.brand, CASE WHEN p.stock > 0 THEN 1 ELSE 0 END, a.name, a.value',
  params: [],
};

/** The statements a store answers from its copy for the current catalogue version. */
export const READ_PER_VERSION: readonly SqlQuery[] = [PRODUCT_GROUPS, ATTRIBUTE_GROUPS];

/** Grouped rows by their category (null for none), worked out once per copy of the rows. */
const byCategoryOf = new WeakMap<readonly Row[], Map<string | null, Row[]>>();
const byCategory = (rows: readonly Row[]): Map<string | null, Row[]> => {
  let index = byCategoryOf.get(rows);
  if (!index) {
    index = new Map();
    for (const row of rows) {
      const id = (row['categoryId'] as string | null) ?? null;
      const list = index.get(id);
      if (list) list.push(row);
      else index.set(id, [row]);
    }
    byCategoryOf.set(rows, index);
  }
  return index;
};

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

/**
 * A product holds the name with one of the values: product_attributes (migrations 0018/0021, kept
 * by triggers from `products.attributes`) along product_attributes_name_value_idx.
 */
const holds = (add: (value: unknown) => string, name: string, values: readonly string[]) =>
  `p.id IN (SELECT a.product_id FROM product_attributes a WHERE a.name = ${add(name)} AND a.value IN (${values.map((value) => add(value)).join(', ')}))`;

/**
 * Up to this many categories, a page of several categories is read category by category and
 * merged (see `buildSearchSql`); a department has a handful. Beyond it one statement of this many
 * branches would cost more to plan than to sort.
 */
const MERGED_CATEGORIES = 32;

export function buildSearchSql(dialect: SearchDialect, query: ProductSearchQuery, after: SortKey | null): SearchSql {
  const words = query.terms?.words ?? null;
  const typed = (words ?? []).map((word) => [word]);
  const corrections = query.terms?.corrections ?? [];
  const corrected = corrections.some((list) => list.length > 0);
  const groups = (words ?? []).map((word, i) => [word, ...(corrections[i] ?? [])]);
  const skuKey = query.terms?.skuKey ?? null;
  const skuKeyColumn = dialect.bytes('p.sku_key');
  const sort = appliedSort(query.sort, words !== null && words.length > 0);
  if (words !== null && words.length === 0) return { sort, page: null, counts: [], countsOf: () => NO_COUNTS };

  const attributeFilters = query.attributes ?? [];
  /**
   * The WHERE clause and its parameters, leaving out the named filters (for the facets) and the
   * attribute filter of `leaveOutName` (for that name's values); `inCategory`, when given, stands
   * for the category filter (one branch of a department's page).
   */
  const where = (leaveOut: readonly Filter[], params: unknown[], leaveOutName: string | null = null, inCategory?: string): string => {
    const add = (value: unknown) => {
      params.push(value);
      return dialect.param(params.length);
    };
    const conditions: string[] = [];
    if (words !== null) {
      const text = dialect.textMatch(add(dialect.matchExpression(groups)));
      // A part number however it is typed: the start of the SKU key (products_sku_key_idx).
      if (skuKey === null) conditions.push(text);
      else {
        const key = add(skuKey);
        conditions.push(`(${text} OR (${skuKeyColumn} >= ${key} AND ${skuKeyColumn} < ${dialect.skuPrefixEnd(key)}))`);
      }
    }
    if (inCategory !== undefined) conditions.push(`p.category_id = ${add(inCategory)}`);
    else if (query.categoryIds !== null && !leaveOut.includes('category')) {
      conditions.push(query.categoryIds.length === 0 ? '1 = 0' : `p.category_id IN (${query.categoryIds.map((id) => add(id)).join(', ')})`);
    }
    if (query.brand !== null && !leaveOut.includes('brand')) conditions.push(`p.brand = ${add(query.brand)}`);
    if (query.inStock) conditions.push('p.stock > 0');
    if (query.minPriceCents !== null) conditions.push(`p.price_cents >= ${add(query.minPriceCents)}`);
    if (query.maxPriceCents !== null) conditions.push(`p.price_cents <= ${add(query.maxPriceCents)}`);
    for (const filter of attributeFilters) if (filter.name !== leaveOutName) conditions.push(holds(add, filter.name, filter.values));
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
    const skuParam = add(skuKey);
    // What only a typo correction matched ranks last (4): one more match of the words as typed.
    const asTyped = corrected ? ` WHEN ${dialect.textMatch(add(dialect.matchExpression(typed)))} THEN 3 ELSE 4` : ' ELSE 3';
    const bucket = `CASE WHEN ${skuKeyColumn} = ${skuParam} THEN 0 WHEN ${skuKeyColumn} >= ${skuParam} AND ${skuKeyColumn} < ${dialect.skuPrefixEnd(skuParam)} THEN 1 WHEN ${dialect.nameMatch(add(dialect.nameMatchExpression(typed)))} THEN 2${asTyped} END`;
    // Every match is ranked before the first page (a common word matches thousands): only its id
    // and sort keys are carried through the sort, and the page's few products are read whole at
    // the end, rather than sorting thousands of whole rows (docs/performance.md, "At a supplier's size").
    const inner = `SELECT p.id AS "id", ${bucket} AS "bucket", ${name} AS "sortName", ${id} AS "sortId" FROM products p ${where([], pageParams)}`;
    const cursor =
      after?.sort === 'relevance' ? `WHERE ("bucket", "sortName", "sortId") > (${add(after.bucket)}, ${add(after.name)}, ${add(after.id)})` : '';
    const chosen = `SELECT * FROM (${inner}) r ${cursor} ORDER BY "bucket", "sortName", "sortId" LIMIT ${add(query.limit + 1)}`;
    page =
      `SELECT ${PRODUCT_SELECT}, k."bucket" AS "bucket" FROM (${chosen}) k JOIN products p ON p.id = k."id" ` +
      `ORDER BY k."bucket", ${dialect.bytes('k."sortName"')}, ${dialect.bytes('k."sortId"')}`;
  } else {
    /** One sorted, limited read: of the whole filter, or of one category of a department. */
    const sortedRead = (inCategory?: string, select = PRODUCT_SELECT): string => {
      const conditions = where([], pageParams, null, inCategory);
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
      return `SELECT ${select} FROM products p ${cursor ? and(cursor) : conditions} ORDER BY ${order} LIMIT ${add(query.limit + 1)}`;
    };
    const departmentOf = query.categoryIds;
    if (words === null && departmentOf !== null && departmentOf.length > 1 && departmentOf.length <= MERGED_CATEGORIES) {
      // A department (a category and its children) is an IN over its categories, and no index
      // gives the products of several categories in price (or name, or date) order: the database
      // read the department's every product and sorted them to return one page. Instead each
      // category reads its own page along its (category, sort) index and only those few rows are
      // merged (docs/catalogue.md, "Catalogue"; docs/performance.md, "At a supplier's size").
      // The branches carry only the id and the sort's key (their index holds both); the page's
      // few products are read whole at the end.
      const [key, order] = ((): [string, (alias: string) => string] => {
        switch (sort) {
          case 'newest':
            return ['p.created_at AS "k"', (a) => `${a}."k" DESC, ${dialect.bytes(`${a}."id"`)} DESC`];
          case 'price-asc':
            return ['p.price_cents AS "k"', (a) => `${a}."k", ${dialect.bytes(`${a}."id"`)}`];
          case 'price-desc':
            return ['p.price_cents AS "k"', (a) => `${a}."k" DESC, ${dialect.bytes(`${a}."id"`)} DESC`];
          default:
            return [`${name} AS "k"`, (a) => `${a}."k", ${dialect.bytes(`${a}."id"`)}`];
        }
      })();
      const merged = departmentOf.map((categoryId, n) => `SELECT * FROM (${sortedRead(categoryId, `p.id AS "id", ${key}`)}) c${n}`).join(' UNION ALL ');
      const chosen = `SELECT * FROM (${merged}) d ORDER BY ${order('d')} LIMIT ${add(query.limit + 1)}`;
      page = `SELECT ${PRODUCT_SELECT} FROM (${chosen}) k JOIN products p ON p.id = k."id" ORDER BY ${order('k')}`;
    } else page = sortedRead();
  }

  const pageQuery = { text: page, params: pageParams };
  if (!query.withCounts) return { sort, page: pageQuery, counts: [], countsOf: () => NO_COUNTS };

  /**
   * The spec facets: one grouping of the attributes of every match for the names not filtered by,
   * and one per filtered name, of that name's values over the matches without its own filter.
   */
  const attributeCounts = (): SqlQuery[] => {
    const counted = (leaveOutName: string | null): SqlQuery => {
      const params: unknown[] = [];
      const add = (value: unknown) => {
        params.push(value);
        return dialect.param(params.length);
      };
      const conditions = where([], params, leaveOutName);
      const names =
        leaveOutName !== null
          ? `a.name = ${add(leaveOutName)}`
          : attributeFilters.length > 0
            ? `a.name NOT IN (${attributeFilters.map((filter) => add(filter.name)).join(', ')})`
            : '';
      // Only this name's own filter: its values over the whole catalogue, along
      // product_attributes_name_value_idx, no product read.
      const from = conditions === '' ? 'product_attributes a' : dialect.attributesOf(`SELECT p.id FROM products p ${conditions}`);
      return { text: `SELECT a.name AS "name", a.value AS "value", count(*) AS "count" FROM ${from}${names ? ` WHERE ${names}` : ''} GROUP BY a.name, a.value`, params };
    };
    // Nothing narrows the list: the names not filtered by are not counted (product-search.ts, RawFacets).
    const narrowed = where([], []) !== '';
    return [...(narrowed ? [counted(null)] : []), ...attributeFilters.map((filter) => counted(filter.name))];
  };

  /** The other counts' statements followed by the attributes', read back in the same order. */
  const withAttributeCounts = (built: SearchSql): SearchSql => {
    const attributes = attributeCounts();
    const others = built.counts.length;
    return {
      ...built,
      counts: [...built.counts, ...attributes],
      countsOf(results) {
        const counts = built.countsOf(results.slice(0, others));
        const rows = results.slice(others).flat();
        return { total: counts.total, facets: { ...counts.facets, attributes: rows.map((row) => ({ name: String(row['name']), value: String(row['value']), count: countOf(row) })) } };
      },
    };
  };

  /**
   * The total and the category and brand facets (each leaving out its own filter) from counts
   * grouped by category and brand, every other filter applied already.
   */
  const categoryIds = query.categoryIds === null ? null : new Set(query.categoryIds);
  const inCategory = (id: string | null) => categoryIds === null || (id !== null && categoryIds.has(id));
  const ofBrand = (brand: string | null) => query.brand === null || brand === query.brand;
  const summedGroups = (groups: readonly Row[]): Counts => {
    let total = 0;
    const categories = new Map<string, number>();
    const brands = new Map<string, number>();
    for (const group of groups) {
      const [categoryId, brand, count] = [group['categoryId'] as string | null, group['brand'] as string | null, countOf(group)];
      if (inCategory(categoryId) && ofBrand(brand)) total += count;
      if (categoryId !== null && ofBrand(brand)) categories.set(categoryId, (categories.get(categoryId) ?? 0) + count);
      if (brand !== null && inCategory(categoryId)) brands.set(brand, (brands.get(brand) ?? 0) + count);
    }
    return {
      total,
      facets: {
        categories: [...categories].flatMap(([id, count]) => (count > 0 ? [{ id, count }] : [])),
        brands: [...brands].flatMap(([name, count]) => (count > 0 ? [{ name, count }] : [])),
        attributes: [],
      },
    };
  };

  if (words !== null) {
    // One pass over what the words (with the stock and price filters) match, grouped by category
    // and brand: the total and both facets (each leaving out its own filter) are sums of these
    // groups, so the full-text match runs once, not once per count.
    const narrowingParams: unknown[] = [];
    const narrowing = where(['category', 'brand'], narrowingParams);
    return withAttributeCounts({
      sort,
      page: pageQuery,
      counts: [{ text: `SELECT p.category_id AS "categoryId", p.brand AS "brand", count(*) AS "count" FROM products p ${narrowing} GROUP BY p.category_id, p.brand`, params: narrowingParams }],
      countsOf: ([groups = []]) => summedGroups(groups),
    });
  }

  if (query.minPriceCents === null && query.maxPriceCents === null && attributeFilters.length === 0) {
    // No words, no price range and no spec filter: every count is a sum of the catalogue's
    // products per (category, brand, in stock), a few hundred groups however large the catalogue
    // (PRODUCT_GROUPS). The stores read those groups once per catalogue version (which moves
    // with every product write and every stock move across zero) instead of counting a
    // department's or the whole catalogue's products at each request; no row is kept for them,
    // so no write waits on a counter (docs/performance.md, "At a supplier's size").
    const inStockOnly = (group: Row) => !query.inStock || Number(group['inStock']) === 1;
    // The spec facets likewise, when something narrows the list (otherwise none are counted:
    // product-search.ts, RawFacets): the attributes' values of the groups the filters keep.
    const narrowed = query.categoryIds !== null || query.brand !== null || query.inStock;
    return {
      sort,
      page: pageQuery,
      counts: narrowed ? [PRODUCT_GROUPS, ATTRIBUTE_GROUPS] : [PRODUCT_GROUPS],
      countsOf: ([groups = [], attributeGroups = []]) => {
        const counts = summedGroups(groups.filter(inStockOnly));
        const kept = query.categoryIds === null ? attributeGroups : query.categoryIds.flatMap((id) => byCategory(attributeGroups).get(id) ?? []);
        const values = new Map<string, { name: string; value: string; count: number }>();
        for (const group of kept) {
          if (!inStockOnly(group) || !ofBrand(group['brand'] as string | null)) continue;
          const [name, value] = [String(group['name']), String(group['value'])];
          const key = JSON.stringify([name, value]);
          const counted = values.get(key);
          if (counted) counted.count += countOf(group);
          else values.set(key, { name, value, count: countOf(group) });
        }
        return { total: counts.total, facets: { ...counts.facets, attributes: [...values.values()] } };
      },
    };
  }

  // No words, a price range or a spec filter: each count reads its own index. A facet with no filter but its own counts the whole
  // catalogue; grouping every product row is what PostgreSQL would then do (reading the whole
  // table), so instead each category, and each brand found by stepping through the brand index,
  // counts its own index range.
  const counted = (leaveOut: Filter[], select: string, notNull: string, group: string): SqlQuery => {
    const params: unknown[] = [];
    const filters = [where(leaveOut, params).replace(/^WHERE /, ''), notNull].filter(Boolean).join(' AND ');
    return { text: `SELECT ${select} FROM products p${filters ? ` WHERE ${filters}` : ''}${group}`, params };
  };
  /** True when leaving out the facet's own filter leaves nothing to filter by. */
  const onlyItsOwn = (facet: Filter) => counted([facet], '', '', '').params.length === 0 && !query.inStock;
  return withAttributeCounts({
    sort,
    page: pageQuery,
    counts: [
      counted([], 'count(*) AS "count"', '', ''),
      onlyItsOwn('category')
        ? { text: 'SELECT c.id AS "id", (SELECT count(*) FROM products p WHERE p.category_id = c.id) AS "count" FROM categories c', params: [] }
        : counted(['category'], 'p.category_id AS "id", count(*) AS "count"', 'p.category_id IS NOT NULL', ' GROUP BY p.category_id'),
      onlyItsOwn('brand')
        ? {
            text:
              'WITH RECURSIVE b(name) AS (SELECT min(brand) FROM products WHERE brand IS NOT NULL ' +
              'UNION ALL SELECT (SELECT min(p.brand) FROM products p WHERE p.brand > b.name) FROM b WHERE b.name IS NOT NULL) ' +
              'SELECT b.name AS "name", (SELECT count(*) FROM products p WHERE p.brand = b.name) AS "count" FROM b WHERE b.name IS NOT NULL',
            params: [],
          }
        : counted(['brand'], 'p.brand AS "name", count(*) AS "count"', 'p.brand IS NOT NULL', ` GROUP BY ${dialect.groupedOnly('p.brand')}`),
    ],
    countsOf: ([total = [], categories = [], brands = []]) => ({
      total: countOf(total[0]),
      facets: {
        categories: categories.flatMap((row) => (countOf(row) > 0 ? [{ id: String(row['id']), count: countOf(row) }] : [])),
        brands: brands.map((row) => ({ name: String(row['name']), count: countOf(row) })),
        attributes: [],
      },
    }),
  });
}
