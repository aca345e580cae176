import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { unitPriceFor } from '#domain/catalog/pricing.ts';
import { countOf } from '#domain/catalog/units.ts';
import { labels, messages } from '#domain/messages.ts';
import { MAX_QUOTE_DAYS, MIN_QUOTE_DAYS } from '#domain/quoting/quote.ts';
import { quoteAnswerTextProblem, quoteExpiryProblem } from '#domain/quoting/quote-rules.ts';
import { centsAsDollars, dollarsToCents } from '#domain/shared/money.ts';
import type { QuoteDto } from '#http/dto.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { formatCents, formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { productQuery } from '../../lib/queries.ts';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { offerTerms, QuoteLinesTable, QuoteStatusBadge } from '../../components/quotes/quote-parts.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { adminQuoteQuery, useAnswerQuote } from './api.ts';

interface LineDraft {
  productId: string;
  /** Units offered as typed; 0 or empty leaves the line out. */
  quantity: string;
  /** Dollars as typed ("9.50"). */
  price: string;
}

const DEFAULT_DAYS = 14;

/**
 * The answer to a request (docs/orders.md, "Requests for quote"): per asked line the units offered (as
 * asked, to start with) and the unit price (the product's tier price for that quantity, to start
 * with), how many days the offer holds, whether it holds the stock, and a message. Refusals come
 * back under the line they name.
 */
function AnswerForm({ quote }: { quote: QuoteDto }) {
  const navigate = useNavigate();
  const answer = useAnswerQuote(quote.id);
  const asked = quote.lines.filter((line) => line.productId !== null);
  const products = useQueries({ queries: asked.map((line) => productQuery(line.productId!)) });
  const [drafts, setDrafts] = useState<LineDraft[] | null>(null);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [holdStock, setHoldStock] = useState(true);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (products.some((product) => product.isPending)) return <Spinner label="Loading the products' prices" />;
  // The starting offer: what was asked, at the tier price for that quantity.
  const lines =
    drafts ??
    asked.map((line, index): LineDraft => {
      const product = products[index]?.data;
      return { productId: line.productId!, quantity: String(line.requestedQuantity), price: product ? centsAsDollars(unitPriceFor(product, line.requestedQuantity)) : '' };
    });
  const setLine = (index: number, change: Partial<LineDraft>) => setDrafts(lines.map((line, at) => (at === index ? { ...line, ...change } : line)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    const offered: { productId: string; quantity: number; unitPriceCents: number }[] = [];
    lines.forEach((line) => {
      const quantity = Number(line.quantity.replace(/,/g, '').trim() || '0');
      if (quantity === 0) return;
      const index = offered.length;
      const unitPriceCents = dollarsToCents(line.price);
      if (unitPriceCents === null) local[`lines.${index}.unitPriceCents`] = messages.quotePriceInvalid;
      offered.push({ productId: line.productId, quantity, unitPriceCents: unitPriceCents ?? 0 });
    });
    if (offered.length === 0) local.lines = messages.linesRequired;
    const daysProblem = quoteExpiryProblem(Number(days));
    if (daysProblem) local.expiresInDays = daysProblem;
    const messageProblem = quoteAnswerTextProblem(message);
    if (messageProblem) local.message = messageProblem;
    // Field names from the server name lines among those offered: map them back to the form's rows.
    const rowOf = (index: number) => lines.findIndex((line) => line.productId === offered[index]?.productId);
    const byRow = (fields: Record<string, string>) =>
      Object.fromEntries(Object.entries(fields).map(([field, text]) => [field.replace(/^lines\.(\d+)\./, (_, index: string) => `row.${rowOf(Number(index))}.`), text]));
    if (Object.keys(local).length > 0) return setErrors(byRow(local));
    setErrors({});
    try {
      await answer.mutateAsync({ lines: offered, expiresInDays: Number(days), holdStock, message: message.trim() || null });
      notify.success(messages.quoteAnswered);
      await navigate({ to: '/dashboard/allQuotes', search: { status: 'quoted' } });
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(byRow(refusal.fields));
      notify.error(refusal.message);
    }
  };

  return (
    <form noValidate aria-label={`Answer quote ${quote.number}`} className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5" onSubmit={(event) => void submit(event)}>
      <h3 className="text-lg font-semibold text-slate-900">Your offer</h3>
      <ul className="space-y-4">
        {asked.map((line, index) => {
          const product = products[index]?.data;
          const draft = lines[index]!;
          return (
            <li key={line.productId} className="grid gap-3 border-b border-slate-100 pb-4 sm:grid-cols-[1fr_9rem_9rem]">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">{line.productName}</p>
                <p className="font-mono text-xs text-slate-600">{line.sku}</p>
                <p className="text-slate-700">
                  Asked {countOf(line.requestedQuantity, line.unit)}
                  {product ? ` · ${countOf(product.stock, product.unit)} in stock · list ${formatCents(unitPriceFor(product, line.requestedQuantity))}` : ''}
                </p>
              </div>
              <Field id={`answer-quantity-${index}`} label={
                  <>
                    Units offered<span className="sr-only"> of {line.productName}</span>
                  </>
                } hint="0 leaves it out" error={errors[`row.${index}.quantity`] ?? errors[`row.${index}.productId`]}>
                {(control) => <Input {...control} inputMode="numeric" value={draft.quantity} onChange={(event) => setLine(index, { quantity: event.target.value })} />}
              </Field>
              <Field id={`answer-price-${index}`} label={
                  <>
                    Unit price<span className="sr-only"> of {line.productName}</span> ($)
                  </>
                } error={errors[`row.${index}.unitPriceCents`]}>
                {(control) => <Input {...control} inputMode="decimal" value={draft.price} onChange={(event) => setLine(index, { price: event.target.value })} />}
              </Field>
            </li>
          );
        })}
      </ul>
      {errors.lines ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.lines}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="answer-days" label="Offer valid for (days)" hint={`${MIN_QUOTE_DAYS}–${MAX_QUOTE_DAYS} days`} error={errors.expiresInDays}>
          {(control) => <Input {...control} inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} />}
        </Field>
        <div className="flex items-start gap-2 pt-7">
          <input id="answer-hold" type="checkbox" className="mt-1 h-4 w-4 accent-amber-500" checked={holdStock} onChange={(event) => setHoldStock(event.target.checked)} />
          <label htmlFor="answer-hold" className="text-sm text-slate-800">
            <span className="font-medium">Hold the stock</span>
            <span className="block text-xs text-slate-600">The offered units are set aside until the buyer accepts, declines or the offer expires.</span>
          </label>
        </div>
      </div>
      <Field id="answer-message" label="Message to the buyer (optional)" error={errors.message}>
        {(control) => <Textarea {...control} rows={3} value={message} onChange={(event) => setMessage(event.target.value)} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <Link to="/dashboard/allQuotes" className={buttonClass('ghost')}>
          Cancel
        </Link>
        <Button type="submit" disabled={answer.isPending} aria-busy={answer.isPending}>
          Send the offer
        </Button>
      </div>
    </form>
  );
}

/** One request for the admins: what was asked and, while `requested`, the answer form. */
export function AnswerQuotePage({ quoteId }: { quoteId: string }) {
  const quote = useQuery(adminQuoteQuery(quoteId));
  usePageMeta(quote.data ? `Quote ${quote.data.number}` : labels.quoteRequests, 'A request for quote and its answer.');
  if (quote.isPending) return <Spinner label="Loading the quote" />;
  if (quote.isError) return <p role="alert">{refusalOf(quote.error, 'We could not load this quote. Please try again.').message}</p>;
  const data = quote.data;
  const terms = offerTerms(data);
  return (
    <DashboardSection
      id="quote"
      title={
        <span className="flex flex-wrap items-center gap-3">
          Quote <span className="font-mono">{data.number}</span> <QuoteStatusBadge status={data.status} />
        </span>
      }
    >
      <div className="space-y-5">
        <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:p-5">
          <p>
            <span className="font-semibold">{data.customerName}</span> <span className="break-all text-slate-600">{data.email}</span> · asked {formatDate(data.createdAt)}
          </p>
          <p className="text-slate-800">
            <span className="font-semibold">Message:</span> {data.message}
          </p>
          <QuoteLinesTable quote={data} caption={`Lines of quote ${data.number}`} />
          {data.answer ? (
            <p className="text-slate-800">
              <span className="font-semibold">Answer:</span> {data.answer}
            </p>
          ) : null}
          {terms ? <p className="text-slate-800">{terms}</p> : null}
        </div>
        {data.status === 'requested' ? <AnswerForm quote={data} /> : null}
        <Link to="/dashboard/allQuotes" className="text-sm font-semibold text-amber-800 underline">
          Back to {labels.quoteRequests}
        </Link>
      </div>
    </DashboardSection>
  );
}
