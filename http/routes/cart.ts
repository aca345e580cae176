import { Hono } from 'hono';
import { saveCart, viewCart } from '#domain/ordering/cart.ts';
import { pastedListFailureMessage } from '#domain/ordering/pasted-list.ts';
import { resolvePastedList } from '#domain/ordering/resolve-pasted-list.ts';
import { invalid } from '#domain/shared/errors.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem } from '../problem.ts';
import { resolveListSchema, saveCartSchema } from '../schemas.ts';
import type { CartDto, ResolvedListDto } from '../dto.ts';
import { validate } from '../validation.ts';
import { responds } from '../responds.ts';
import { cartDto, resolvedListDto } from '../response-schemas.ts';

/**
 * /api/cart: the signed-in buyer's saved order list, priced with today's tiers (README.md,
 * "Cart"), and quick order's reading of a pasted list, open to anyone (README.md, "Orders, cart, quick order").
 */
export const cartRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>()
    .post('/resolve', jsonBody, validate('json', resolveListSchema), responds(200, resolvedListDto), async (c) => {
      const resolved = await resolvePastedList(ports.store.products, c.req.valid('json').text);
      if (!resolved.ok) return problem(c, invalid({ text: pastedListFailureMessage(resolved.error) }));
      return c.json({ rows: resolved.value } satisfies ResolvedListDto, 200);
    })
    .use(requireUser(ports))
    .get('/', responds(200, cartDto), async (c) => c.json((await viewCart(ports, c.get('user').id)) satisfies CartDto, 200))
    .put('/', jsonBody, validate('json', saveCartSchema), responds(200, cartDto), async (c) => {
      const saved = await saveCart(ports, c.get('user').id, c.req.valid('json').lines);
      return saved.ok ? c.json(saved.value satisfies CartDto, 200) : problem(c, saved.error);
    });
