import { createFileRoute, redirect } from '@tanstack/react-router';
import { AddReviewPage } from '../../../features/reviews/add-review-page.tsx';

/** Reviews are the customers' voice (customers only); admins go to their dashboard. */
export const Route = createFileRoute('/_signedIn/dashboard/review')({
  beforeLoad: ({ context }) => {
    if (context.session.user.role === 'admin') throw redirect({ to: '/dashboard' });
  },
  component: AddReviewPage,
});
