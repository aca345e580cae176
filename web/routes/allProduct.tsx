import { createFileRoute } from '@tanstack/react-router';
import { catalogueQuery, categoriesQuery } from '../features/products/api.ts';
import { AllProductsPage } from '../features/products/all-products-page.tsx';
import { catalogueSearchSchema } from '../features/products/catalogue-search.ts';

export const Route = createFileRoute('/allProduct')({
  validateSearch: catalogueSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchInfiniteQuery(catalogueQuery(deps)),
      context.queryClient.prefetchQuery(categoriesQuery),
    ]),
  component: function AllProductsRoute() {
    return <AllProductsPage search={Route.useSearch()} />;
  },
});
