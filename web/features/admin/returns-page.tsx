/**
 * Returns (admins): buyers' returns, newest first, by status in the URL, and what an admin does
 * with each (docs/orders.md, "After the sale: cancel, refund, return"): approve a requested one
 * (the answer, optional, tells the buyer how to send it), reject it (the answer says why), and
 * receive an approved one (what arrived of each line, and whether it goes back in stock; the
 * server refunds it at the price paid).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { OrderDto, ReturnDto } from '#http/dto.ts';
import { labels } from '../../lib/labels.ts';
import { messages } from '../../lib/messages.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { DialogRefusal, useRefusableDialog } from '../../components/forms/dialog-refusal.tsx';
import { reasonProblem } from './after-sale-dialogs.tsx';
import { adminOrderQuery, adminReturnsQuery, RETURN_FILTERS, useAnswerReturn, useReceiveReturn, type ReturnStatus } from './api.ts';

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = { requested: 'Requested', approved: 'Approved', rejected: 'Rejected', received: 'Received' };

/** A product of the return in words, from its order once loaded (its id until then). */
const productName = (order: OrderDto | undefined, productId: string) => {
  const line = order?.lines.find((own) => own.productId === productId);
  return line ? `${line.productName} (${line.sku})` : productId;
};

/** The order a return belongs to: its number, and the lines asked back with their names. */
function ReturnLines({ ret }: { ret: ReturnDto }) {
  const order = useQuery(adminOrderQuery(ret.orderId)).data;
  return (
    <div className="min-w-0 text-sm">
      <p className="font-mono text-xs text-slate-700">{order ? order.number : ret.orderId}</p>
      <ul>
        {ret.lines.map((line) => (
          <li key={line.productId}>
            {line.quantity.toLocaleString('en-US')} × {productName(order, line.productId)}
            {line.receivedQuantity !== null ? ` (${line.receivedQuantity.toLocaleString('en-US')} received)` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Approve or reject: one answer box, required to reject (the buyer is told why). */
function AnswerReturnDialog({ ret, verdict }: { ret: ReturnDto; verdict: 'approve' | 'reject' }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const answer = useAnswerReturn(ret, verdict);
  const approving = verdict === 'approve';
  const form = useAppForm({
    defaultValues: { answer: '' },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      const text = value.answer.trim();
      try {
        await answer.mutateAsync(text === '' ? {} : { answer: text });
        setOpen(false);
      } catch (error) {
        showRefusal(formApi, error);
        setRefusal(refusalOf(error).message);
      }
    },
  });
  const label = approving ? labels.approve : labels.reject;
  const id = `${verdict}-${ret.id}-answer`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={
        <Button variant={approving ? 'secondary' : 'ghost'} className="px-3 py-1.5" aria-label={`${label} return ${ret.number}`}>
          {label}
        </Button>
      }
      title={
        <>
          {label} return <span className="font-mono">{ret.number}</span>
        </>
      }
      description={approving ? 'The buyer is e-mailed your answer: how and where to send the items back.' : 'The buyer is e-mailed your answer: why the return is refused.'}
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <form.AppField
          name="answer"
          validators={checkOnChangeBlurSubmit(checkWith((value: string) => (approving && value.trim() === '' ? null : reasonProblem(value))))}
        >
          {(field) => <field.TextareaField id={id} label={approving ? 'Answer (optional)' : 'Answer'} rows={3} />}
        </form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton variant={approving ? 'primary' : 'danger'}>{approving ? 'Approve return' : 'Reject return'}</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}

/** What arrived of one line: a whole number from 0 (nothing came) to what was asked back. */
const receivedProblem = (max: number) => (value: string) => {
  const text = value.trim();
  const quantity = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  return quantity >= 0 && quantity <= max ? undefined : messages.afterSaleQuantity(max);
};

/** Receive an approved return: per line what arrived and whether it goes back in stock (on unless unticked). */
function ReceiveReturnDialog({ ret }: { ret: ReturnDto }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const receive = useReceiveReturn(ret);
  const order = useQuery(adminOrderQuery(ret.orderId)).data;
  const form = useAppForm({
    defaultValues: { lines: ret.lines.map((line) => ({ quantity: String(line.quantity), restock: true })) },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      const lines = ret.lines.map((line, index) => ({
        productId: line.productId,
        quantity: Number(value.lines[index]?.quantity.trim()),
        restock: value.lines[index]?.restock ?? true,
      }));
      if (lines.every((line) => line.quantity === 0)) {
        setRefusal(messages.receiveNothing);
        return;
      }
      try {
        await receive.mutateAsync(lines);
        setOpen(false);
      } catch (error) {
        // The server names the lines as sent, which are the form's lines in the same order.
        showRefusal(formApi, error, { rename: (apiName) => apiName.replace(/^lines\.(\d+)\./, 'lines[$1].') });
        setRefusal(refusalOf(error).message);
      }
    },
  });
  const id = (name: string) => `receive-${ret.id}-${name}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={
        <Button variant="secondary" className="px-3 py-1.5" aria-label={`${labels.receive} return ${ret.number}`}>
          {labels.receive}
        </Button>
      }
      title={
        <>
          Receive return <span className="font-mono">{ret.number}</span>
        </>
      }
      description="Enter what arrived of each line (0 for nothing). What arrived is refunded at the price paid for it, and goes back in stock where ticked."
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        {ret.lines.map((line, index) => (
          <fieldset key={line.productId} className="space-y-2 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{productName(order, line.productId)}</legend>
            <form.AppField
              name={`lines[${index}].quantity`}
              validators={checkOnChangeBlurSubmit(({ value }: { value: string }) => receivedProblem(line.quantity)(value))}
            >
              {(field) => <field.NumberField id={id(`quantity-${index}`)} label={`Units received (of ${line.quantity.toLocaleString('en-US')} asked back)`} autoComplete="off" />}
            </form.AppField>
            <form.AppField name={`lines[${index}].restock`}>{(field) => <field.CheckboxField id={id(`restock-${index}`)} label="Put back in stock" />}</form.AppField>
          </fieldset>
        ))}
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton variant="primary">Receive and refund</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}

function ReturnActions({ ret }: { ret: ReturnDto }) {
  if (ret.status === 'requested') {
    return (
      <div className="flex flex-wrap gap-2">
        <AnswerReturnDialog ret={ret} verdict="approve" />
        <AnswerReturnDialog ret={ret} verdict="reject" />
      </div>
    );
  }
  if (ret.status === 'approved') return <ReceiveReturnDialog ret={ret} />;
  return <span className="text-sm text-slate-700">—</span>;
}

const columns: Column<ReturnDto>[] = [
  { header: 'Return', role: 'title', cell: (ret) => <span className="font-mono font-semibold">{ret.number}</span> },
  { header: 'Asked', cell: (ret) => formatDate(ret.createdAt) },
  { header: 'Order and lines', cell: (ret) => <ReturnLines ret={ret} /> },
  {
    header: 'Reason and answer',
    cell: (ret) => (
      <div className="min-w-0 text-sm">
        <p>{ret.reason}</p>
        {ret.answer !== null ? <p className="mt-1 text-slate-700">Answer: {ret.answer}</p> : null}
      </div>
    ),
  },
  { header: 'Status', cell: (ret) => <span className="font-semibold">{RETURN_STATUS_LABELS[ret.status]}</span> },
  { header: 'Action', role: 'actions', cell: (ret) => <ReturnActions ret={ret} /> },
];

/** The Returns page: a status filter (links, so Back restores it) above the paged list. */
export function ReturnsPage({ status }: { status: ReturnStatus | undefined }) {
  usePageMeta(labels.returns, "Buyers' returns: approve, reject, and receive what comes back.");
  const pages = useInfiniteQuery(adminReturnsQuery(status));
  return (
    <DashboardSection id="returns" title={labels.returns}>
      <nav aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2">
        {RETURN_FILTERS.map((filter) => (
          <Link
            key={filter || 'all'}
            to="/dashboard/returns"
            search={filter ? { status: filter } : {}}
            className={buttonClass((status ?? '') === filter ? 'secondary' : 'ghost', 'border border-slate-300 px-3 py-1.5')}
            aria-current={(status ?? '') === filter ? 'page' : undefined}
          >
            {filter ? RETURN_STATUS_LABELS[filter] : 'All'}
          </Link>
        ))}
      </nav>
      <PagedList pages={pages} noun="return" failed="We could not load the returns. Please try again." empty="No returns here.">
        {(returns) => <DataTable caption={labels.returns} columns={columns} rows={returns} rowKey={(ret) => ret.id} />}
      </PagedList>
    </DashboardSection>
  );
}
