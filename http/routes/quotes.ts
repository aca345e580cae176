import { Hono, type MiddlewareHandler } from 'hono';
import { acceptQuote } from '#domain/quoting/accept-quote.ts';
import { answerQuote } from '#domain/quoting/answer-quote.ts';
import { declineQuote } from '#domain/quoting/decline-quote.ts';
import { findQuoteFor, listAllQuotes, listQuotesOf } from '#domain/quoting/find-quotes.ts';
import type { QuoteStatus } from '#domain/quoting/quote.ts';
import { requestQuote } from '#domain/quoting/request-quote.ts';
import { pageRequest } from '#domain/shared/page.ts';
import { createAttemptCounter } from '../middleware/attempt-counters.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { limitEveryAttempt } from '../middleware/rate-limit.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { problem } from '../problem.ts';
import { acceptQuoteSchema, adminQuotesQuerySchema, answerQuoteSchema, idParamSchema, listQuerySchema, requestQuoteSchema } from '../schemas.ts';
import { toListDto, toOrderDto, toQuoteDto } from '../serializers.ts';
import { validate } from '../validation.ts';
import { documented, responds } from '../responds.ts';
import { orderDto, pageOf, quoteDto } from '../response-schemas.ts';

/**
 * /api/quotes: a signed-in buyer's requests for quote (docs/orders.md, "Requests for quote"). Another
 * buyer's quote answers 404, like one that does not exist. Every read expires a lapsed offer
 * first (domain/quoting/find-quotes.ts). A request mails the shop and the buyer, so every attempt
 * counts against the account's hourly budget, as a review does (docs/security.md, "Security"). Accepting
 * places an order: lapsed unpaid orders are expired first, as on /api/orders, and the
 * unpaid-order cap holds.
 */
export const quoteRoutes = (ports: AppPorts, settings: HttpSettings, expireFirst: MiddlewareHandler<AppEnv>) => {
  const perAccountRequests = limitEveryAttempt(
    createAttemptCounter(settings.counterStore, 'quote-requests', { limit: settings.contentRateLimit, windowMs: 60 * 60 * 1000 }),
    (c) => c.get('user').id,
  );
  return new Hono<AppEnv>()
    .use(requireUser(ports))
    .post('/', perAccountRequests, jsonBody, validate('json', requestQuoteSchema), documented({
      summary: 'Ask for a quote',
      description:
        'Signed-in customers with a verified e-mail. `{lines, message}`: 1–100 lines, each product once, any whole quantity of at least 1 (even above the stock or below the minimum), and a message of 1–2,000 characters. Reserves nothing. 201 with the quote, `requested`, numbered `QT-<year>-<six digits>`. Refusals: 400 `VALIDATION_FAILED`, 403 `ADMIN_CANNOT_BUY`, 403 `EMAIL_NOT_VERIFIED`, 429 `RATE_LIMITED` (requests per account per hour, every attempt counting).',
    }), responds(201, quoteDto), async (c) => {
      const asked = await requestQuote(ports, { ...c.req.valid('json'), buyer: c.get('user') });
      return asked.ok ? c.json(toQuoteDto(asked.value), 201) : problem(c, asked.error);
    })
    .get('/', validate('query', listQuerySchema), documented({
      summary: 'My quotes',
      description:
        "Signed in. The caller's own quotes, newest first, a page at a time; an offer past its time is expired (its held units returned) before it is read.",
    }), responds(200, pageOf(quoteDto)), async (c) =>
      c.json(toListDto(await listQuotesOf(ports, { buyer: c.get('user'), page: pageRequest(c.req.valid('query')) }), toQuoteDto), 200),
    )
    .get('/:id', validate('param', idParamSchema), documented({
      summary: 'One of my quotes',
      description:
        "The quote's owner only; anyone else, admins included, gets 404 `NOT_FOUND`. A lapsed offer is expired first.",
    }), responds(200, quoteDto), async (c) => {
      const found = await findQuoteFor(ports, { actor: c.get('user'), quoteId: c.req.valid('param').id, ownerOnly: true });
      return found.ok ? c.json(toQuoteDto(found.value), 200) : problem(c, found.error);
    })
    // 201 with the unpaid order placed at the quoted prices.
    .post('/:id/accept', expireFirst, validate('param', idParamSchema), jsonBody, validate('json', acceptQuoteSchema), documented({
      summary: 'Accept a quote',
      description:
        "The quote's owner, a customer with a verified e-mail. `{phone, address, poNumber?}`: places an unpaid order at the quoted prices and quantities (note `Quote QT-…`) in the same step that marks the quote accepted; units the quote held pass to the order, otherwise they are reserved now, all or none. 201 with the order, then paid like any other. Refusals: 400 `VALIDATION_FAILED`, 403 `ADMIN_CANNOT_BUY`, 403 `EMAIL_NOT_VERIFIED`, 404 `NOT_FOUND`, 409 `QUOTE_NOT_OPEN` (not answered, or already accepted, declined or expired), 409 `INSUFFICIENT_STOCK` naming each short line, 409 `TOO_MANY_UNPAID_ORDERS` (the account already holds as many unpaid orders as an account may; accepting places one).",
    }), responds(201, orderDto), async (c) => {
      const accepted = await acceptQuote(ports, {
        ...c.req.valid('json'),
        buyer: c.get('user'),
        quoteId: c.req.valid('param').id,
        maxUnpaidOrders: settings.maxUnpaidOrdersPerAccount,
      });
      return accepted.ok ? c.json(toOrderDto(accepted.value.order), 201) : problem(c, accepted.error);
    })
    .post('/:id/decline', validate('param', idParamSchema), documented({
      summary: 'Decline a quote',
      description:
        "The quote's owner. Declines an answered (`quoted`) offer; units it held go back on the shelf. 200 with the quote. 404 `NOT_FOUND`; 409 `QUOTE_NOT_OPEN` for a quote in any other state.",
    }), responds(200, quoteDto), async (c) => {
      const declined = await declineQuote(ports, { buyer: c.get('user'), quoteId: c.req.valid('param').id });
      return declined.ok ? c.json(toQuoteDto(declined.value), 200) : problem(c, declined.error);
    });
};

/** /api/admin/quotes: every buyer's requests, newest first by status, and the answer. */
export const adminQuoteRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>()
    .use(requireUser(ports), requireAdmin)
    .get('/', validate('query', adminQuotesQuerySchema), documented({
      summary: "Every buyer's quotes",
      description:
        'Admins. All quotes, newest first, optionally of one `status`, a page at a time; lapsed offers are expired first. 400 `VALIDATION_FAILED` for an unknown status.',
    }), responds(200, pageOf(quoteDto)), async (c) => {
      const { status, ...page } = c.req.valid('query');
      return c.json(toListDto(await listAllQuotes(ports, { search: { status: status as QuoteStatus | undefined }, page: pageRequest(page) }), toQuoteDto), 200);
    })
    .get('/:id', validate('param', idParamSchema), documented({
      summary: 'One quote (admin)',
      description:
        "Admins. Any buyer's quote; a lapsed offer is expired first. 404 `NOT_FOUND`.",
    }), responds(200, quoteDto), async (c) => {
      const found = await findQuoteFor(ports, { actor: c.get('user'), quoteId: c.req.valid('param').id });
      return found.ok ? c.json(toQuoteDto(found.value), 200) : problem(c, found.error);
    })
    .post('/:id/answer', validate('param', idParamSchema), jsonBody, validate('json', answerQuoteSchema), documented({
      summary: 'Answer a quote',
      description:
        'Admins. Only a `requested` quote. `{lines, expiresInDays, holdStock, message?}`: a price and a quantity (at least 100) for each product offered, a product left out is offered at 0; the offer lasts 1–30 days. With `holdStock` the offered units are taken off the shelf at once, every line or none. The quote becomes `quoted`, and the answer is recorded in the audit log. Refusals: 400 `VALIDATION_FAILED` naming each line, 404 `NOT_FOUND`, 409 `QUOTE_NOT_OPEN`, 409 `INSUFFICIENT_STOCK` naming each short line.',
    }), responds(200, quoteDto), async (c) => {
      const answered = await answerQuote(ports, { ...c.req.valid('json'), actor: c.get('user'), quoteId: c.req.valid('param').id });
      return answered.ok ? c.json(toQuoteDto(answered.value), 200) : problem(c, answered.error);
    });
