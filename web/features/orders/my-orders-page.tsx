import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { labels } from '../../lib/labels.ts';
import type { OrderDto } from '#http/dto.ts';
import { myOrdersMatching } from './api.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { awaitsOrRejected, buyerStatusText, isAwaitingApproval, StatusBadge } from '../../components/orders/order-status.tsx';
import { ReorderButton } from './reorder-button.tsx';
import { OrderAfterSale } from './order-after-sale.tsx';
import { DeleteOrderButton } from '../../components/orders/delete-order-button.tsx';
import { OrderDetails, OrderItemsCell, OrderNumber, OrderPlacedCell, PoCell } from '../../components/orders/order-cells.tsx';
import { InvoiceLink, ShipmentInfo } from '../../components/orders/order-papers.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

// One row per order: its number (which opens its lines, the address and the note), when it was
// placed, what is in it, the total, the buyer's PO number and where it stands.
const orderColumns: Column<OrderDto>[] = [
  { header: 'Order', role: 'title', cell: (order) => <OrderNumber order={order} /> },
  { header: 'Placed', cell: (order) => <OrderPlacedCell order={order} /> },
  { header: 'Items', cell: (order) => <OrderItemsCell order={order} /> },
  { header: 'Total', className: 'font-semibold whitespace-nowrap', cell: (order) => formatCents(order.totalCents) },
  { header: 'PO', cell: (order) => <PoCell order={order} /> },
  {
    // Once shipped, with what and under which tracking number (when the admin gave them).
    header: 'Status',
    cell: (order) => (
      <div className="min-w-0">
        <StatusBadge order={order} text={buyerStatusText(order)} />
        <ShipmentInfo order={order} className="mt-1 max-w-48 text-xs text-slate-700" />
      </div>
    ),
  },
  {
    // Paying, and "Order again" under it: the same order's lines back into the cart.
    header: 'Pay',
    role: 'actions',
    cell: (order) => (
      <div className="flex flex-col items-start gap-2">
        {awaitsOrRejected(order) ? (
          <p className="max-w-40 text-xs text-slate-700">{isAwaitingApproval(order) ? 'Payable once a manager approves it' : 'Not payable'}</p>
        ) : order.status === 'unpaid' ? (
          <Link to="/dashboard/payment/$id" params={{ id: order.id }} className={buttonClass('primary', 'px-3 py-1.5 whitespace-nowrap')}>
            {labels.payNow}
          </Link>
        ) : (
          <div>
            <p className="font-bold text-emerald-800">{labels.paid}</p>
            <p className="text-xs break-all text-slate-700">{order.transactionId}</p>
          </div>
        )}
        <InvoiceLink order={order} />
        <ReorderButton order={order} />
      </div>
    ),
  },
  { header: 'Delete', role: 'actions', cell: (order) => <DeleteOrderButton order={order} /> },
];

/**
 * Find one of your orders by the end of its number ("000123" or "2026-000123" is enough) or the
 * start of your PO number; an empty search shows them all again.
 */
function MyOrdersSearch({ q, onSearch }: { q: string | undefined; onSearch: (q: string | undefined) => void }) {
  const form = useAppForm({
    defaultValues: { words: q ?? '' },
    onSubmit: ({ value }) => onSearch(value.words.trim() || undefined),
  });
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="words">
        {(field) => (
          <label className="flex min-w-0 max-w-md flex-1 basis-64 flex-col text-sm font-medium text-slate-900">
            Order number or PO number
            <Input
              type="search"
              className="mt-1"
              placeholder="e.g. 000123 or PO-4411"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
            />
          </label>
        )}
      </form.Field>
      <Button type="submit">Find</Button>
      {q ? (
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            form.reset({ words: '' });
            onSearch(undefined);
          }}
        >
          Show all orders
        </Button>
      ) : null}
    </form>
  );
}

/** My Order (a buyer's dashboard index): every order of theirs, newest first, loaded 100 at a time. */
export function MyOrdersPage() {
  usePageMeta(labels.myOrder, 'Your Bulkhead orders: status, payment and delivery.');
  // The search the buyer sent (not what is being typed: that is the form's).
  const [q, setQ] = useState<string | undefined>(undefined);
  const pages = useInfiniteQuery(myOrdersMatching(q));
  return (
    <DashboardSection id="my-order" title={labels.myOrder}>
      <MyOrdersSearch q={q} onSearch={setQ} />
      <PagedList pages={pages} noun="order" failed="We could not load your orders. Please try again." empty={q ? 'No order of yours matches this search.' : labels.noOrders}>
        {(orders) => <DataTable caption={labels.myOrder} columns={orderColumns} rows={orders} rowKey={(order) => order.id} details={(order) => (
              <>
                <OrderDetails order={order} />
                <OrderAfterSale order={order} />
              </>
            )} />}
      </PagedList>
    </DashboardSection>
  );
}
