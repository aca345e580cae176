import { invalid, notFound, type ErrorOf } from '../shared/errors.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { chooseAttributeFacets, type AttributeFacet, type AttributeFilter } from './attribute-facets.ts';
import { problem } from '../shared/field-problem.ts';
import { categoryWithChildren, findCategory, type Category } from './category.ts';
import type { CategoryRepository } from './category-repository.ts';
import type { ProductRepository } from './product-repository.ts';
import { bestMatchesQuery, type ProductSearch, type ProductSort, type RawFacets } from './product-search.ts';
import type { Product } from './product.ts';
import { asTyped, hasCorrections, searchTerms, withCorrections, type SearchTerms } from './search-terms.ts';
import { correctedText, typoTolerance, vocabularyOf } from './typo-corrections.ts';

export type ListProductsPorts = { store: { products: Pick<ProductRepository, 'list'> } };
export type GetProductPorts = { store: { products: Pick<ProductRepository, 'findById'> } };
export type SearchCatalogPorts = { store: { categories: Pick<CategoryRepository, 'listAll'>; search: ProductSearch } };
export type SuggestProductsPorts = { store: { search: ProductSearch } };

/** Newest first; the limit is clamped to 1..100 whatever the caller asks for. */
export const listProducts = (
  { store }: ListProductsPorts,
  request: { limit?: number | undefined; cursor?: string | null | undefined } = {},
): Promise<Page<Product>> => store.products.list(pageRequest(request));

export const getProduct = async ({ store }: GetProductPorts, id: string): Promise<Result<Product, ErrorOf<'NOT_FOUND'>>> => {
  const product = await store.products.findById(id);
  return product ? ok(product) : fail(notFound('product'));
};

/** What a buyer asks the catalogue (docs/catalogue.md, "Search"); every part is optional. */
export interface CatalogQuery {
  q?: string | undefined;
  /** A category's id or slug; a department includes its categories. */
  category?: string | undefined;
  brand?: string | undefined;
  inStock?: boolean | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  /** Default: relevance with `q`, else newest. */
  sort?: ProductSort | undefined;
  limit?: number | undefined;
  cursor?: string | null | undefined;
  /** True: the words as typed only, no typo corrections ("search instead for …"). */
  exact?: boolean | undefined;
  /** Spec filters, from `attr=Name:Value` read by attribute-facets.ts `attributeFilters`. */
  attr?: readonly AttributeFilter[] | undefined;
}

export interface NamedFacets {
  /** Categories with matching products: a department counts its categories' products too. */
  categories: { id: string; name: string; count: number }[];
  brands: { name: string; count: number }[];
  /** The specs the result shares (attribute-facets.ts `chooseAttributeFacets`). */
  attributes: AttributeFacet[];
}

export interface CatalogPage extends Page<Product> {
  total: number;
  facets: NamedFacets;
  /** Every category, to name each product's category in the answer. */
  categories: Category[];
  /**
   * The corrected query ("Showing results for washer") when the query as typed finds nothing and
   * its typo corrections find something (typo-corrections.ts); null otherwise.
   */
  correctedQuery: string | null;
}

const byCountThenName = <T extends { name: string; count: number }>(a: T, b: T) =>
  b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Raw per-category counts named, departments adding up their categories. */
export const nameFacets = (raw: RawFacets, categories: readonly Category[]): Omit<NamedFacets, 'attributes'> => {
  const counts = new Map(raw.categories.map(({ id, count }) => [id, count]));
  const named = categories.flatMap((category) => {
    const own = counts.get(category.id) ?? 0;
    const children = category.parentId === null ? categories.filter((child) => child.parentId === category.id) : [];
    const count = own + children.reduce((sum, child) => sum + (counts.get(child.id) ?? 0), 0);
    return count > 0 ? [{ id: category.id, name: category.name, count }] : [];
  });
  return { categories: named.sort(byCountThenName), brands: [...raw.brands].sort(byCountThenName) };
};

/**
 * The catalogue page: words, category (with its children), brand, stock and price filters, one
 * of five sorts, the total and the facets. The HTTP layer has checked each parameter's shape; an
 * unknown category is refused here, where the categories are known.
 */
export const searchCatalog = async ({ store }: SearchCatalogPorts, query: CatalogQuery): Promise<Result<CatalogPage, ErrorOf<'VALIDATION_FAILED'>>> => {
  const categories = await store.categories.listAll();
  let categoryIds: string[] | null = null;
  if (query.category !== undefined) {
    const category = findCategory(categories, query.category);
    if (!category) return fail(invalid({ category: problem('categoryNotFound') }));
    categoryIds = categoryWithChildren(categories, category.id);
  }
  const q = query.q?.trim() ?? '';
  const typed = q === '' ? null : searchTerms(q);
  const terms = typed && query.exact !== true ? await corrected(store.search, typed) : typed;
  const { limit, cursor } = pageRequest(query);
  const filters = {
    categoryIds,
    brand: query.brand ?? null,
    inStock: query.inStock ?? false,
    minPriceCents: query.minPriceCents ?? null,
    maxPriceCents: query.maxPriceCents ?? null,
    attributes: query.attr ?? [],
  };
  const found = await store.search.search({ terms, ...filters, sort: query.sort ?? (terms ? 'relevance' : 'newest'), limit, cursor: cursor ?? null, withCounts: true });
  // Whether the words as typed find anything at all: asked only when a correction was used and
  // found something, as one more search of a single row without counts.
  let correctedQuery: string | null = null;
  if (terms && hasCorrections(terms) && found.total > 0) {
    const asIs = await store.search.search({ terms: asTyped(terms), ...filters, sort: 'relevance', limit: 1, cursor: null, withCounts: false });
    if (asIs.items.length === 0) correctedQuery = correctedText(terms.words, terms.corrections);
  }
  const facets = { ...nameFacets(found.facets, categories), attributes: chooseAttributeFacets(found.total, found.facets.attributes, filters.attributes) };
  return ok({ items: found.items, nextCursor: found.nextCursor, total: found.total, facets, categories, correctedQuery });
};

/**
 * The terms with their typo corrections: the catalogue's vocabulary is read (once per catalogue
 * version, by the store) only when some word is long enough to be corrected.
 */
const corrected = async (search: Pick<ProductSearch, 'vocabulary'>, terms: SearchTerms): Promise<SearchTerms> =>
  terms.words.some((word) => typoTolerance(word) > 0) ? withCorrections(terms, vocabularyOf(await search.vocabulary())) : terms;

/** How many suggestions the search box's typeahead shows. */
export const SUGGESTION_COUNT = 8;

/** The typeahead: the best matches for what has been typed so far, by relevance. */
export const suggestProducts = async ({ store }: SuggestProductsPorts, q: string): Promise<Product[]> => {
  const trimmed = q.trim();
  if (trimmed === '') return [];
  const found = await store.search.search(bestMatchesQuery(searchTerms(trimmed), SUGGESTION_COUNT));
  return found.items;
};
