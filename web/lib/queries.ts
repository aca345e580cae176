/**
 * What every feature's data layer shares: the session query, the roots of the query keys (each
 * feature's `api.ts` builds its own keys from them, and a change in one area invalidates another's
 * by root, never by importing it), the whole-list query of the tables, and the reads several
 * features make (one product, the category tree, a page of products or reviews).
 */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CategoryNodeDto, ListDto, MeDto, ProductDto, ReviewDto } from '#http/dto.ts';
import { ApiError, listPath, pathId, request, type ListParams } from './api.ts';

/** The first element of every query key; features invalidate each other's data by these. */
export const keyRoots = {
  session: 'session',
  products: 'products',
  reviews: 'reviews',
  orders: 'orders',
  cart: 'cart',
  quotes: 'quotes',
  admin: 'admin',
} as const;

/** The largest page the API serves (http/schemas.ts: `limit` max 100). */
const LARGEST_PAGE = 100;

/**
 * How many pages a list keeps mounted. Past that, Load more drops the oldest page from the top
 * and "Show earlier" brings it back, so a list stays as fast at its 100,000th row as at its first.
 */
export const MAX_LOADED_PAGES = 5;

/** Where a page sits: its cursor, and the cursors of the pages before it (the API pages forward only). */
export interface PageSpot {
  cursor: string | null;
  before: (string | null)[];
}

/**
 * A newest-first list read a page at a time through its cursor, with at most MAX_LOADED_PAGES
 * pages loaded (components/ui/load-more.tsx shows both ends).
 */
export const pagedListQuery = <Page extends { nextCursor: string | null }, Key extends readonly unknown[]>(
  queryKey: Key,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<Page>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam.cursor, signal),
    initialPageParam: { cursor: null, before: [] } as PageSpot,
    getNextPageParam: (page, _pages, spot): PageSpot | undefined =>
      page.nextCursor === null ? undefined : { cursor: page.nextCursor, before: [...spot.before, spot.cursor] },
    getPreviousPageParam: (_page, _pages, spot): PageSpot | undefined =>
      spot.before.length === 0 ? undefined : { cursor: spot.before.at(-1) ?? null, before: spot.before.slice(0, -1) },
    maxPages: MAX_LOADED_PAGES,
  });

/** A table's list in the largest pages the API serves. */
export const everyPageQuery = <Item, Key extends readonly unknown[]>(
  queryKey: Key,
  fetchPage: (params: { limit: number; cursor: string | null }) => Promise<ListDto<Item>>,
) => pagedListQuery(queryKey, (cursor) => fetchPage({ limit: LARGEST_PAGE, cursor }));

/**
 * The one way the signed-in person changes in this browser (sign-in, sign-out, expired session,
 * password reset): everything the previous one's pages loaded (their orders, the admin lists) is
 * dropped, so it never flashes for the next; the public catalogue and reviews stay. The session
 * entry itself is overwritten, not removed: the navbar is subscribed to it.
 */
const KEPT_ACROSS_SESSIONS = new Set<string>([keyRoots.session, keyRoots.products, keyRoots.reviews]);
export const switchSession = (queryClient: QueryClient, session: MeDto | null) => {
  queryClient.removeQueries({ predicate: (query) => !KEPT_ACROSS_SESSIONS.has(String(query.queryKey[0])) });
  queryClient.setQueryData(sessionQuery.queryKey, session);
};

/** Departments with their categories and in-stock counts: the catalogue's navigation and the product form's choices. */
export const categoryTreeQuery = queryOptions({
  queryKey: [keyRoots.products, 'categories'] as const,
  queryFn: () => request<CategoryNodeDto[]>('/api/categories'),
  staleTime: 60_000,
});

/** One product's page, shared by the product page and the visitor's cart (components/cart). */
export const productQuery = (productId: string) =>
  queryOptions({ queryKey: [keyRoots.products, 'one', productId] as const, queryFn: () => request<ProductDto>(`/api/products/${pathId(productId)}`) });

/** A page of the catalogue, newest first: the home page's newest products and Manage Products' list. */
export const fetchProductPage = (params: ListParams = {}) => request<ListDto<ProductDto>>(listPath('/api/products', params));

/** A page of the reviews, newest first: the home page's latest and Manage Reviews' list. */
export const fetchReviewPage = (params: ListParams = {}) => request<ListDto<ReviewDto>>(listPath('/api/reviews', params));

/** Who is signed in; null when nobody is (the server answers 401). */
const fetchMe = async (): Promise<MeDto | null> => {
  try {
    return await request<MeDto>('/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};

export const sessionQuery = queryOptions({
  queryKey: [keyRoots.session],
  queryFn: fetchMe,
  staleTime: 60_000,
});

/**
 * A dashboard route's loader: the navigation waits for the page's data (ensureQueryData /
 * ensureInfiniteQueryData), so the page opens filled; a failed load is left to the page, which
 * says so in its own words and keeps the dashboard around it.
 */
export const preload = (load: Promise<unknown>): Promise<void> => load.then(
  () => undefined,
  () => undefined,
);
