import { createFileRoute } from '@tanstack/react-router';
import { allProductsQuery } from '../lib/queries.ts';
import { AllProductsPage } from '../features/products/all-products-page.tsx';

export const Route = createFileRoute('/allProduct')({
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(allProductsQuery),
  component: AllProductsPage,
});
