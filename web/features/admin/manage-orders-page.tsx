import { useQuery } from '@tanstack/react-query';
import { labels } from '#domain/messages.ts';
import type { OrderDto } from '#http/dto.ts';
import { adminOrdersQuery, useShipOrder } from './api.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DeleteOrderButton } from '../../components/orders/delete-order-button.tsx';


function ShipAction({ order }: { order: OrderDto }) {
  const ship = useShipOrder(order);
  if (order.status === 'unpaid') return <span className="font-bold text-red-800">{labels.unpaid}</span>;
  if (order.status === 'shipped') return <span className="font-bold text-emerald-800">{labels.shipped}</span>;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="px-3 py-1.5" disabled={ship.isPending}>
          {labels.ship}
        </Button>
      }
      description={`${order.quantity} × ${order.productName} for ${order.customerName} will be marked as shipped.`}
      confirmLabel="Yes, ship it!"
      onConfirm={() => ship.mutate()}
    />
  );
}

const orderColumns: Column<OrderDto>[] = [
  { header: 'Email', cell: (order) => order.email },
  { header: 'Customer', cell: (order) => order.customerName },
  { header: 'Product', role: 'title', className: 'font-semibold', cell: (order) => order.productName },
  { header: 'Quantity', cell: (order) => order.quantity },
  { header: 'Total', cell: (order) => formatCents(order.totalCents) },
  { header: 'Status', role: 'actions', cell: (order) => <ShipAction order={order} /> },
  // Disabled once paid, as on My Order: a paid order is the buyer's money.
  { header: 'Delete', role: 'actions', cell: (order) => <DeleteOrderButton order={order} /> },
];

export function ManageOrdersPage() {
  usePageMeta(labels.manageAllOrders, 'Ship paid orders and remove unpaid ones.');
  const { data, isPending, isError } = useQuery(adminOrdersQuery);
  return (
    <section aria-labelledby="manage-orders-heading">
      <h2 id="manage-orders-heading" className="text-xl font-bold text-slate-900">
        {labels.manageAllOrders}
      </h2>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p role="alert">We could not load the orders. Please try again.</p>
      ) : (
        <>
          <p className="mt-1 mb-4 text-slate-700">
            {labels.totalOrders}: {data.total}
          </p>
          <DataTable caption={labels.manageAllOrders} columns={orderColumns} rows={data.items} rowKey={(order) => order.id} />
        </>
      )}
    </section>
  );
}
