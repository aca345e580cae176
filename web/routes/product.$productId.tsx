import { createFileRoute, notFound } from '@tanstack/react-router';
import { categoriesQuery, productQuery, quantityAdviceQuery } from '../features/products/api.ts';
import { ProductPage } from '../features/products/product-page.tsx';
import { QueryError } from '../components/ui/query-error.tsx';
import { ApiError } from '../lib/api.ts';
import { pageMeta } from '../lib/labels.ts';
import { jsonLdScripts, pageHead, siteUrlOf } from '../lib/page-head.ts';
import { breadcrumbJsonLd, productJsonLd } from '../lib/structured-data.ts';

export const Route = createFileRoute('/product/$productId')({
  // An unknown product is the not-found page (404 from the server), not an error.
  loader: async ({ context, params }) => {
    // The breadcrumb's department comes from the category tree: read with the product, so the
    // server's page holds it too.
    const tree = context.queryClient.prefetchQuery(categoriesQuery);
    try {
      const [product] = await Promise.all([context.queryClient.ensureQueryData(productQuery(params.productId)), tree]);
      // The buy box opens at the minimum with its advice: on the server the page holds it too, so
      // hydration asks for nothing (in the browser it loads beside the page).
      const advice = context.queryClient.prefetchQuery(quantityAdviceQuery(product.id, product.minOrderQuantity));
      if (typeof window === 'undefined') await advice;
      // Only what the head needs: the product itself travels once, in the query's dehydrated state.
      return { name: product.name, description: pageMeta.productDescription(product.name, product.description), imageUrl: product.imageUrl };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ matches, match, loaderData, params }) => {
    const siteUrl = siteUrlOf(matches);
    if (!loaderData) return pageHead(siteUrl, { ...pageMeta.notFound, noIndex: true });
    const tags = pageHead(siteUrl, {
      title: loaderData.name,
      description: loaderData.description,
      path: `/product/${encodeURIComponent(params.productId)}`,
      image: loaderData.imageUrl,
    });
    // For search engines (docs/catalogue.md, "Search engines"): the product as the loader read it.
    const product = match.context.queryClient.getQueryData(productQuery(params.productId).queryKey);
    const site = { publicUrl: siteUrl };
    return { ...tags, scripts: product ? jsonLdScripts(productJsonLd(product, site), breadcrumbJsonLd(product, site)) : [] };
  },
  errorComponent: QueryError,
  component: function ProductRoute() {
    return <ProductPage productId={Route.useParams().productId} />;
  },
});
