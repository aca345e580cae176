import { isAdmin, type User } from '../identity/user.ts';
import type { Clock } from '../shared/clock.ts';
import { notFound, type ErrorOf } from '../shared/errors.ts';
import type { Page, PageRequest } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { hasLapsed, type Quote } from './quote.ts';
import type { QuoteRepository, QuoteSearch } from './quote-repository.ts';
import { quoteMail } from './quote-mail.ts';

export type FreshQuotePorts = { store: { quotes: Pick<QuoteRepository, 'findById' | 'close'> }; clock: Clock };
export type FindQuotePorts = FreshQuotePorts;
export type ListQuotesOfPorts = FreshQuotePorts & { store: { quotes: Pick<QuoteRepository, 'listByUser'> } };
export type ExpireLapsedQuotesPorts = { store: { quotes: Pick<QuoteRepository, 'listLapsed' | 'close'> }; clock: Clock };
export type ListAllQuotesPorts = FreshQuotePorts & ExpireLapsedQuotesPorts & { store: { quotes: Pick<QuoteRepository, 'listAll'> } };

/**
 * The quote as it is now: one whose offer lapsed is expired first (its held units back on the
 * shelf), so nobody reads, accepts or holds an offer past its time (docs/orders.md, "Requests for
 * quote"), whether or not the sweep has come by yet.
 */
export const freshQuote = async ({ store, clock }: FreshQuotePorts, quote: Quote): Promise<Quote> => {
  const now = clock.now();
  if (!hasLapsed(quote, now)) return quote;
  return (await store.quotes.close(quote.id, 'expired', now, quoteMail('expired'))) ?? (await store.quotes.findById(quote.id)) ?? quote;
};

const freshPage = async (deps: FreshQuotePorts, page: Page<Quote>): Promise<Page<Quote>> => ({
  ...page,
  items: await Promise.all(page.items.map((quote) => freshQuote(deps, quote))),
});

/** The owner sees their quote, admins every quote (unless `ownerOnly`); anyone else is told it does not exist. */
export const findQuoteFor = async (
  deps: FindQuotePorts,
  { actor, quoteId, ownerOnly = false }: { actor: User; quoteId: string; ownerOnly?: boolean },
): Promise<Result<Quote, ErrorOf<'NOT_FOUND'>>> => {
  const quote = await deps.store.quotes.findById(quoteId);
  const allowed = quote && (quote.userId === actor.id || (!ownerOnly && isAdmin(actor)));
  return allowed ? ok(await freshQuote(deps, quote)) : fail(notFound('quote'));
};

/** The buyer's own quotes, newest first. */
export const listQuotesOf = async (deps: ListQuotesOfPorts, { buyer, page }: { buyer: User; page: PageRequest }): Promise<Page<Quote>> =>
  freshPage(deps, await deps.store.quotes.listByUser(buyer.id, page));

/** Every buyer's quotes for the admins, newest first, by status; lapsed offers are expired before a status is filtered on. */
export const listAllQuotes = async (deps: ListAllQuotesPorts, { search, page }: { search: QuoteSearch; page: PageRequest }): Promise<Page<Quote>> => {
  if (search.status !== undefined) await expireLapsedQuotes(deps);
  return freshPage(deps, await deps.store.quotes.listAll(search, page));
};

const BATCH = 100;
const ROUNDS = 100;

/**
 * Quoted quotes past their expiry become expired and give back the units they held: at start, on
 * a timer and before reads (docs/orders.md, "Requests for quote"). Returns how many expired.
 */
export const expireLapsedQuotes = async ({ store, clock }: ExpireLapsedQuotesPorts): Promise<number> => {
  const now = clock.now();
  let expired = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const due = await store.quotes.listLapsed(now, BATCH);
    for (const quote of due) if (await store.quotes.close(quote.id, 'expired', now, quoteMail('expired'))) expired += 1;
    if (due.length < BATCH) break;
  }
  return expired;
};
