import { createFileRoute } from '@tanstack/react-router';
import { catalogueQuery, categoriesQuery } from '../features/products/api.ts';
import { AllProductsPage } from '../features/products/all-products-page.tsx';
import { validateCatalogueSearch } from '../features/products/catalogue-search.ts';
import { pageMeta } from '../lib/labels.ts';
import { pageHead, siteUrlOf } from '../lib/page-head.ts';

export const Route = createFileRoute('/allProduct')({
  validateSearch: validateCatalogueSearch,
  loaderDeps: ({ search }) => search,
  // Entering the page waits for its results; a new choice made on the page does not: the filters
  // show it at once and the previous results stay, marked busy, until the new ones arrive.
  loader: async ({ context, deps, cause }) => {
    const loading = Promise.all([context.queryClient.prefetchInfiniteQuery(catalogueQuery(deps)), context.queryClient.prefetchQuery(categoriesQuery)]);
    if (cause !== 'stay') await loading;
  },
  // Every search and filter is one canonical page: the catalogue itself.
  head: ({ matches }) => pageHead(siteUrlOf(matches), { ...pageMeta.catalogue, path: '/allProduct' }),
  component: function AllProductsRoute() {
    return <AllProductsPage search={Route.useSearch()} />;
  },
});
