import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MIN_ORDER_QUANTITY } from '#domain/catalog/product-terms.ts';
import { adminOverviewQuery } from './api.ts';
import { SalesOverview } from './sales-overview.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

function Tile({ label, value, to, search }: { label: string; value: number | undefined; to: string; search?: Record<string, string> }) {
  return (
    <Link
      to={to}
      search={search}
      className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-amber-400 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
    >
      <span className="block text-3xl font-extrabold text-slate-900">{value ?? '…'}</span>{' '}
      <span className="mt-1 block text-sm font-medium text-slate-700">{label}</span>
    </Link>
  );
}

/**
 * Admins have no orders of their own, so their dashboard index is the shop at a glance: counts
 * the server makes with one query each, however many orders and products there are.
 */
export function AdminOverview() {
  usePageMeta('Admin overview', 'Sales, orders to ship, unpaid orders, low stock, messages and quotes to answer at a glance.');
  const overview = useQuery(adminOverviewQuery).data;
  return (
    <DashboardSection id="overview" title="Overview">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <Tile label="Orders awaiting shipment" value={overview?.ordersAwaitingShipment} to="/dashboard/allOrders" search={{ status: 'pending' }} />
        <Tile label="Unpaid orders" value={overview?.unpaidOrders} to="/dashboard/allOrders" search={{ status: 'unpaid' }} />
        <Tile label={`Low-stock products (under ${MIN_ORDER_QUANTITY})`} value={overview?.lowStockProducts} to="/dashboard/manageProduct" />
        <Tile label={`Unread messages (of ${overview?.contactMessages ?? '…'})`} value={overview?.unreadContactMessages} to="/dashboard/messages" />
        <Tile label="Quotes awaiting answer" value={overview?.quotesAwaitingAnswer} to="/dashboard/allQuotes" search={{ status: 'requested' }} />
        <Tile label="Payments to refund" value={overview?.paymentsToRefund} to="/dashboard/paymentsToRefund" />
      </div>
      <SalesOverview />
    </DashboardSection>
  );
}
