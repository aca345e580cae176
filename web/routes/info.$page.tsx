import { createFileRoute, notFound } from '@tanstack/react-router';
import { isShopPageName } from '../content/shop-pages.ts';
import { ShopPage } from '../features/content/shop-page.tsx';
import { pageHead, siteUrlOf } from '../lib/page-head.ts';

export const Route = createFileRoute('/info/$page')({
  // The pages' text loads with the page, not with every page's first load (docs/storefront.md,
  // "First-load JavaScript"): the loader reads the head's title and summary from it.
  loader: async ({ params }) => {
    const shopPages = await import('../content/shop-pages.ts');
    if (!shopPages.isShopPageName(params.page)) throw notFound();
    const { title, summary } = shopPages.SHOP_PAGES[params.page];
    return { title, summary };
  },
  head: ({ matches, params, loaderData }) =>
    loaderData ? pageHead(siteUrlOf(matches), { title: loaderData.title, description: loaderData.summary, path: `/info/${params.page}` }) : {},
  component: function ShopPageRoute() {
    const { page } = Route.useParams();
    return isShopPageName(page) ? <ShopPage name={page} /> : null;
  },
});
