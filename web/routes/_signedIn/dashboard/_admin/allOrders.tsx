import { createFileRoute } from '@tanstack/react-router';
import { ManageOrdersPage } from '../../../../features/admin/manage-orders-page.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/allOrders')({ component: ManageOrdersPage });
