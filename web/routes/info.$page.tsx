import { createFileRoute, notFound } from '@tanstack/react-router';
import { isShopPageName } from '../content/shop-pages.ts';
import { ShopPage } from '../features/content/shop-page.tsx';

export const Route = createFileRoute('/info/$page')({
  beforeLoad: ({ params }) => {
    if (!isShopPageName(params.page)) throw notFound();
  },
  component: function ShopPageRoute() {
    const { page } = Route.useParams();
    return isShopPageName(page) ? <ShopPage name={page} /> : null;
  },
});
