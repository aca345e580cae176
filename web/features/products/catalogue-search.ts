/**
 * The catalogue's choices as URL search params (read by lib/search-choices.ts), so a link or the Back button
 * restores them. Prices are typed in dollars and sent as cents; anything the URL holds that is not
 * a valid choice is dropped rather than refused, so an old or edited link still opens the catalogue.
 */
import { flag, listOf, numberFrom, oneOf, searchChoices, text, type ChoicesOf } from '../../lib/search-choices.ts';
import type { ProductSearchParams } from './api.ts';

export const CATALOGUE_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export const SORT_LABELS: Record<CatalogueSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name A–Z',
};

/** The API's bounds on `attr` (domain/catalog/attribute-facets.ts): 10 pairs, a name of 60 and a value of 200 characters. */
export const MAX_ATTR_FILTERS = 10;
const MAX_ATTR_TEXT = 60 + 1 + 200;

/** One ticked spec as the URL and the API hold it. */
export const attrPair = (name: string, value: string) => `${name}:${value}`;

const dollars = numberFrom({ min: 0, max: 1_000_000 });

/** The choices a link may hold, by their URL names: a value the page cannot take is dropped and named. */
export const CATALOGUE_CHOICES = ['q', 'category', 'brand', 'inStock', 'minPrice', 'maxPrice', 'sort', 'exact', 'attr', 'view'] as const;
export type CatalogueChoice = (typeof CATALOGUE_CHOICES)[number];

const catalogueReaders = {
  /**
   * Words typed into the plain GET form arrive unquoted, and the router reads `8080` as a number: a
   * part number is words too.
   */
  q: text({ max: 200, numbersAsText: true }),
  category: text({ min: 1, max: 100 }),
  brand: text({ min: 1, max: 60 }),
  inStock: flag,
  minPrice: dollars,
  maxPrice: dollars,
  sort: oneOf(CATALOGUE_SORTS),
  /** `exact=1`: search the words as typed, without typo corrections ("search instead for …"). */
  exact: oneOf([1] as const),
  /**
   * Ticked specs, `Name:Value` each (docs/catalogue.md, "Spec facets"), at most as many as the
   * API takes; a list that is not one is dropped whole.
   */
  attr: listOf((raw) => {
    const pair = text({ max: MAX_ATTR_TEXT, trim: false })(raw);
    return pair !== undefined && /^[^:]+:.+$/s.test(pair) ? pair : undefined;
  }, MAX_ATTR_FILTERS),
  /**
   * How the products are laid out: compact rows or cards. Absent, the page's CSS picks by width
   * (rows on a phone, cards wider), so the first render is the same on server and browser.
   */
  view: oneOf(['grid', 'list'] as const),
  /**
   * Where the list starts: the next page's cursor, for Load more without JavaScript (a link).
   * With JavaScript the next page is added below instead, and any other choice starts over.
   */
  cursor: text({ min: 1, max: 500, trim: false }),
  /** The choices a link held that the page could not take: the page says so (never an error page). */
  ignored: listOf(oneOf(CATALOGUE_CHOICES), CATALOGUE_CHOICES.length),
};

/** The catalogue's choices read from a URL's search: only the valid ones. */
export const readCatalogueSearch = searchChoices(catalogueReaders);

export type CatalogueSearch = ChoicesOf<typeof catalogueReaders>;

/**
 * The route's validateSearch: the choices, with the names of those dropped for a value the page
 * cannot take in `ignored`. The router then sends the visitor to that cleaned URL, where the page
 * explains what was left out (docs/storefront.md, "How a page is served").
 */
export const validateCatalogueSearch = (raw: Record<string, unknown>): CatalogueSearch => {
  const search = readCatalogueSearch(raw);
  const dropped = CATALOGUE_CHOICES.filter((name) => raw[name] !== undefined && raw[name] !== '' && search[name] === undefined);
  if (dropped.length === 0) return search;
  return { ...search, ignored: [...new Set([...(search.ignored ?? []), ...dropped])] };
};

/** How many cards one page (and each Load more) adds. */
export const CATALOGUE_PAGE_SIZE = 24;

const toCents = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 100));

/** The API's parameters for the URL's choices; an upside-down price range is read the right way up. */
export const toSearchParams = (search: CatalogueSearch): ProductSearchParams => {
  let low = toCents(search.minPrice);
  let high = toCents(search.maxPrice);
  if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
  return {
    q: search.q || undefined,
    category: search.category,
    brand: search.brand,
    inStock: search.inStock || undefined,
    minPriceCents: low,
    maxPriceCents: high,
    // "Best match" only means something with words to match.
    sort: search.sort === 'relevance' && !search.q ? undefined : search.sort,
    exact: (search.exact === 1 && Boolean(search.q)) || undefined,
    attr: search.attr && search.attr.length > 0 ? search.attr : undefined,
  };
};

/** Whether any filter narrows the list (the empty state offers to clear them). */
export const hasFilters = (search: CatalogueSearch): boolean =>
  Boolean(search.q || search.category || search.brand || search.inStock || search.minPrice !== undefined || search.maxPrice !== undefined || search.attr?.length);
