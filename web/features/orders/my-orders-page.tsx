import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { labels } from '#domain/messages.ts';
import { myOrdersQuery } from '../../lib/queries.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { LoadMoreFooter } from '../../components/ui/load-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { buyerStatusText, StatusBadge } from './order-status.tsx';
import { DeleteOrderButton } from './delete-order-button.tsx';

const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-middle text-sm text-slate-800';

/** My Order (a buyer's dashboard index): every order of theirs, newest first, loaded 100 at a time. */
export function MyOrdersPage() {
  usePageMeta(labels.myOrder, 'Your Bulkhead orders: status, payment and delivery.');
  const pages = useInfiniteQuery(myOrdersQuery);
  const orders = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="my-order-heading">
      <h2 id="my-order-heading" className="mb-4 text-xl font-bold text-slate-900">
        {labels.myOrder}
      </h2>
      {pages.isPending ? (
        <Spinner />
      ) : pages.isError ? (
        <p role="alert">We could not load your orders. Please try again.</p>
      ) : orders.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center font-semibold text-slate-700">{labels.noOrders}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-100">
                <tr>
                  <th className={th}>Name</th>
                  <th className={th}>Email</th>
                  <th className={th}>Order Quantity</th>
                  <th className={th}>Total Price</th>
                  <th className={th}>Status</th>
                  <th className={th}>Pay</th>
                  <th className={th}>Delete</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td className={`${td} font-semibold`}>{order.productName}</td>
                    <td className={td}>{order.email}</td>
                    <td className={td}>{order.quantity}</td>
                    <td className={td}>{formatCents(order.totalCents)}</td>
                    <td className={td}>
                      <StatusBadge order={order} text={buyerStatusText(order)} />
                    </td>
                    <td className={td}>
                      {order.status === 'unpaid' ? (
                        <Link to="/dashboard/payment/$id" params={{ id: order.id }} className={buttonClass('primary', 'px-3 py-1.5')}>
                          {labels.payNow}
                        </Link>
                      ) : (
                        <div>
                          <p className="font-bold text-emerald-800">{labels.paid}</p>
                          <p className="text-xs break-all text-slate-700">{order.transactionId}</p>
                        </div>
                      )}
                    </td>
                    <td className={td}>
                      <DeleteOrderButton order={order} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMoreFooter shown={orders.length} noun="order" pages={pages} />
        </>
      )}
    </section>
  );
}
