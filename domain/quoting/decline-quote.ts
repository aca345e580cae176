import type { User } from '../identity/user.ts';
import { notFound, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { findQuoteFor, type FindQuotePorts } from './find-quotes.ts';
import type { Quote } from './quote.ts';
import { quoteMail } from './quote-mail.ts';
import type { QuoteRepository } from './quote-repository.ts';

export type DeclineQuotePorts = FindQuotePorts & { store: { quotes: Pick<QuoteRepository, 'findById' | 'close'> } };

/**
 * The buyer declines an answered quote (docs/orders.md, "Requests for quote"); units it held go back
 * on the shelf in the same step. Only a quoted quote can be declined, once.
 */
export const declineQuote = async (
  deps: DeclineQuotePorts,
  input: { buyer: User; quoteId: string },
): Promise<Result<Quote, ErrorOf<'NOT_FOUND' | 'QUOTE_NOT_OPEN'>>> => {
  const found = await findQuoteFor(deps, { actor: input.buyer, quoteId: input.quoteId, ownerOnly: true });
  if (!found.ok) return found;
  if (found.value.status !== 'quoted') return fail({ code: 'QUOTE_NOT_OPEN', status: found.value.status });
  const declined = await deps.store.quotes.close(found.value.id, 'declined', deps.clock.now(), quoteMail('declined'));
  if (declined) return ok(declined);
  // Someone else moved it first (accepted in another tab, or it expired).
  const now = await deps.store.quotes.findById(found.value.id);
  return fail(now ? { code: 'QUOTE_NOT_OPEN', status: now.status } : notFound('quote'));
};
