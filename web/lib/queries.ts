/**
 * Query options shared by route loaders and components, so a loader's prefetch is exactly the
 * cache entry the component reads.
 */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ListDto, MeDto } from '#http/dto.ts';
import { api } from './api.ts';

/** The largest page the API serves (spec/api.md: `limit` max 100). */
const LARGEST_PAGE = 100;

/**
 * A whole newest-first list for a table with Load more (components/ui/load-more.tsx): the first
 * page, then each next one through its cursor, in the largest pages the API serves.
 */
const everyPageQuery = <Item, Key extends readonly unknown[]>(
  queryKey: Key,
  fetchPage: (params: { limit: number; cursor: string | null }) => Promise<ListDto<Item>>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage({ limit: LARGEST_PAGE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * The one way the signed-in person changes in this browser (sign-in, sign-out, expired session,
 * password reset): everything the previous one's pages loaded (their orders, the admin lists) is
 * dropped, so it never flashes for the next; the public catalogue and reviews stay. The session
 * entry itself is overwritten, not removed: the navbar is subscribed to it.
 */
const KEPT_ACROSS_SESSIONS = new Set(['session', 'products', 'reviews']);
export const switchSession = (queryClient: QueryClient, session: MeDto | null) => {
  queryClient.removeQueries({ predicate: (query) => !KEPT_ACROSS_SESSIONS.has(String(query.queryKey[0])) });
  queryClient.setQueryData(sessionQuery.queryKey, session);
};

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: api.me,
  staleTime: 60_000,
});

export const newProductsQuery = queryOptions({
  queryKey: ['products', 'newest'],
  queryFn: () => api.products({ limit: 6 }),
});

export const allProductsQuery = infiniteQueryOptions({
  queryKey: ['products', 'all'],
  queryFn: ({ pageParam }) => api.products({ limit: 24, cursor: pageParam }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export const productQuery = (productId: string) =>
  queryOptions({ queryKey: ['products', 'one', productId], queryFn: () => api.product(productId) });

export const latestReviewsQuery = queryOptions({
  queryKey: ['reviews', 'latest'],
  queryFn: () => api.reviews({ limit: 3 }),
});

/** Manage Reviews (admin): every review, newest first, in the largest pages the API serves. */
export const allReviewsQuery = everyPageQuery(['reviews', 'all'], api.reviews);

/** My Order (a buyer's dashboard index): every order of theirs, newest first. */
export const myOrdersQuery = everyPageQuery(['orders', 'mine'], api.myOrders);

export const orderQuery = (orderId: string) =>
  queryOptions({ queryKey: ['orders', 'one', orderId], queryFn: () => api.order(orderId) });

export const adminOrdersQuery = queryOptions({ queryKey: ['admin', 'orders'], queryFn: api.adminOrders });

/** All Users (admin): every account, newest first. */
export const adminUsersQuery = everyPageQuery(['admin', 'users'], api.adminUsers);

/** The admins' inbox: every contact message, newest first. */
export const adminMessagesQuery = everyPageQuery(['admin', 'messages'], api.adminMessages);

/** Every newsletter subscriber, newest first. */
export const adminSubscribersQuery = everyPageQuery(['admin', 'subscribers'], api.adminSubscribers);

/** Manage Products: the whole catalogue in the largest pages the API serves, newest first. */
export const manageProductsQuery = everyPageQuery(['products', 'manage'], api.products);

/** The admin dashboard's counts (they change with orders and the catalogue: refetched on each visit). */
export const adminOverviewQuery = queryOptions({ queryKey: ['admin', 'overview'], queryFn: api.adminOverview, staleTime: 0 });
