import { preload } from '../../../../lib/queries.ts';
import { createFileRoute } from '@tanstack/react-router';
import { AllReviewsPage } from '../../../../features/reviews/all-reviews-page.tsx';
import { allReviewsQuery } from '../../../../features/reviews/api.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/reviews')({
  loader: ({ context }) => preload(context.queryClient.ensureInfiniteQueryData(allReviewsQuery)),
  component: AllReviewsPage });
