/**
 * Payments to refund (admins): card payments that succeeded but that no order could take (its
 * order expired or was deleted first, or another payment paid it), newest first, and a Refund
 * action on each still waiting (docs/api.md, "Payments to refund"): the whole payment goes back
 * through the payment provider, once, after the admin confirms.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PaymentToRefundDto } from '#http/dto.ts';
import { labels } from '../../lib/labels.ts';
import { formatCents, formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { DialogRefusal, useRefusableDialog } from '../../components/forms/dialog-refusal.tsx';
import { paymentsToRefundQuery, useRefundPayment } from './api.ts';

const REASONS: Record<PaymentToRefundDto['reason'], string> = {
  'order-gone': 'Its order had expired or was deleted',
  'order-paid-otherwise': 'Its order was already paid',
};

/** Refund one payment: a confirmation naming the amount, and the provider's refusal kept in the dialog. */
function RefundPaymentDialog({ payment }: { payment: PaymentToRefundDto }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const refund = useRefundPayment(payment);
  const amount = formatCents(payment.amountCents);
  const form = useAppForm({
    defaultValues: {},
    onSubmit: async () => {
      setRefusal(null);
      try {
        await refund.mutateAsync();
        setOpen(false);
      } catch (error) {
        setRefusal(refusalOf(error).message);
      }
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={
        <Button variant="secondary" className="px-3 py-1.5" aria-label={`${labels.refund} the payment of ${amount} (${payment.paymentIntentId})`}>
          {labels.refund}
        </Button>
      }
      title={<>Refund {amount}?</>}
      description={
        <>
          The whole payment <span className="font-mono break-all">{payment.paymentIntentId}</span> goes back to the buyer's card through the payment
          provider. This cannot be undone.
        </>
      }
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton variant="danger">Refund {amount}</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}

const columns: Column<PaymentToRefundDto>[] = [
  { header: 'Payment', role: 'title', cell: (payment) => <span className="font-mono text-xs break-all">{payment.paymentIntentId}</span> },
  { header: 'Amount', cell: (payment) => <span className="font-semibold">{formatCents(payment.amountCents)}</span> },
  { header: 'Received', cell: (payment) => formatDate(payment.createdAt) },
  { header: 'Why no order took it', cell: (payment) => REASONS[payment.reason] },
  {
    header: 'Action',
    role: 'actions',
    cell: (payment) =>
      payment.refundedAt === null ? (
        <RefundPaymentDialog payment={payment} />
      ) : (
        <span className="text-sm font-semibold text-slate-700">
          {labels.refunded} {formatDate(payment.refundedAt)}
        </span>
      ),
  },
];

/** The list, newest first, 50 at a time. */
export function PaymentsToRefundPage() {
  usePageMeta(labels.paymentsToRefund, 'Card payments no order could take: refund each to the buyer.');
  const pages = useInfiniteQuery(paymentsToRefundQuery);
  return (
    <DashboardSection id="payments-to-refund" title={labels.paymentsToRefund}>
      <p className="mb-4 max-w-prose text-sm text-slate-700">
        Card payments that went through when no order could take them: the order had expired or was deleted first, or was already paid. Each is
        the buyer's money; refund it here.
      </p>
      <PagedList pages={pages} noun="payment" failed="We could not load the payments to refund. Please try again." empty="No payments to refund.">
        {(payments) => <DataTable caption={labels.paymentsToRefund} columns={columns} rows={payments} rowKey={(payment) => payment.paymentIntentId} />}
      </PagedList>
    </DashboardSection>
  );
}
