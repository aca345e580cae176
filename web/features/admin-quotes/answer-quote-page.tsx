import type { AnyFieldApi } from '@tanstack/react-form';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { unitPriceFor } from '#domain/catalog/pricing.ts';
import { countOf } from '#domain/catalog/units.ts';
import { fieldProblemText, messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { MAX_QUOTE_DAYS, MIN_QUOTE_DAYS } from '#domain/quoting/quote.ts';
import { quoteAnswerTextProblem, quoteExpiryProblem } from '#domain/quoting/quote-rules.ts';
import { centsAsDollars, dollarsToCents } from '#domain/shared/money.ts';
import type { ProductDto, QuoteDto } from '#http/dto.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { formatCents, formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { productQuery } from '../../lib/queries.ts';
import { checkOnChangeBlurSubmit, checkWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { offerTerms, QuoteLinesTable, QuoteStatusBadge } from '../../components/quotes/quote-parts.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
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

interface OfferDraft {
  lines: LineDraft[];
  /** Days the offer holds, as typed. */
  days: string;
  holdStock: boolean;
  message: string;
}

const DEFAULT_DAYS = 14;

/** Units typed as a number ("15,000" reads as 15000); empty is 0, which leaves the line out. */
const unitsOf = (typed: string) => Number(typed.replace(/,/g, '').trim() || '0');

/** The lines sent, in the form's order: those with units offered. */
const offeredLines = (lines: readonly LineDraft[]) => lines.filter((line) => unitsOf(line.quantity) !== 0);

/**
 * The answer to a request (docs/orders.md, "Requests for quote"): per asked line the units offered (as
 * asked, to start with) and the unit price (the product's tier price for that quantity, to start
 * with), how many days the offer holds, whether it holds the stock, and a message. Refusals come
 * back under the line they name.
 */
function AnswerForm({ quote }: { quote: QuoteDto }) {
  const asked = quote.lines.filter((line) => line.productId !== null);
  const products = useQueries({ queries: asked.map((line) => productQuery(line.productId!)) });
  if (products.some((product) => product.isPending)) return <Spinner label="Loading the products' prices" />;
  return <OfferForm quote={quote} asked={asked} products={products.map((product) => product.data)} />;
}

function OfferForm({ quote, asked, products }: { quote: QuoteDto; asked: QuoteDto['lines']; products: (ProductDto | undefined)[] }) {
  const navigate = useNavigate();
  const answer = useAnswerQuote(quote.id);
  // The starting offer: what was asked, at the tier price for that quantity.
  const start: OfferDraft = {
    lines: asked.map((line, index) => {
      const product = products[index];
      return { productId: line.productId!, quantity: String(line.requestedQuantity), price: product ? centsAsDollars(unitPriceFor(product, line.requestedQuantity)) : '' };
    }),
    days: String(DEFAULT_DAYS),
    holdStock: true,
    message: '',
  };
  const form = useAppForm({
    defaultValues: start,
    validators: {
      // An offer of nothing is refused before it is sent, under the lines.
      onSubmit: ({ value }) => (offeredLines(value.lines).length === 0 ? messages.linesRequired : undefined),
    },
    onSubmit: async ({ value, formApi }) => {
      const offered = offeredLines(value.lines);
      // Field names from the server name lines among those offered: map them back to the form's rows.
      const rowOf = (index: number) => value.lines.findIndex((line) => line.productId === offered[index]?.productId);
      const rename = (apiName: string) => {
        const line = /^lines\.(\d+)\.(\w+)$/.exec(apiName);
        if (!line) return apiName === 'expiresInDays' ? 'days' : apiName;
        return `lines[${rowOf(Number(line[1]))}].${line[2] === 'unitPriceCents' ? 'price' : 'quantity'}`;
      };
      try {
        await answer.mutateAsync({
          lines: offered.map((line) => ({ productId: line.productId, quantity: unitsOf(line.quantity), unitPriceCents: dollarsToCents(line.price) ?? 0 })),
          expiresInDays: Number(value.days),
          holdStock: value.holdStock,
          message: value.message.trim() || null,
        });
        notify.success(messages.quoteAnswered);
        await navigate({ to: '/dashboard/allQuotes', search: { status: 'quoted' } });
      } catch (error) {
        showRefusal(formApi, error, { rename });
      }
    },
  });

  return (
    <form noValidate aria-label={`Answer quote ${quote.number}`} className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5" onSubmit={submitWithoutReload(form)}>
      <h3 className="text-lg font-semibold text-slate-900">Your offer</h3>
      <ul className="space-y-4">
        {asked.map((line, index) => {
          const product = products[index];
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
              <form.AppField name={`lines[${index}].quantity`}>
                {(field) => (
                  <field.NumberField
                    id={`answer-quantity-${index}`}
                    label={
                      <>
                        Units offered<span className="sr-only"> of {line.productName}</span>
                      </>
                    }
                    hint="0 leaves it out"
                  />
                )}
              </form.AppField>
              <form.AppField
                name={`lines[${index}].price`}
                validators={checkOnChangeBlurSubmit(({ value, fieldApi }: { value: string; fieldApi: AnyFieldApi }) =>
                  // A line left out needs no price.
                  unitsOf(String(fieldApi.form.getFieldValue(`lines[${index}].quantity`))) !== 0 && dollarsToCents(value) === null ? messages.quotePriceInvalid : undefined,
                )}
              >
                {(field) => (
                  <field.NumberField
                    id={`answer-price-${index}`}
                    decimal
                    label={
                      <>
                        Unit price<span className="sr-only"> of {line.productName}</span> ($)
                      </>
                    }
                  />
                )}
              </form.AppField>
            </li>
          );
        })}
      </ul>
      <form.Subscribe selector={(state) => state.errorMap.onSubmit}>
        {(linesProblem) =>
          typeof linesProblem === 'string' ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {linesProblem}
            </p>
          ) : null
        }
      </form.Subscribe>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="days" validators={checkOnChangeBlurSubmit(({ value }: { value: string }) => { const problem = quoteExpiryProblem(Number(value)); return problem ? fieldProblemText(problem) : undefined; })}>
          {(field) => <field.NumberField id="answer-days" label="Offer valid for (days)" hint={`${MIN_QUOTE_DAYS}–${MAX_QUOTE_DAYS} days`} />}
        </form.AppField>
        <form.AppField name="holdStock">
          {(field) => (
            <field.CheckboxField
              id="answer-hold"
              className="pt-7"
              label="Hold the stock"
              hint="The offered units are set aside until the buyer accepts, declines or the offer expires."
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="message" validators={checkOnChangeBlurSubmit(checkWith(quoteAnswerTextProblem))}>
        {(field) => <field.TextareaField id="answer-message" label="Message to the buyer (optional)" rows={3} />}
      </form.AppField>
      <div className="flex flex-wrap justify-end gap-3">
        <Link to="/dashboard/allQuotes" className={buttonClass('ghost')}>
          Cancel
        </Link>
        <form.AppForm>
          <form.SubmitButton>Send the offer</form.SubmitButton>
        </form.AppForm>
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
