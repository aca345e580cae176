import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../../../../lib/queries.ts';
import { ManageOrdersPage } from '../../../../features/admin/manage-orders-page.tsx';
import { adminOrdersQuery } from '../../../../features/admin/api.ts';
import { ordersSearchSchema } from '../../../../features/admin/orders-search.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/allOrders')({
  validateSearch: ordersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preload(context.queryClient.ensureInfiniteQueryData(adminOrdersQuery(deps))),
  component: function AllOrdersRoute() {
    return <ManageOrdersPage search={Route.useSearch()} />;
  },
});
