import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { labels, messages } from '#domain/messages.ts';
import type { OrderDto } from '#http/dto.ts';
import { api, ApiError } from '../../lib/api.ts';
import { adminOrdersQuery } from '../../lib/queries.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { DeleteOrderButton } from '../orders/delete-order-button.tsx';

const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-middle text-sm text-slate-800';

function ShipAction({ order }: { order: OrderDto }) {
  const queryClient = useQueryClient();
  const ship = useMutation({
    mutationFn: () => api.shipOrder(order.id),
    onSuccess: () => notify.success(messages.orderShipped),
    onError: (error) => notify.error(error instanceof ApiError ? error.message : messages.serverError),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersQuery.queryKey }),
  });
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
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-100">
                <tr>
                  <th className={th}>Email</th>
                  <th className={th}>Customer</th>
                  <th className={th}>Product</th>
                  <th className={th}>Quantity</th>
                  <th className={th}>Total</th>
                  <th className={th}>Status</th>
                  <th className={th}>Delete</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.items.map((order) => (
                  <tr key={order.id}>
                    <td className={td}>{order.email}</td>
                    <td className={td}>{order.customerName}</td>
                    <td className={`${td} font-semibold`}>{order.productName}</td>
                    <td className={td}>{order.quantity}</td>
                    <td className={td}>{formatCents(order.totalCents)}</td>
                    <td className={td}>
                      <ShipAction order={order} />
                    </td>
                    <td className={td}>
                      {/* Disabled once paid, as on My Order: a paid order is the buyer's money. */}
                      <DeleteOrderButton order={order} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
