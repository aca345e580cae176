import { createFileRoute, notFound } from '@tanstack/react-router';
import { isShopPageName, SHOP_PAGES } from '../content/shop-pages.ts';
import { ShopPage } from '../features/content/shop-page.tsx';
import { pageHead, siteUrlOf } from '../lib/page-head.ts';

export const Route = createFileRoute('/info/$page')({
  beforeLoad: ({ params }) => {
    if (!isShopPageName(params.page)) throw notFound();
  },
  head: ({ matches, params }) => {
    if (!isShopPageName(params.page)) return {};
    const page = SHOP_PAGES[params.page];
    return pageHead(siteUrlOf(matches), { title: page.title, description: page.summary, path: `/info/${params.page}` });
  },
  component: function ShopPageRoute() {
    const { page } = Route.useParams();
    return isShopPageName(page) ? <ShopPage name={page} /> : null;
  },
});
