import { Hono } from 'hono';
import { acceptQuote } from '#domain/quoting/accept-quote.ts';
import { answerQuote } from '#domain/quoting/answer-quote.ts';
import { declineQuote } from '#domain/quoting/decline-quote.ts';
import { findQuoteFor, listAllQuotes, listQuotesOf } from '#domain/quoting/find-quotes.ts';
import type { QuoteStatus } from '#domain/quoting/quote.ts';
import { requestQuote } from '#domain/quoting/request-quote.ts';
import { pageRequest } from '#domain/shared/page.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem } from '../problem.ts';
import { acceptQuoteSchema, adminQuotesQuerySchema, answerQuoteSchema, idParamSchema, listQuerySchema, requestQuoteSchema } from '../schemas.ts';
import { toListDto, toOrderDto, toQuoteDto } from '../serializers.ts';
import { validate } from '../validation.ts';
import { responds } from '../responds.ts';
import { orderDto, pageOf, quoteDto } from '../response-schemas.ts';

/**
 * /api/quotes: a signed-in buyer's requests for quote (README.md, "Requests for quote"). Another
 * buyer's quote answers 404, like one that does not exist. Every read expires a lapsed offer
 * first (domain/quoting/find-quotes.ts).
 */
export const quoteRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>()
    .use(requireUser(ports))
    .post('/', jsonBody, validate('json', requestQuoteSchema), responds(201, quoteDto), async (c) => {
      const asked = await requestQuote(ports, { ...c.req.valid('json'), buyer: c.get('user') });
      return asked.ok ? c.json(toQuoteDto(asked.value), 201) : problem(c, asked.error);
    })
    .get('/', validate('query', listQuerySchema), responds(200, pageOf(quoteDto)), async (c) =>
      c.json(toListDto(await listQuotesOf(ports, c.get('user'), pageRequest(c.req.valid('query'))), toQuoteDto), 200),
    )
    .get('/:id', validate('param', idParamSchema), responds(200, quoteDto), async (c) => {
      const found = await findQuoteFor(ports, c.get('user'), c.req.valid('param').id, { ownerOnly: true });
      return found.ok ? c.json(toQuoteDto(found.value), 200) : problem(c, found.error);
    })
    // 201 with the unpaid order placed at the quoted prices.
    .post('/:id/accept', validate('param', idParamSchema), jsonBody, validate('json', acceptQuoteSchema), responds(201, orderDto), async (c) => {
      const accepted = await acceptQuote(ports, { ...c.req.valid('json'), buyer: c.get('user'), quoteId: c.req.valid('param').id });
      return accepted.ok ? c.json(toOrderDto(accepted.value.order), 201) : problem(c, accepted.error);
    })
    .post('/:id/decline', validate('param', idParamSchema), responds(200, quoteDto), async (c) => {
      const declined = await declineQuote(ports, { buyer: c.get('user'), quoteId: c.req.valid('param').id });
      return declined.ok ? c.json(toQuoteDto(declined.value), 200) : problem(c, declined.error);
    });

/** /api/admin/quotes: every buyer's requests, newest first by status, and the answer. */
export const adminQuoteRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>()
    .use(requireUser(ports), requireAdmin)
    .get('/', validate('query', adminQuotesQuerySchema), responds(200, pageOf(quoteDto)), async (c) => {
      const { status, ...page } = c.req.valid('query');
      return c.json(toListDto(await listAllQuotes(ports, { status: status as QuoteStatus | undefined }, pageRequest(page)), toQuoteDto), 200);
    })
    .get('/:id', validate('param', idParamSchema), responds(200, quoteDto), async (c) => {
      const found = await findQuoteFor(ports, c.get('user'), c.req.valid('param').id);
      return found.ok ? c.json(toQuoteDto(found.value), 200) : problem(c, found.error);
    })
    .post('/:id/answer', validate('param', idParamSchema), jsonBody, validate('json', answerQuoteSchema), responds(200, quoteDto), async (c) => {
      const answered = await answerQuote(ports, { ...c.req.valid('json'), actor: c.get('user'), quoteId: c.req.valid('param').id });
      return answered.ok ? c.json(toQuoteDto(answered.value), 200) : problem(c, answered.error);
    });
