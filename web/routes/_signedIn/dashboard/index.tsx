import { createFileRoute } from '@tanstack/react-router';
import { isAdmin, useSession } from '../../../lib/session.ts';
import { MyOrdersPage } from '../../../features/orders/my-orders-page.tsx';
import { AdminOverview } from '../../../features/admin/admin-overview.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/')({
  component: function DashboardIndex() {
    return isAdmin(useSession()) ? <AdminOverview /> : <MyOrdersPage />;
  },
});
