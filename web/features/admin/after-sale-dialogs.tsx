/**
 * The admin's after-sale actions on one order (docs/orders.md, "After the sale: cancel, refund,
 * return"): Cancel order for a paid order not yet shipped, Refund for a paid or shipped one. Each
 * checks what it can as the server would, and a refusal (nothing left to refund, the payment
 * provider saying no, a field problem) stays in the dialog, focused, so the admin reads it there.
 */
import { checkReason } from '#domain/after-sale/refund-order.ts';
import { dollarsToCents } from '#domain/shared/money.ts';
import type { OrderDto } from '#http/dto.ts';
import { labels } from '../../lib/labels.ts';
import { messages } from '../../lib/messages.ts';
import { formatCents } from '../../lib/format.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { DialogRefusal, useRefusableDialog } from '../../components/forms/dialog-refusal.tsx';
import { useCancelOrder, useRefundOrder, type RefundRequest } from './api.ts';

export const reasonProblem = (value: string) => checkReason(value).reason ?? null;

/** Cancel a pending order: the whole payment goes back, and its units to stock unless unticked. */
export function CancelOrderDialog({ order }: { order: OrderDto }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const cancel = useCancelOrder(order);
  const form = useAppForm({
    defaultValues: { reason: '', restock: true },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      try {
        await cancel.mutateAsync({ reason: value.reason.trim(), restock: value.restock });
        setOpen(false);
      } catch (error) {
        showRefusal(formApi, error);
        setRefusal(refusalOf(error).message);
      }
    },
  });
  const id = (name: string) => `cancel-${order.id}-${name}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={
        <Button variant="ghost" className="px-3 py-1.5" aria-label={`${labels.cancelOrder} ${order.number}`}>
          {labels.cancelOrder}
        </Button>
      }
      title={
        <>
          Cancel order <span className="font-mono">{order.number}</span>
        </>
      }
      description={
        <>
          {order.customerName} gets back {formatCents(order.totalCents - order.refundedCents)}, with a credit note, and the order can no longer be
          shipped.
        </>
      }
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <form.AppField name="reason" validators={checkOnChangeBlurSubmit(checkWith(reasonProblem))}>
          {(field) => <field.TextareaField id={id('reason')} label="Reason" rows={3} hint="The buyer reads it in the e-mail and on the credit note." />}
        </form.AppField>
        <form.AppField name="restock">{(field) => <field.CheckboxField id={id('restock')} label="Put the units back in stock" />}</form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton variant="danger">Cancel and refund</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}

/** A typed quantity to refund of one line: empty (none), or a whole number from 1 to what was ordered. */
const quantityProblem = (max: number) => (value: string) => {
  const text = value.trim();
  if (text === '') return undefined;
  const quantity = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  return quantity >= 1 && quantity <= max ? undefined : messages.afterSaleQuantity(max);
};

/** The amount in dollars: empty (the lines' own price), or from one cent to what is left to refund. */
const amountProblem = (left: number) => (value: string) => {
  if (value.trim() === '') return undefined;
  const cents = dollarsToCents(value);
  return cents !== null && cents >= 1 && cents <= left ? undefined : messages.refundAmountUpTo(formatCents(left));
};

/**
 * Refund part of a paid or shipped order: units of some lines at the price paid for them, or an
 * amount (alone, or with lines: the lines less a restocking fee), a reason, and whether the
 * refunded units go back in stock.
 */
export function RefundOrderDialog({ order }: { order: OrderDto }) {
  const { open, setOpen, refusal, setRefusal, onOpenChangeResetting } = useRefusableDialog();
  const refund = useRefundOrder(order);
  const left = order.totalCents - order.refundedCents;
  const lines = order.lines.filter((line): line is typeof line & { productId: string } => line.productId !== null);
  const form = useAppForm({
    defaultValues: { quantities: lines.map(() => ''), amount: '', reason: '', restock: false },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      const chosen = lines.flatMap((line, index) => {
        const text = value.quantities[index]?.trim() ?? '';
        return text === '' ? [] : [{ formIndex: index, productId: line.productId, quantity: Number(text) }];
      });
      const amountCents = value.amount.trim() === '' ? undefined : (dollarsToCents(value.amount) ?? undefined);
      if (chosen.length === 0 && amountCents === undefined) {
        setRefusal(messages.refundNothingChosen);
        return;
      }
      const body: RefundRequest = {
        lines: chosen.length === 0 ? null : chosen.map(({ productId, quantity }) => ({ productId, quantity })),
        ...(amountCents === undefined ? {} : { amountCents }),
        reason: value.reason.trim(),
        restock: value.restock,
      };
      try {
        await refund.mutateAsync(body);
        setOpen(false);
      } catch (error) {
        // The server names a line by its place in what was sent: put it back on the form's line.
        const rename = (apiName: string) => {
          const line = /^lines\.(\d+)\.quantity$/.exec(apiName);
          if (line) return `quantities[${chosen[Number(line[1])]?.formIndex ?? 0}]`;
          return apiName === 'amountCents' ? 'amount' : apiName;
        };
        showRefusal(formApi, error, { rename });
        const { message, fields } = refusalOf(error);
        setRefusal(fields.lines ? `${message}: ${fields.lines}` : message);
      }
    },
  });
  const id = (name: string) => `refund-${order.id}-${name}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChangeResetting(() => form.reset())}
      trigger={
        <Button variant="secondary" className="px-3 py-1.5" aria-label={`${labels.refund} order ${order.number}`}>
          {labels.refund}
        </Button>
      }
      title={
        <>
          Refund order <span className="font-mono">{order.number}</span>
        </>
      }
      description={
        <>
          Paid {formatCents(order.totalCents)}
          {order.refundedCents > 0 ? `, ${formatCents(order.refundedCents)} refunded already` : ''}: at most {formatCents(left)} can go back. Lines are
          refunded at the price paid for them; an amount alone refunds that amount, and with lines it is what they refund (less a fee).
        </>
      }
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <DialogRefusal message={refusal} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Units to refund (leave empty for none)</legend>
          {lines.map((line, index) => (
            <form.AppField key={line.productId} name={`quantities[${index}]`} validators={checkOnChangeBlurSubmit(({ value }: { value: string }) => quantityProblem(line.quantity)(value))}>
              {(field) => (
                <field.NumberField
                  id={id(`line-${index}`)}
                  label={`${line.productName} (${line.sku})`}
                  hint={`Ordered ${line.quantity.toLocaleString('en-US')} × ${formatCents(line.unitPriceCents)}`}
                  autoComplete="off"
                />
              )}
            </form.AppField>
          ))}
        </fieldset>
        <form.AppField name="amount" validators={checkOnChangeBlurSubmit(({ value }: { value: string }) => amountProblem(left)(value))}>
          {(field) => <field.NumberField id={id('amount')} decimal label="Amount in dollars (optional)" placeholder="e.g. 120.00" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="reason" validators={checkOnChangeBlurSubmit(checkWith(reasonProblem))}>
          {(field) => <field.TextareaField id={id('reason')} label="Reason" rows={3} hint="The buyer reads it in the e-mail and on the credit note." />}
        </form.AppField>
        <form.AppField name="restock">{(field) => <field.CheckboxField id={id('restock')} label="Put the refunded units back in stock" />}</form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton variant="primary">Refund</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}
