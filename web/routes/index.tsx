import { createFileRoute } from '@tanstack/react-router';
import { latestReviewsQuery, newProductsQuery } from '../features/home/api.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { pageMeta } from '../lib/labels.ts';
import { jsonLdScripts, pageHead, siteUrlOf } from '../lib/page-head.ts';
import { homeJsonLd } from '../lib/structured-data.ts';

export const Route = createFileRoute('/')({
  // In the browser, start both requests with the route and render the sections as they arrive; on
  // the server, wait for both so the HTML holds them (web/README.md, "Server rendering").
  loader: async ({ context }) => {
    const loading = Promise.all([context.queryClient.prefetchQuery(newProductsQuery), context.queryClient.prefetchQuery(latestReviewsQuery)]);
    if (typeof window === 'undefined') await loading;
  },
  // The shop and its site search, for search engines (docs/catalogue.md, "Search engines").
  head: ({ matches }) => ({
    ...pageHead(siteUrlOf(matches), { ...pageMeta.home, path: '/' }),
    scripts: jsonLdScripts(homeJsonLd({ publicUrl: siteUrlOf(matches) })),
  }),
  component: HomePage,
});
