import { Hono, type MiddlewareHandler } from 'hono';
import { saveCart, viewCart } from '#domain/ordering/cart.ts';
import { resolvePastedList } from '#domain/ordering/resolve-pasted-list.ts';
import { invalid } from '#domain/shared/errors.ts';
import { createAttemptCounter } from '../middleware/attempt-counters.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { clientKey, limitEveryAttempt } from '../middleware/rate-limit.ts';
import { optionalUser, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { problem } from '../problem.ts';
import { resolveListSchema, saveCartSchema } from '../schemas.ts';
import type { ResolvedListDto } from '../dto.ts';
import { toCartDto, toResolvedRowDto } from '../cart-dto.ts';
import { validate } from '../validation.ts';
import { documented, responds } from '../responds.ts';
import { cartDto, resolvedListDto } from '../response-schemas.ts';

/**
 * Anonymous resolves count against the caller's address (docs/security.md, "Security"): each one reads
 * the catalogue for up to 200 rows and did-you-mean, and anyone can loop it. A signed-in buyer
 * (a session that still holds) is not counted: quick order reads the rows again whenever they
 * change.
 */
const limitAnonymous = (ports: AppPorts, settings: HttpSettings): MiddlewareHandler<AppEnv> => {
  const perAddress = limitEveryAttempt(
    createAttemptCounter(settings.counterStore, 'cart-resolve', { limit: settings.resolveRateLimit, windowMs: settings.resolveRateWindowMs }),
    (c) => clientKey(c, settings.trustProxy),
  );
  return async (c, next) => {
    if (await optionalUser(ports, c)) return next();
    return perAddress(c, next);
  };
};

/**
 * /api/cart: the signed-in buyer's saved order list, priced with today's tiers (docs/orders.md,
 * "Orders, cart, quick order"), and quick order's reading of a pasted list, open to anyone (docs/orders.md, "Orders, cart, quick order").
 */
export const cartRoutes = (ports: AppPorts, settings: HttpSettings) =>
  new Hono<AppEnv>()
    .post('/resolve', limitAnonymous(ports, settings), jsonBody, validate('json', resolveListSchema), documented({
      summary: 'Read a pasted order list',
      description:
        "Public; changes nothing. `{text}`: up to 200 lines, a SKU (however typed: case, spaces, dashes, dots and slashes ignored) or a product's name, then a quantity per line, separated by a tab, comma, semicolon or spaces, a header row allowed; a name resolves when one product matches its words (at most 10 names a list), otherwise it is `unknown-sku` with the matching SKUs as did-you-mean. Each row answers its product and a status: `ok`, `unknown-sku` (with did-you-mean SKUs for the list's first 10 unknown ones), `below-minimum`, `not-a-pack-multiple`, `above-stock`, `duplicate` (merged into the SKU's first row) or `unreadable`, with a suggested quantity. 400 `VALIDATION_FAILED` on `text` for a list too long or too large; 429 `RATE_LIMITED` for a caller without a session, per IP address (every attempt counting).",
    }), responds(200, resolvedListDto), async (c) => {
      // A company member's rows are advised at their price (docs/companies.md, "Company prices").
      const buyer = await optionalUser(ports, c);
      const resolved = await resolvePastedList(ports, { text: c.req.valid('json').text, buyerId: buyer?.id ?? null });
      if (!resolved.ok) return problem(c, invalid({ text: { rule: 'pastedList', failure: resolved.error } }));
      return c.json({ rows: resolved.value.map(toResolvedRowDto) } satisfies ResolvedListDto, 200);
    })
    .use(requireUser(ports))
    .get('/', documented({
      summary: 'My cart',
      description:
        "Signed in; changes nothing. The saved order list, every line at today's tier price with the same quantity advice as the product page, and whether it can be ordered as it stands. A product deleted since has left it.",
    }), responds(200, cartDto), async (c) => c.json(toCartDto(await viewCart(ports, { userId: c.get('user').id })), 200))
    .put('/', jsonBody, validate('json', saveCartSchema), documented({
      summary: 'Replace my cart',
      description:
        'Signed in. Replaces the whole cart with `lines` (at most 100, each product once, quantities of at least 1; a draft may be below the minimum or above the stock, the order checks again) and answers it priced. 400 `VALIDATION_FAILED` naming each line, including products that do not exist.',
    }), responds(200, cartDto), async (c) => {
      const saved = await saveCart(ports, { userId: c.get('user').id, lines: c.req.valid('json').lines });
      return saved.ok ? c.json(toCartDto(saved.value), 200) : problem(c, saved.error);
    });
