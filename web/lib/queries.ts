/**
 * Query options shared by route loaders and components, so a loader's prefetch is exactly the
 * cache entry the component reads.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

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
export const allReviewsQuery = infiniteQueryOptions({
  queryKey: ['reviews', 'all'],
  queryFn: ({ pageParam }) => api.reviews({ limit: 100, cursor: pageParam }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export const myOrdersQuery = queryOptions({ queryKey: ['orders', 'mine'], queryFn: api.myOrders });

export const orderQuery = (orderId: string) =>
  queryOptions({ queryKey: ['orders', 'one', orderId], queryFn: () => api.order(orderId) });

export const adminOrdersQuery = queryOptions({ queryKey: ['admin', 'orders'], queryFn: api.adminOrders });

export const adminUsersQuery = queryOptions({ queryKey: ['admin', 'users'], queryFn: api.adminUsers });

export const adminMessagesQuery = queryOptions({ queryKey: ['admin', 'messages'], queryFn: api.adminMessages });

export const adminSubscribersQuery = queryOptions({ queryKey: ['admin', 'subscribers'], queryFn: api.adminSubscribers });

/** Manage Products: the whole catalogue in the largest pages the API serves, newest first. */
export const manageProductsQuery = infiniteQueryOptions({
  queryKey: ['products', 'manage'],
  queryFn: ({ pageParam }) => api.products({ limit: 100, cursor: pageParam }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export const allProductsFirstPageQuery = queryOptions({
  queryKey: ['products', 'overview'],
  queryFn: () => api.products({ limit: 100 }),
});
