/** The home page's data: the newest products and reviews it preloads, and its two forms' calls. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { request } from '../../lib/api.ts';
import { fetchProductPage, fetchReviewPage, keyRoots } from '../../lib/queries.ts';

export const homeKeys = {
  newestProducts: () => [keyRoots.products, 'newest'] as const,
  latestReviews: () => [keyRoots.reviews, 'latest'] as const,
};

export const newProductsQuery = queryOptions({
  queryKey: homeKeys.newestProducts(),
  queryFn: () => fetchProductPage({ limit: 6 }),
});

export const latestReviewsQuery = queryOptions({
  queryKey: homeKeys.latestReviews(),
  queryFn: () => fetchReviewPage({ limit: 3 }),
});

export const useSubscribe = () => useMutation({ mutationFn: (email: string) => request<void>('/api/newsletter', { method: 'POST', body: { email } }) });

export const useSendContactMessage = () =>
  useMutation({ mutationFn: (message: { name: string; email: string; message: string }) => request<void>('/api/contact', { method: 'POST', body: message }) });
