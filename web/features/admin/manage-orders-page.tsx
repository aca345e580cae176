import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useFocusResult } from '../../lib/focus-result.ts';
import { labels } from '../../lib/labels.ts';
import type { OrderDto } from '#http/dto.ts';
import { adminOrdersQuery } from './api.ts';
import { ShipOrderDialog } from './ship-order-dialog.tsx';
import { CancelOrderDialog, RefundOrderDialog } from './after-sale-dialogs.tsx';
import { ORDER_STATUS_FILTERS, STATUS_FILTER_LABELS, type OrdersSearch } from './orders-search.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { ListFilter } from '../../components/data-table/list-filter.tsx';
import { LoadEarlierHeader, LoadMoreFooter } from '../../components/ui/load-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DeleteOrderButton } from '../../components/orders/delete-order-button.tsx';
import { OrderDetails, OrderItemsCell, OrderNumber, OrderPlacedCell, PoCell } from '../../components/orders/order-cells.tsx';
import { InvoiceLink, PackingSlipLink } from '../../components/orders/order-papers.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

function ShipAction({ order }: { order: OrderDto }) {
  // Shipping from here replaces the Ship button by the status: focus moves to it, announced, rather
  // than falling to <body> with the button (web/README.md, "Decisions").
  const [justShipped, setJustShipped] = useState(false);
  const status = useFocusResult<HTMLSpanElement>(justShipped && order.status === 'shipped');
  if (order.status === 'unpaid') return <span className="font-bold text-red-800">{labels.unpaid}</span>;
  if (order.status === 'cancelled') return <span className="font-bold text-stone-800">{labels.orderCancelled}</span>;
  // Refunds and a cancel are beside the order, never states of it (docs/orders.md, "After the sale: cancel, refund, return"):
  // a paid order can still be shipped or cancelled, a shipped one refunded. Nothing is left to refund once all was.
  const refundable = order.refundedCents < order.totalCents;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* The carrier and tracking number are in the order's details: the column is too narrow for them. */}
      {order.status === 'shipped' ? (
        <span
          ref={status}
          tabIndex={justShipped ? -1 : undefined}
          role={justShipped ? 'status' : undefined}
          aria-label={justShipped ? `Order ${order.number} ${labels.shipped.toLowerCase()}` : undefined}
          className="font-bold text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {labels.shipped}
        </span>
      ) : (
        <ShipOrderDialog order={order} onShipped={() => setJustShipped(true)} />
      )}
      {refundable ? <RefundOrderDialog order={order} /> : null}
      {order.status === 'pending' && refundable ? <CancelOrderDialog order={order} /> : null}
    </div>
  );
}

/** The total, and what of it was given back so far. */
const TotalCell = ({ order }: { order: OrderDto }) => (
  <>
    {formatCents(order.totalCents)}
    {order.refundedCents > 0 ? (
      <span className="block text-xs font-normal text-slate-700">
        {labels.refunded} {formatCents(order.refundedCents)}
      </span>
    ) : null}
  </>
);

/** The papers of a paid order: the invoice for the buyer's accounts, the packing slip for the warehouse. */
const orderPapers = (order: OrderDto) =>
  order.status === 'unpaid' ? null : (
    <>
      <InvoiceLink order={order} label="Invoice" />
      <PackingSlipLink order={order} />
    </>
  );

// One row per order: which, when, who, what, how much and the buyer's PO; the number opens the
// lines, the address (phone to call) and the note. The Ship confirmation repeats where it goes.
const orderColumns: Column<OrderDto>[] = [
  { header: 'Order', role: 'title', cell: (order) => <OrderNumber order={order} /> },
  { header: 'Placed', cell: (order) => <OrderPlacedCell order={order} /> },
  {
    header: 'Customer',
    cell: (order) => (
      <div className="min-w-0">
        {order.customerName}
        <span className="block text-xs wrap-anywhere text-slate-600">{order.email}</span>
      </div>
    ),
  },
  { header: 'Items', cell: (order) => <OrderItemsCell order={order} /> },
  { header: 'Total', className: 'font-semibold whitespace-nowrap', cell: (order) => <TotalCell order={order} /> },
  { header: 'PO', cell: (order) => <PoCell order={order} /> },
  { header: 'Status', role: 'actions', cell: (order) => <ShipAction order={order} /> },
  // Disabled once paid, as on My Order: a paid order is the buyer's money.
  { header: 'Delete', role: 'actions', cell: (order) => <DeleteOrderButton order={order} /> },
];

/** Manage All Orders: newest first, 50 at a time, narrowed by status and by order number, e-mail or PO number (the server matches all three). */
export function ManageOrdersPage({ search }: { search: OrdersSearch }) {
  usePageMeta(labels.manageAllOrders, 'Ship paid orders and remove unpaid ones.');
  const navigate = useNavigate();
  const pages = useInfiniteQuery(adminOrdersQuery(search));
  const orders = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(search.status || search.q);
  return (
    <DashboardSection id="manage-orders" title={labels.manageAllOrders}>
      <ListFilter
        key={search.q ?? ''}
        choice={{ label: 'Status', all: 'All orders', options: ORDER_STATUS_FILTERS, labels: STATUS_FILTER_LABELS, value: search.status }}
        text={{ id: 'orders-q', label: 'Order number, customer e-mail or PO number', placeholder: 'Order no., e-mail or PO', value: search.q }}
        submitLabel="Search"
        onChange={({ choice, text }) => void navigate({ to: '/dashboard/allOrders', search: { status: choice, q: text } })}
      />
      {pages.isPending ? (
        <Spinner />
      ) : pages.isError ? (
        <p role="alert">We could not load the orders. Please try again.</p>
      ) : (
        <>
          <p className="mb-4 text-slate-700" aria-live="polite">
            {filtered ? 'Matching orders' : labels.totalOrders}: {pages.data.pages[0]?.total ?? orders.length}
          </p>
          {orders.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-800">
              {filtered ? 'No orders match this search.' : labels.noOrders}
            </p>
          ) : (
            <>
              <LoadEarlierHeader noun="order" pages={pages} />
              <DataTable
                caption={labels.manageAllOrders}
                columns={orderColumns}
                rows={orders}
                rowKey={(order) => order.id}
                details={(order) => <OrderDetails order={order} callable papers={orderPapers(order)} />}
              />
              <LoadMoreFooter shown={orders.length} noun="order" pages={pages} />
            </>
          )}
        </>
      )}
    </DashboardSection>
  );
}
