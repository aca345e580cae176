import { createFileRoute } from '@tanstack/react-router';
import { isAdmin, useSession } from '../../../lib/session.ts';
import { MyOrdersPage } from '../../../features/orders/my-orders-page.tsx';
import { AdminOverview } from '../../../features/admin/admin-overview.tsx';
import { adminOverviewQuery } from '../../../features/admin/api.ts';
import { myOrdersQuery } from '../../../features/orders/api.ts';
import { preload } from '../../../lib/queries.ts';

export const Route = createFileRoute('/_signedIn/dashboard/')({
  loader: ({ context }) =>
    preload(
      context.session.user.role === 'admin'
        ? context.queryClient.ensureQueryData(adminOverviewQuery)
        : context.queryClient.ensureInfiniteQueryData(myOrdersQuery),
    ),
  component: function DashboardIndex() {
    return isAdmin(useSession()) ? <AdminOverview /> : <MyOrdersPage />;
  },
});
