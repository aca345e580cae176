/** The home page's data: the newest products and reviews it preloads, and its two forms' calls. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { keyRoots } from '../../lib/queries.ts';

export const homeKeys = {
  newestProducts: () => [keyRoots.products, 'newest'] as const,
  latestReviews: () => [keyRoots.reviews, 'latest'] as const,
};

export const newProductsQuery = queryOptions({
  queryKey: homeKeys.newestProducts(),
  queryFn: () => api.products({ limit: 6 }),
});

export const latestReviewsQuery = queryOptions({
  queryKey: homeKeys.latestReviews(),
  queryFn: () => api.reviews({ limit: 3 }),
});

export const useSubscribe = () => useMutation({ mutationFn: (email: string) => api.subscribe({ email }) });

export const useSendContactMessage = () =>
  useMutation({ mutationFn: (message: { name: string; email: string; message: string }) => api.contact(message) });
