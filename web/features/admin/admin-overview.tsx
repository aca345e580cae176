import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { adminMessagesQuery, adminOrdersQuery, allProductsFirstPageQuery } from '../../lib/queries.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

/** Products below this many units are flagged on the overview so the admin can restock. */
const LOW_STOCK = 100;

function Tile({ label, value, to }: { label: string; value: number | string | undefined; to: string }) {
  return (
    <Link
      to={to}
      className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-amber-400 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
    >
      <span className="block text-3xl font-extrabold text-slate-900">{value ?? '…'}</span>{' '}
      <span className="mt-1 block text-sm font-medium text-slate-700">{label}</span>
    </Link>
  );
}

/** Admins have no orders of their own, so their dashboard index is the shop at a glance. */
export function AdminOverview() {
  usePageMeta('Admin overview', 'Orders to ship, unpaid orders, low stock and messages at a glance.');
  const orders = useQuery(adminOrdersQuery).data?.items;
  const products = useQuery(allProductsFirstPageQuery).data?.items;
  // The inbox's pages loaded so far (shared with the Messages page): "100+" while more wait.
  const inbox = useInfiniteQuery(adminMessagesQuery);
  const loadedMessages = inbox.data?.pages.reduce((sum, page) => sum + page.items.length, 0);
  const messageCount = loadedMessages !== undefined && inbox.hasNextPage ? `${loadedMessages}+` : loadedMessages;
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="mb-4 text-xl font-bold text-slate-900">
        Overview
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Tile label="Orders awaiting shipment" value={orders?.filter((order) => order.status === 'pending').length} to="/dashboard/allOrders" />
        <Tile label="Unpaid orders" value={orders?.filter((order) => order.status === 'unpaid').length} to="/dashboard/allOrders" />
        <Tile label={`Low-stock products (under ${LOW_STOCK})`} value={products?.filter((product) => product.stock < LOW_STOCK).length} to="/dashboard/manageProduct" />
        <Tile label="Contact messages" value={messageCount} to="/dashboard/messages" />
      </div>
    </section>
  );
}
