import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { countOf } from '#domain/catalog/units.ts';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { quoteMessageProblem } from '#domain/quoting/quote-rules.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { useAppForm } from '../forms/form-hook.tsx';
import { showRefusal } from '../forms/server-refusal.ts';
import { submitWithoutReload } from '../forms/submit-without-reload.ts';
import { Button } from '../ui/button.tsx';
import { FormDialog, FormDialogActions } from '../ui/form-dialog.tsx';
import { notify } from '../ui/toaster.tsx';
import { useRequestQuote } from '../../lib/request-quote.ts';

/** A line the buyer may put in the request: the product, and the quantity to start from. */
export interface QuoteCandidate {
  productId: string;
  name: string;
  unit: string;
  quantity: number;
}

interface Choice {
  chosen: boolean;
  quantity: string;
}

const wholeAtLeastOne = (text: string): number | null => (/^\d{1,9}$/.test(text.trim()) && Number(text.trim()) >= 1 ? Number(text.trim()) : null);

/**
 * "Request a quote" (docs/orders.md, "Requests for quote"): the buyer ticks the lines to quote and
 * sets each quantity — more than the stock, fewer than the minimum, any whole amount — and says
 * what they need (a price, a date); the answer comes to Quotes in the dashboard. From the cart
 * every line starts ticked at its quantity; from a product page, the one product at the quantity
 * typed there.
 */
export function RequestQuoteDialog({ lines, triggerClassName = 'w-full' }: { lines: readonly QuoteCandidate[]; triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  const start = () => new Map(lines.map((line) => [line.productId, { chosen: true, quantity: String(line.quantity) }]));
  const [choices, setChoices] = useState<Map<string, Choice>>(start);
  const [linesProblem, setLinesProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const navigate = useNavigate();
  const request = useRequestQuote();
  const choose = (productId: string, change: Partial<Choice>) => setChoices((current) => new Map(current).set(productId, { ...(current.get(productId) ?? { chosen: true, quantity: '' }), ...change }));
  const form = useAppForm({
    defaultValues: { message: '' },
    onSubmit: async ({ value, formApi }) => {
      setTried(true);
      const chosen = lines.flatMap((line) => {
        const choice = choices.get(line.productId);
        return choice?.chosen ? [{ productId: line.productId, quantity: wholeAtLeastOne(choice.quantity) }] : [];
      });
      if (chosen.length === 0) return setLinesProblem(labels.chooseQuoteLine);
      setLinesProblem(null);
      if (chosen.some((line) => line.quantity === null)) return;
      try {
        await request.mutateAsync({ lines: chosen.map(({ productId, quantity }) => ({ productId, quantity: quantity! })), message: value.message.trim() });
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
        if (next) setChoices(start());
        if (!next) {
          form.reset();
          setTried(false);
          setLinesProblem(null);
        }
      }}
      trigger={
        <Button variant="secondary" className={triggerClassName}>
          {labels.requestQuote}
        </Button>
      }
      title={labels.requestQuote}
      description="Need more than we have in stock, a better price for the volume, or a delivery date? We answer with a price per line and how long it holds; you accept it in one click."
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submitWithoutReload(form)}>
        <fieldset className="space-y-2 rounded-md bg-slate-50 p-3 text-sm text-slate-800" aria-describedby={linesProblem ? 'quote-lines-problem' : undefined}>
          <legend className="sr-only">Lines to quote</legend>
          {lines.map((line) => {
            const choice = choices.get(line.productId) ?? { chosen: true, quantity: String(line.quantity) };
            const quantity = wholeAtLeastOne(choice.quantity);
            const bad = tried && choice.chosen && quantity === null;
            const id = `quote-quantity-${line.productId}`;
            return (
              <div key={line.productId} className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1 sm:grid-cols-[auto_1fr_7rem]">
                <input
                  id={`quote-line-${line.productId}`}
                  type="checkbox"
                  className="h-5 w-5 accent-amber-600 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
                  checked={choice.chosen}
                  onChange={(event) => choose(line.productId, { chosen: event.target.checked })}
                />
                <label htmlFor={`quote-line-${line.productId}`} className="min-w-0 break-words">
                  {line.name}
                </label>
                <div className="col-span-2 flex items-center gap-2 sm:col-span-1">
                  <label htmlFor={id} className="sr-only">
                    Quantity of {line.name}
                  </label>
                  <input
                    id={id}
                    inputMode="numeric"
                    disabled={!choice.chosen}
                    value={choice.quantity}
                    aria-invalid={bad ? true : undefined}
                    aria-describedby={`${id}-reads`}
                    onChange={(event) => choose(line.productId, { quantity: event.target.value })}
                    className="h-9 w-28 rounded-md border border-slate-300 px-2 text-right text-slate-900 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none disabled:bg-slate-100"
                  />
                </div>
                <p id={`${id}-reads`} className={`col-span-2 text-xs sm:col-span-3 ${bad ? 'text-red-700' : 'text-slate-600'}`}>
                  {bad ? messages.quantityNotWhole : quantity !== null ? countOf(quantity, line.unit) : ''}
                </p>
              </div>
            );
          })}
          {linesProblem ? (
            <p id="quote-lines-problem" role="alert" className="text-sm text-red-700">
              {linesProblem}
            </p>
          ) : null}
        </fieldset>
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
