import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { countOf } from '#domain/catalog/units.ts';
import { labels, messages } from '#domain/messages.ts';
import { quoteMessageProblem } from '#domain/quoting/quote-rules.ts';
import type { CartDto } from '#http/dto.ts';
import { api } from '../../lib/api.ts';
import { keyRoots } from '../../lib/queries.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog, FormDialogActions } from '../../components/ui/form-dialog.tsx';
import { notify } from '../../components/ui/toaster.tsx';

/**
 * "Request a quote" (docs/orders.md, "Requests for quote"): the cart's lines as they stand — more than
 * the stock, fewer than the minimum, any amount — go to the shop with what the buyer needs (a
 * price, a date); the answer comes to Quotes in the dashboard.
 */
export function RequestQuoteDialog({ view }: { view: CartDto }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const request = useMutation({
    mutationFn: (message: string) => api.requestQuote({ lines: view.lines.map(({ productId, quantity }) => ({ productId, quantity })), message }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keyRoots.quotes] }),
  });
  const form = useAppForm({
    defaultValues: { message: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await request.mutateAsync(value.message.trim());
        notify.success(messages.quoteRequested);
        setOpen(false);
        await navigate({ to: '/dashboard/quotes' });
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      trigger={
        <Button variant="secondary" className="w-full">
          {labels.requestQuote}
        </Button>
      }
      title={labels.requestQuote}
      description="Need more than we have in stock, a better price for the volume, or a delivery date? We answer with a price per line and how long it holds; you accept it in one click."
    >
      <ul className="mt-4 space-y-1 rounded-md bg-slate-50 p-3 text-sm text-slate-800" aria-label="Lines to quote">
        {view.lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-3">
            <span className="min-w-0 truncate">{line.name}</span>
            <span className="whitespace-nowrap">{countOf(line.quantity, line.unit)}</span>
          </li>
        ))}
      </ul>
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <form.AppField name="message" validators={checkOnChangeBlurSubmit(checkWith(quoteMessageProblem))}>
          {(field) => <field.TextareaField id="quote-message" label="What do you need?" hint="The quantities, a target price, a delivery date." />}
        </form.AppField>
        <FormDialogActions>
          <form.AppForm>
            <form.SubmitButton>Send request</form.SubmitButton>
          </form.AppForm>
        </FormDialogActions>
      </form>
    </FormDialog>
  );
}
