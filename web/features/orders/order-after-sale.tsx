/**
 * My Order's after-sale part of one order, under its details (docs/orders.md, "After the sale:
 * cancel, refund, return"): the money given back, each refund with its credit note, the buyer's
 * returns and the shop's answers, and "Return items" while a shipped order is within the return
 * window. Read only when the order is opened, and only for a paid order (an unpaid one has none).
 */
import { useQuery } from '@tanstack/react-query';
import { returnWindowOpen, RETURN_WINDOW_DAYS } from '#domain/after-sale/after-sale.ts';
import { checkReason } from '#domain/after-sale/refund-order.ts';
import type { OrderDto, ReturnDto } from '#http/dto.ts';
import { labels } from '../../lib/labels.ts';
import { messages } from '../../lib/messages.ts';
import { formatCents, formatDate } from '../../lib/format.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { refusalOf } from '../../lib/error-message.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DialogRefusal, useRefusableDialog } from '../../components/forms/dialog-refusal.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { creditNoteUrl, orderAfterSaleQuery, useRequestReturn } from './api.ts';

const RETURN_STATUS_TEXT: Record<ReturnDto['status'], string> = {
  requested: 'Requested, awaiting our answer',
  approved: 'Approved',
  rejected: 'Not accepted',
  received: 'Received',
};

const heading = 'text-xs font-semibold tracking-wide text-slate-600 uppercase';

/** What may still be asked back of each line: shipped less what other returns hold (a rejected one holds nothing). */
const returnable = (order: OrderDto, returns: readonly ReturnDto[]) =>
  order.lines.flatMap((line) => {
    if (line.productId === null) return [];
    const held = returns
      .filter((ret) => ret.status !== 'rejected')
      .flatMap((ret) => ret.lines.filter((own) => own.productId === line.productId).map((own) => (ret.status === 'received' ? (own.receivedQuantity ?? 0) : own.quantity)))
      .reduce((sum, units) => sum + units, 0);
    return [{ ...line, productId: line.productId, left: line.quantity - held }];
  });

const nameOf = (order: OrderDto, productId: string) => order.lines.find((line) => line.productId === productId)?.productName ?? productId;

export function OrderAfterSale({ order, now = new Date() }: { order: OrderDto; now?: Date }) {
  const paid = order.status !== 'unpaid';
  const afterSale = useQuery({ ...orderAfterSaleQuery(order.id), enabled: paid });
  if (!paid) return null;
  if (afterSale.isPending) return null;
  if (afterSale.isError) return <p className="mt-4 text-sm text-red-800">We could not load this order&apos;s refunds and returns.</p>;
  const { refunds, returns } = afterSale.data;
  const canReturn = returnWindowOpen({ status: order.status, shippedAt: order.shippedAt === null ? null : new Date(order.shippedAt) }, now);
  const lines = canReturn ? returnable(order, returns).filter((line) => line.left > 0) : [];
  if (refunds.length === 0 && returns.length === 0 && lines.length === 0) return null;
  return (
    <section aria-label={`Refunds and returns of order ${order.number}`} className="mt-5 grid gap-4 border-t border-slate-300 pt-4 text-left md:grid-cols-2">
      {refunds.length > 0 ? (
        <div className="min-w-0">
          <h3 className={heading}>
            {labels.refunded} {formatCents(order.refundedCents)}
          </h3>
          <ul className="mt-2 space-y-2">
            {refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-mono text-sm">{refund.number}</span>
                <span className="font-semibold">{formatCents(refund.amountCents)}</span>
                <span className="text-sm text-slate-700">{formatDate(refund.createdAt)}</span>
                <a
                  href={creditNoteUrl(order.id, refund.id)}
                  download={`${refund.number}.pdf`}
                  className={buttonClass('ghost', 'border border-slate-400 px-3 py-1.5 whitespace-nowrap')}
                  aria-label={`${labels.creditNote} ${refund.number}`}
                >
                  {labels.creditNote}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {returns.length > 0 || lines.length > 0 ? (
        <div className="min-w-0">
          <h3 className={heading}>{labels.returns}</h3>
          {returns.length > 0 ? (
            <ul className="mt-2 space-y-2">
              {returns.map((ret) => (
                <li key={ret.id} className="text-sm">
                  <span className="font-mono">{ret.number}</span> — <span className="font-semibold">{RETURN_STATUS_TEXT[ret.status]}</span>
                  <span className="block text-slate-700">
                    {ret.lines.map((line) => `${line.quantity.toLocaleString('en-US')} × ${nameOf(order, line.productId)}`).join(', ')}
                  </span>
                  {ret.answer !== null ? <span className="block">Our answer: {ret.answer}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {lines.length > 0 ? <ReturnItemsDialog order={order} lines={lines} /> : null}
        </div>
      ) : null}
    </section>
  );
}

const reasonProblem = (value: string) => checkReason(value).reason ?? null;

/** A typed quantity to send back: empty (none), or a whole number from 1 to what may still go back. */
const quantityProblem = (max: number) => (value: string) => {
  const text = value.trim();
  if (text === '') return undefined;
  const quantity = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  return quantity >= 1 && quantity <= max ? undefined : messages.afterSaleQuantity(max);
};

/** "Return items": how many of each line go back, and why; the shop answers by e-mail and here. */
function ReturnItemsDialog({ order, lines }: { order: OrderDto; lines: ReturnType<typeof returnable> }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const requestReturn = useRequestReturn(order);
  const form = useAppForm({
    defaultValues: { quantities: lines.map(() => ''), reason: '' },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      const chosen = lines.flatMap((line, index) => {
        const text = value.quantities[index]?.trim() ?? '';
        return text === '' ? [] : [{ formIndex: index, productId: line.productId, quantity: Number(text) }];
      });
      if (chosen.length === 0) {
        setRefusal(messages.returnNothingChosen);
        return;
      }
      try {
        const made = await requestReturn.mutateAsync({ lines: chosen.map(({ productId, quantity }) => ({ productId, quantity })), reason: value.reason.trim() });
        notify.success(messages.returnRequested(made.number));
        setOpen(false);
      } catch (error) {
        // The server names a line by its place in what was sent: put it back on the form's line.
        const rename = (apiName: string) => {
          const line = /^lines\.(\d+)\.quantity$/.exec(apiName);
          return line ? `quantities[${chosen[Number(line[1])]?.formIndex ?? 0}]` : apiName;
        };
        showRefusal(formApi, error, { rename });
        setRefusal(refusalOf(error).message);
      }
    },
  });
  const id = (name: string) => `return-${order.id}-${name}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={
        <Button variant="secondary" className="mt-3 px-3 py-1.5" aria-label={`${labels.returnItems} of order ${order.number}`}>
          {labels.returnItems}
        </Button>
      }
      title={
        <>
          Return items of order <span className="font-mono">{order.number}</span>
        </>
      }
      description={`Shipped ${order.shippedAt === null ? '' : formatDate(order.shippedAt)}; returns are accepted within ${RETURN_WINDOW_DAYS} days of shipping. We answer by e-mail with where to send them; what arrives is refunded at the price you paid.`}
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Units to send back (leave empty for none)</legend>
          {lines.map((line, index) => (
            <form.AppField key={line.productId} name={`quantities[${index}]`} validators={checkOnChangeBlurSubmit(({ value }: { value: string }) => quantityProblem(line.left)(value))}>
              {(field) => (
                <field.NumberField
                  id={id(`line-${index}`)}
                  label={`${line.productName} (${line.sku})`}
                  hint={`Up to ${line.left.toLocaleString('en-US')} (${line.unit})`}
                  autoComplete="off"
                />
              )}
            </form.AppField>
          ))}
        </fieldset>
        <form.AppField name="reason" validators={checkOnChangeBlurSubmit(checkWith(reasonProblem))}>
          {(field) => <field.TextareaField id={id('reason')} label="Why are you returning them?" rows={3} />}
        </form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton variant="primary">Request return</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}
