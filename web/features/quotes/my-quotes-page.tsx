import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useFocusResult } from '../../lib/focus-result.ts';
import { z } from 'zod';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { MAX_PO_NUMBER_LENGTH } from '#domain/ordering/order-lines-request.ts';
import type { QuoteDto } from '#http/dto.ts';
import { addressField, phoneField } from '#http/schemas.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { offerTerms, QuoteLinesTable, QuoteStatusBadge } from '../../components/quotes/quote-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { myQuotesQuery, useQuoteAnswers } from './api.ts';

const acceptSchema = z.object({ phone: phoneField, address: addressField, poNumber: z.string().trim().max(MAX_PO_NUMBER_LENGTH, messages.tooLong(MAX_PO_NUMBER_LENGTH)) });

/** Accepting an offer: where the order goes (from the profile, as the cart does) and a PO number; then the payment page. */
function AcceptForm({ quote, onCancel }: { quote: QuoteDto; onCancel: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const { accept } = useQuoteAnswers();
  const form = useAppForm({
    defaultValues: { phone: session?.profile?.phone ?? '', address: session?.profile?.address ?? '', poNumber: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        const order = await accept.mutateAsync({ quoteId: quote.id, phone: value.phone.trim(), address: value.address.trim(), poNumber: value.poNumber.trim() || null });
        notify.success(messages.quoteAccepted);
        await navigate({ to: '/dashboard/payment/$id', params: { id: order.id } });
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });
  const id = (name: string) => `accept-${quote.id}-${name}`;
  return (
    <form noValidate aria-label={`Accept quote ${quote.number}`} className="space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4" onSubmit={submitWithoutReload(form)}>
      <form.AppField name="phone" validators={checkOnChangeBlurSubmit(validateWith(acceptSchema.shape.phone))}>
        {(field) => <field.TextField id={id('phone')} label="Phone Number" type="tel" autoComplete="tel" />}
      </form.AppField>
      <form.AppField name="address" validators={checkOnChangeBlurSubmit(validateWith(acceptSchema.shape.address))}>
        {(field) => <field.TextareaField id={id('address')} label="Address" autoComplete="street-address" />}
      </form.AppField>
      <form.AppField name="poNumber" validators={checkOnChangeBlurSubmit(validateWith(acceptSchema.shape.poNumber))}>
        {(field) => <field.TextField id={id('po')} label="PO number (optional)" />}
      </form.AppField>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <form.AppForm>
          <form.SubmitButton>Place the order</form.SubmitButton>
        </form.AppForm>
      </div>
    </form>
  );
}

function QuoteCard({ quote }: { quote: QuoteDto }) {
  const [accepting, setAccepting] = useState(false);
  // Cancel takes the accept form away with the focus in it: focus goes back to Accept.
  const [cancelled, setCancelled] = useState(false);
  const acceptButton = useFocusResult<HTMLButtonElement>(cancelled && !accepting);
  const { decline } = useQuoteAnswers();
  const terms = offerTerms(quote);
  return (
    <article aria-labelledby={`quote-${quote.id}`} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`quote-${quote.id}`} className="font-mono text-base font-bold text-slate-900">
          {quote.number}
        </h3>
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <span>Asked {formatDate(quote.createdAt)}</span>
          <QuoteStatusBadge status={quote.status} />
        </div>
      </header>
      <QuoteLinesTable quote={quote} caption={`Lines of quote ${quote.number}`} />
      <div className="space-y-2 text-sm">
        <p className="text-slate-700">
          <span className="font-semibold text-slate-900">You wrote:</span> {quote.message}
        </p>
        {quote.answer ? (
          <p className="text-slate-700">
            <span className="font-semibold text-slate-900">Our answer:</span> {quote.answer}
          </p>
        ) : null}
        {terms && quote.status === 'quoted' ? <p className="font-medium text-slate-900">{terms}</p> : null}
        {quote.status === 'expired' && quote.expiresAt ? <p className="text-slate-700">This offer lapsed on {formatDate(quote.expiresAt)}.</p> : null}
      </div>
      {quote.status === 'quoted' ? (
        accepting ? (
          <AcceptForm
            quote={quote}
            onCancel={() => {
              setCancelled(true);
              setAccepting(false);
            }}
          />
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button ref={acceptButton} onClick={() => setAccepting(true)} aria-label={`Accept quote ${quote.number}`}>
              Accept
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="ghost" disabled={decline.isPending} aria-label={`Decline quote ${quote.number}`}>
                  Decline
                </Button>
              }
              description={`Decline quote ${quote.number}? The offer cannot be accepted afterwards.`}
              confirmLabel="Decline"
              onConfirm={() =>
                decline.mutate(quote.id, {
                  onSuccess: () => notify.success(messages.quoteDeclined),
                  onError: (error) => notify.error(refusalOf(error).message),
                })
              }
            />
          </div>
        )
      ) : null}
    </article>
  );
}

/** Quotes (a buyer's dashboard): every request, its answer with prices and expiry, accept or decline. */
export function MyQuotesPage() {
  usePageMeta(labels.quotes, 'Your requests for quote and our answers.');
  const pages = useInfiniteQuery(myQuotesQuery);
  return (
    <DashboardSection id="my-quotes" title={labels.quotes}>
      <PagedList pages={pages} noun="quote" failed="We could not load your quotes. Please try again." empty="No quotes yet: ask for one from your cart.">
        {(quotes) => (
          <div className="space-y-4">
            {quotes.map((quote) => (
              <QuoteCard key={quote.id} quote={quote} />
            ))}
          </div>
        )}
      </PagedList>
    </DashboardSection>
  );
}
