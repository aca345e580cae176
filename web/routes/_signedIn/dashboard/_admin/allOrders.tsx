import { preload } from '../../../../lib/queries.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ManageOrdersPage } from '../../../../features/admin/manage-orders-page.tsx';
import { adminOrdersQuery } from '../../../../features/admin/api.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/allOrders')({
  loader: ({ context }) => preload(context.queryClient.ensureQueryData(adminOrdersQuery)),
  component: ManageOrdersPage });
