import { Hono } from 'hono';
import { getProduct, listProducts } from '#domain/catalog/browse-catalog.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem } from '../problem.ts';
import { idParamSchema, listQuerySchema } from '../schemas.ts';
import { toListDto, toProductDto } from '../serializers.ts';
import { validate } from '../validation.ts';

/** /api/products: the public catalog, newest first. */
export const catalogRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>()
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { limit, cursor } = c.req.valid('query');
      return c.json(toListDto(await listProducts(ports.store, { limit, cursor }), toProductDto), 200);
    })
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const found = await getProduct(ports.store, c.req.valid('param').id);
      return found.ok ? c.json(toProductDto(found.value), 200) : problem(c, found.error);
    });
