import { createFileRoute } from '@tanstack/react-router';
import { latestReviewsQuery, newProductsQuery } from '../features/home/api.ts';
import { HomePage } from '../features/home/home-page.tsx';

export const Route = createFileRoute('/')({
  // Start both requests with the route; the page renders its sections as they arrive.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(newProductsQuery);
    void context.queryClient.prefetchQuery(latestReviewsQuery);
  },
  component: HomePage,
});
