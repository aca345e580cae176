import { createFileRoute } from '@tanstack/react-router';
import { AllReviewsPage } from '../../../../features/reviews/all-reviews-page.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/reviews')({ component: AllReviewsPage });
