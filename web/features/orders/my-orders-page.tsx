import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { labels } from '#domain/messages.ts';
import type { OrderDto } from '#http/dto.ts';
import { myOrdersQuery } from './api.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { buyerStatusText, StatusBadge } from './order-status.tsx';
import { DeleteOrderButton } from '../../components/orders/delete-order-button.tsx';
import { OrderPlacedCell, ShipToCell } from '../../components/orders/order-cells.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { countOf } from '#domain/catalog/units.ts';

// What a buyer checks on an order: when, which (its number, for the supplier's phone line), the
// price per unit, the total and where it goes.
const orderColumns: Column<OrderDto>[] = [
  { header: 'Name', role: 'title', className: 'font-semibold', cell: (order) => order.productName },
  { header: 'Order', cell: (order) => <OrderPlacedCell order={order} /> },
  { header: 'Order Quantity', cell: (order) => countOf(order.quantity, order.unit) },
  { header: 'Unit Price', cell: (order) => `${formatCents(order.unitPriceCents)} per ${order.unit}` },
  { header: 'Total Price', cell: (order) => formatCents(order.totalCents) },
  { header: 'Ship to', cell: (order) => <ShipToCell order={order} /> },
  { header: 'Status', cell: (order) => <StatusBadge order={order} text={buyerStatusText(order)} /> },
  {
    header: 'Pay',
    role: 'actions',
    cell: (order) =>
      order.status === 'unpaid' ? (
        <Link to="/dashboard/payment/$id" params={{ id: order.id }} className={buttonClass('primary', 'px-3 py-1.5')}>
          {labels.payNow}
        </Link>
      ) : (
        <div>
          <p className="font-bold text-emerald-800">{labels.paid}</p>
          <p className="text-xs break-all text-slate-700">{order.transactionId}</p>
        </div>
      ),
  },
  { header: 'Delete', role: 'actions', cell: (order) => <DeleteOrderButton order={order} /> },
];

/** My Order (a buyer's dashboard index): every order of theirs, newest first, loaded 100 at a time. */
export function MyOrdersPage() {
  usePageMeta(labels.myOrder, 'Your Bulkhead orders: status, payment and delivery.');
  const pages = useInfiniteQuery(myOrdersQuery);
  return (
    <DashboardSection id="my-order" title={labels.myOrder}>
      <PagedList pages={pages} noun="order" failed="We could not load your orders. Please try again." empty={labels.noOrders}>
        {(orders) => <DataTable caption={labels.myOrder} columns={orderColumns} rows={orders} rowKey={(order) => order.id} />}
      </PagedList>
    </DashboardSection>
  );
}
