/** The review data the home cards and Manage Reviews share: an admin's Remove. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webMessages } from '../../lib/web-messages.ts';
import type { ReviewDto } from '#http/dto.ts';
import { pathId, request } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { keyRoots } from '../../lib/queries.ts';
import { notify } from '../ui/toaster.tsx';

/** Removes a review; every review list (home, Manage Reviews) refetches. */
export function useRemoveReview(review: ReviewDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<void>(`/api/reviews/${pathId(review.id)}`, { method: 'DELETE', signedIn: true }),
    onSuccess: () => notify.success(webMessages.reviewRemoved),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [keyRoots.reviews] }),
  });
}
