import { useIsFetching, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { webMessages } from '../../lib/web-messages.ts';
import { labels } from '../../lib/labels.ts';
import type { OrderDto } from '#http/dto.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { mayGetThrough, orderQuery, paymentIntentQuery, paymentKeys, saysAlreadyPaid, useConfirmPayment } from './api.ts';
import { formatCents, formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { TestCardForm } from './test-card-form.tsx';
import { lineCount, OrderLines } from '../../components/orders/order-cells.tsx';
import { InvoiceLink, ShipmentInfo } from '../../components/orders/order-papers.tsx';
import { useFocusResult } from '../../lib/focus-result.ts';
import { ApprovalNotice, awaitsOrRejected } from '../../components/orders/order-status.tsx';

const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

function PaidNotice({ order, justPaid }: { order: OrderDto; justPaid: boolean }) {
  const panel = useFocusResult<HTMLDivElement>(justPaid);
  return (
    <div ref={panel} tabIndex={-1} role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 focus-visible:outline-2 focus-visible:outline-emerald-700">
      <p className="text-lg font-extrabold text-emerald-900">{labels.paid}</p>
      {order.transactionId ? <p className="mt-1 break-all text-emerald-950">{webMessages.transactionId(order.transactionId)}</p> : null}
      <p className="mt-2 text-emerald-950">
        {order.status === 'shipped' ? `${labels.orderShipped} to ${order.address}.` : `${labels.orderPending}: it ships to ${order.address}.`}
      </p>
      <ShipmentInfo order={order} className="mt-1 text-emerald-950" />
      {/* The invoice for the buyer's accounts, then back to where they follow the order (My Order is the buyer's dashboard). */}
      <div className="mt-3 flex flex-wrap gap-3">
        <InvoiceLink order={order} className="bg-white" />
        <Link to="/dashboard" className={buttonClass('secondary')}>
          See your orders
        </Link>
      </div>
    </div>
  );
}

/**
 * After the card went through: the confirmation, sent again on its own a few times (api.ts), then
 * in the buyer's hands with "Try again". Never the card form again, so nobody pays twice.
 */
function ConfirmingPayment({ orderId, confirm, onRetry }: { orderId: string; confirm: ReturnType<typeof useConfirmPayment>; onRetry: () => void }) {
  const rereading = useIsFetching({ queryKey: paymentKeys.order(orderId) }) > 0;
  // Still being confirmed, or paid already while the order is read again (it then shows paid).
  const waiting = !confirm.isError || (saysAlreadyPaid(confirm.error) && rereading);
  // The card form went with the card's acceptance, taking the focus with it: the problem takes it.
  const problem = useFocusResult<HTMLParagraphElement>(!waiting);
  if (waiting) return <Spinner label="Confirming your payment" />;
  return (
    <div className="space-y-3">
      <p ref={problem} role="alert" tabIndex={-1} className="font-medium text-red-700 focus-visible:outline-2 focus-visible:outline-red-700">
        {mayGetThrough(confirm.error) ? webMessages.paymentConfirmFailed : errorMessage(confirm.error)}
      </p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {labels.tryAgain}
      </Button>
    </div>
  );
}

/** Asks the server for a payment intent (amount from the stored order) and shows the matching card form. */
function PayForm({ order }: { order: OrderDto }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const intent = useQuery(paymentIntentQuery(order.id));
  const confirm = useConfirmPayment(order.id);
  // The intent the card paid: from then on this page only confirms it.
  const [charged, setCharged] = useState<string | null>(null);
  const billing = { name: session?.user.name ?? order.customerName, email: session?.user.email ?? order.email };
  const alreadyPaid = intent.isError && saysAlreadyPaid(intent.error);

  useEffect(() => {
    // The server found this order's payment went through (docs/orders.md, "Orders, cart, quick order"): read it again, paid.
    if (alreadyPaid) void queryClient.invalidateQueries({ queryKey: paymentKeys.order(order.id) });
  }, [alreadyPaid, order.id, queryClient]);

  const onPaid = async (paymentIntentId: string) => {
    setCharged(paymentIntentId);
    try {
      await confirm.mutateAsync(paymentIntentId);
      notify.success(webMessages.paymentSucceeded);
    } catch {
      // Told by ConfirmingPayment, with "Try again".
    }
  };

  if (charged) return <ConfirmingPayment orderId={order.id} confirm={confirm} onRetry={() => void onPaid(charged)} />;
  if (intent.isPending || alreadyPaid) return <Spinner label="Preparing payment" />;
  if (intent.isError) {
    return (
      <p role="alert" className="font-medium text-red-700">
        {errorMessage(intent.error)}
      </p>
    );
  }
  if (intent.data.provider === 'stripe' && intent.data.publishableKey) {
    return (
      <Suspense fallback={<Spinner label="Loading secure card form" />}>
        <StripeCardForm publishableKey={intent.data.publishableKey} clientSecret={intent.data.clientSecret} billing={billing} onPaid={onPaid} />
      </Suspense>
    );
  }
  return <TestCardForm clientSecret={intent.data.clientSecret} billing={billing} onPaid={onPaid} />;
}

export function PaymentPage({ orderId }: { orderId: string }) {
  const { data: order } = useSuspenseQuery(orderQuery(orderId));
  // Paid while on this page (not opened already paid): the notice takes the focus the card form had.
  const [openedUnpaid] = useState(order.status === 'unpaid');
  usePageMeta(`Pay for order ${order.number}`, 'Pay for your Bulkhead order by card.');
  return (
    <section aria-labelledby="payment-heading" className="grid gap-6 lg:grid-cols-2">
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="payment-heading" className="text-xl font-bold text-slate-900">
          Order <span className="font-mono">{order.number}</span>
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Placed <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>, {lineCount(order)}
          {order.poNumber ? <>, PO <span className="font-mono whitespace-nowrap">{order.poNumber}</span></> : null}
        </p>
        <OrderLines order={order} className="mt-4 border-y border-slate-200 py-3" />
        <p className="mt-3 text-lg font-semibold">Total Price: {formatCents(order.totalCents)}</p>
        <p className="mt-1 text-sm text-slate-700">Ships to {order.address}</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        {awaitsOrRejected(order) ? <ApprovalNotice order={order} /> : order.status === 'unpaid' ? <PayForm order={order} /> : <PaidNotice order={order} justPaid={openedUnpaid} />}
      </div>
    </section>
  );
}
