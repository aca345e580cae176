import { auditNote } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import { messages } from '../messages.ts';
import { orderLinesError, shortLines } from '../ordering/order-lines-request.ts';
import { forbidden, invalid, notFound, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { freshQuote, type FreshQuotePorts } from './find-quotes.ts';
import { DAY_MS, type OfferedLine, type Quote } from './quote.ts';
import { quoteMail } from './quote-mail.ts';
import type { QuoteRepository } from './quote-repository.ts';
import { quoteAnswerLinesProblems, quoteAnswerTextProblem, quoteExpiryProblem, type QuoteAnswerLine } from './quote-rules.ts';

export interface AnswerQuoteInput {
  actor: User;
  quoteId: string;
  lines: QuoteAnswerLine[];
  expiresInDays: number;
  holdStock: boolean;
  message?: string | null | undefined;
}

export type AnswerQuotePorts = FreshQuotePorts & { store: { quotes: Pick<QuoteRepository, 'findById' | 'answer'> } };

export type AnswerQuoteError = ErrorOf<'FORBIDDEN' | 'NOT_FOUND' | 'VALIDATION_FAILED' | 'QUOTE_NOT_OPEN' | 'INSUFFICIENT_STOCK'>;

/**
 * An admin answers a request (docs/orders.md, "Requests for quote"): a unit price and quantity for
 * each asked product offered (the quantities may differ from those asked; a product left out is
 * not offered), an expiry 1–30 days away and whether the quote holds the stock. Holding takes the
 * offered units off the shelf at once, every line or none: a short line is a 409 naming it.
 */
export const answerQuote = async (
  deps: AnswerQuotePorts,
  input: AnswerQuoteInput,
): Promise<Result<Quote, AnswerQuoteError>> => {
  if (!isAdmin(input.actor)) return fail(forbidden());
  const found = await deps.store.quotes.findById(input.quoteId);
  if (!found) return fail(notFound('quote'));

  const fields = quoteAnswerLinesProblems(input.lines);
  const expiry = quoteExpiryProblem(input.expiresInDays);
  if (expiry) fields.expiresInDays = expiry;
  const answer = (input.message ?? '').trim();
  const answerText = quoteAnswerTextProblem(answer);
  if (answerText) fields.message = answerText;
  // Each offered product must be one the buyer asked for; the offer is kept on the asked line.
  const positions = new Map(found.lines.map((line, position) => [line.productId, position]));
  input.lines.forEach((line, index) => {
    if (!positions.has(line.productId)) fields[`lines.${index}.productId`] ??= messages.quoteAnswerLineNotAsked;
  });
  if (Object.keys(fields).length > 0) return fail(invalid(fields));

  const quote = await freshQuote(deps, found);
  if (quote.status !== 'requested') return fail({ code: 'QUOTE_NOT_OPEN', status: quote.status });

  const offered: OfferedLine[] = input.lines.map((line) => ({ position: positions.get(line.productId)!, quantity: line.quantity, unitPriceCents: line.unitPriceCents }));
  const total = offered.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  if (!Number.isSafeInteger(total)) return fail(orderLinesError([{ field: 'lines', failure: { code: 'TOTAL_TOO_LARGE' } }]));

  const now = deps.clock.now();
  const offer = { lines: offered, answer, expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS), holdStock: input.holdStock, answeredAt: now };
  const answered = await deps.store.quotes.answer(
    quote.id,
    offer,
    auditNote(input.actor, now, {
      kind: 'quote-answered',
      subjectId: quote.id,
      summary: `Answered the quote request of ${quote.email}`,
      before: { status: quote.status, lines: quote.lines.map(({ productId, requestedQuantity }) => ({ productId, requestedQuantity })) },
      after: { status: 'quoted', lines: offered, answer, expiresAt: offer.expiresAt, holdStock: offer.holdStock },
    }),
    quoteMail('quoted'),
  );
  if (answered.ok) return ok(answered.value);
  // The store names lines by their place in the quote; the admin sent them in their own order.
  const answerIndex = (position: number) => offered.findIndex((line) => line.position === position);
  switch (answered.error.code) {
    case 'not-open':
      return fail(answered.error.status === null ? notFound('quote') : { code: 'QUOTE_NOT_OPEN', status: answered.error.status });
    case 'insufficient-stock':
      return fail(orderLinesError(shortLines(answered.error.short.map(({ index, available }) => ({ index: answerIndex(index), available })))));
    case 'product-not-found':
      return fail(invalid({ [`lines.${answerIndex(answered.error.index)}.productId`]: messages.productNotFound }));
    case 'too-many-unpaid-orders':
      // Only an acceptance counts unpaid orders; an answer places none.
      throw new Error('an answer cannot be refused for unpaid orders');
  }
};
