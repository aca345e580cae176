/**
 * The company's orders (docs/companies.md, "Approvals"): the managers' queue of orders awaiting
 * approval (approve, or reject with a reason the buyer reads), and the company's order list,
 * filtered by status and, for managers, by member. A buyer's list holds their own orders.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { refusalOf } from '../../lib/error-message.ts';
import { formatCents, formatDate } from '../../lib/format.ts';
import { labels } from '../../lib/labels.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DialogRefusal, useRefusableDialog } from '../../components/forms/dialog-refusal.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { buyerStatusText, StatusBadge } from '../../components/orders/order-status.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { Select } from '../../components/ui/input.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { companyOrdersQuery, useApprovalAnswers } from './api.ts';
import { requiredProblem } from './money-field.ts';
import type { CompanyOrderDto, CompanyOrderStatus, CompanyViewDto } from '../../components/company/types.ts';

const reasonText = (order: CompanyOrderDto) =>
  order.approval?.reason === 'over-limit' ? "Past the buyer's monthly limit" : order.approval?.reason === 'over-threshold' ? 'At or above the approval threshold' : null;

/** One order in a list: number, who placed it and when, its lines, total and status. */
function OrderSummary({ order }: { order: CompanyOrderDto }) {
  return (
    <div className="min-w-0 flex-1">
      <h3 className="font-semibold text-slate-900">
        Order <span className="font-mono">{order.number}</span>
      </h3>
      <p className="text-sm text-slate-700">
        {order.customerName} · <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> · {order.lines.length === 1 ? '1 line' : `${order.lines.length} lines`} ·{' '}
        <span className="font-semibold text-slate-900">{formatCents(order.totalCents)}</span>
      </p>
      <p className="text-sm break-words text-slate-600">Ships to {order.address}</p>
    </div>
  );
}

/** A manager's queue: every order waiting for an answer, oldest decisions first in line. */
export function ApprovalsQueue() {
  const pages = useInfiniteQuery(companyOrdersQuery('awaiting-approval'));
  const { approve } = useApprovalAnswers();
  return (
    <DashboardSection id="approvals" title="Awaiting your approval">
      <PagedList pages={pages} noun="order" failed="We could not load the orders awaiting approval. Please try again." empty="No order is waiting for approval.">
        {(orders) => (
          <ul aria-label="Orders awaiting approval" className="divide-y divide-slate-200 rounded-lg border border-sky-200 bg-white">
            {orders.map((order) => (
              <li key={order.id}>
                <article className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <OrderSummary order={order} />
                  <div className="flex flex-col items-start gap-2 sm:items-end">
                    {reasonText(order) ? <p className="text-xs font-semibold text-sky-900">{reasonText(order)}</p> : null}
                    <div className="flex flex-wrap gap-2">
                      <Button
                        aria-label={`Approve order ${order.number}`}
                        disabled={approve.isPending}
                        onClick={() =>
                          approve.mutate(order.id, {
                            onSuccess: () => notify.success(`Order ${order.number} approved; ${order.customerName} can pay it`),
                            onError: (error) => notify.error(refusalOf(error).message),
                          })
                        }
                      >
                        Approve
                      </Button>
                      <RejectDialog order={order} />
                    </div>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </DashboardSection>
  );
}

function RejectDialog({ order }: { order: CompanyOrderDto }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const { reject } = useApprovalAnswers();
  const form = useAppForm({
    defaultValues: { reason: '' },
    onSubmit: async ({ value }) => {
      setRefusal(null);
      try {
        await reject.mutateAsync({ orderId: order.id, reason: value.reason.trim() });
        notify.success(`Order ${order.number} rejected; its units went back to stock`);
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
        <Button variant="danger" aria-label={`Reject order ${order.number}`}>
          Reject
        </Button>
      }
      title={
        <>
          Reject order <span className="font-mono">{order.number}</span>
        </>
      }
      description={`${order.customerName} reads your reason on the order and in an e-mail; its units go back to stock.`}
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <form.AppField name="reason" validators={{ onChange: requiredProblem('reason', 500) }}>
          {(field) => <field.TextareaField id={`reject-${order.id}-reason`} label="Reason" rows={3} />}
        </form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton variant="danger">Reject order</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}

const STATUS_FILTERS: readonly { value: '' | CompanyOrderStatus; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: 'awaiting-approval', label: labels.awaitingApproval },
  { value: 'unpaid', label: labels.notPaid },
  { value: 'pending', label: labels.orderPending },
  { value: 'shipped', label: labels.orderShipped },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: labels.orderCancelled },
];

/** The company's orders: a manager's are everyone's and filter by member; a buyer's are their own. */
export function CompanyOrders({ view }: { view: CompanyViewDto }) {
  const manager = view.role === 'manager';
  const [status, setStatus] = useState<'' | CompanyOrderStatus>('');
  const [member, setMember] = useState('');
  const pages = useInfiniteQuery(companyOrdersQuery(status || undefined, member || undefined));
  const id = useId();
  return (
    <DashboardSection id="company-orders" title={manager ? 'Company orders' : 'Your company orders'}>
      <div className="mb-4 flex flex-wrap gap-3">
        <label htmlFor={`${id}-status`} className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium text-slate-800 sm:flex-none">
          Status
          <Select id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value as '' | CompanyOrderStatus)}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
        {manager ? (
          <label htmlFor={`${id}-member`} className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium text-slate-800 sm:flex-none">
            Member
            <Select id={`${id}-member`} value={member} onChange={(event) => setMember(event.target.value)}>
              <option value="">Every member</option>
              {view.members.map((one) => (
                <option key={one.userId} value={one.userId}>
                  {one.name}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
      </div>
      <PagedList pages={pages} noun="order" failed="We could not load the company's orders. Please try again." empty="No order matches.">
        {(orders) => (
          <ul aria-label="Company orders" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {orders.map((order) => (
              <li key={order.id}>
                <article className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center">
                  <OrderSummary order={order} />
                  <div className="max-w-full sm:max-w-64 sm:text-right">
                    <StatusBadge order={order} text={buyerStatusText(order)} />
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </DashboardSection>
  );
}
