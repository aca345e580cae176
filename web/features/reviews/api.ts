/** Reviews' data: Manage Reviews' whole list and posting a review. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewBody } from '#http/schemas.ts';
import { api } from '../../lib/api.ts';
import { everyPageQuery, keyRoots } from '../../lib/queries.ts';

export const reviewKeys = {
  all: [keyRoots.reviews] as const,
  manage: () => [keyRoots.reviews, 'all'] as const,
};

/** Manage Reviews (admin): every review, newest first, in the largest pages the API serves. */
export const allReviewsQuery = everyPageQuery(reviewKeys.manage(), api.reviews);

/** Posts a review; every review list (home, Manage Reviews) refetches. */
export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewBody) => api.postReview(review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
