/** Reviews' data: Manage Reviews' whole list and posting a review. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDto } from '#http/dto.ts';
import type { ReviewBody } from '#http/schemas.ts';
import { request } from '../../lib/api.ts';
import { everyPageQuery, fetchReviewPage, keyRoots } from '../../lib/queries.ts';

export const reviewKeys = {
  all: [keyRoots.reviews] as const,
  manage: () => [keyRoots.reviews, 'all'] as const,
};

/** Manage Reviews (admin): every review, newest first, in the largest pages the API serves. */
export const allReviewsQuery = everyPageQuery(reviewKeys.manage(), fetchReviewPage);

/** Posts a review; every review list (home, Manage Reviews) refetches. */
export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewBody) => request<ReviewDto>('/api/reviews', { method: 'POST', body: review, signedIn: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
