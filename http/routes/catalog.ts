import { Hono } from 'hono';
import { getProduct, listProducts } from '#domain/catalog/browse-catalog.ts';
import { createProduct, deleteProduct, updateProduct } from '#domain/catalog/manage-catalog.ts';
import { cachedJson } from '../middleware/cached-json.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem } from '../problem.ts';
import { createResponseCache } from '../response-cache.ts';
import { idParamSchema, listQuerySchema, productPatchSchema, productSchema } from '../schemas.ts';
import { toListDto, toProductDto } from '../serializers.ts';
import { validate } from '../validation.ts';

/**
 * /api/products: the public catalog, newest first; admins add, edit and delete.
 *
 * The two reads are served from serialised pages (with ETags) for as long as the store's catalog
 * version stays put; the store bumps it on every product or stock change, including other
 * processes' writes to the same SQLite file. A store without a version (PostgreSQL, possibly
 * shared by several instances) is read every time and still answers 304 for an unchanged page.
 */
export const catalogRoutes = (ports: AppPorts) => {
  const admin = [requireUser(ports), requireAdmin] as const;
  const { store } = ports;
  const cached = cachedJson(createResponseCache(store.catalogVersion ? () => store.catalogVersion!() : undefined));
  return new Hono<AppEnv>()
    .get('/', cached.lookup, validate('query', listQuerySchema), async (c) => {
      const { limit, cursor } = c.req.valid('query');
      return cached.send(c, toListDto(await listProducts(store, { limit, cursor }), toProductDto));
    })
    .get('/:id', cached.lookup, validate('param', idParamSchema), async (c) => {
      const found = await getProduct(store, c.req.valid('param').id);
      return found.ok ? cached.send(c, toProductDto(found.value)) : problem(c, found.error);
    })
    .post('/', ...admin, jsonBody, validate('json', productSchema), async (c) => {
      const created = await createProduct(ports, c.get('user'), c.req.valid('json'));
      return created.ok ? c.json(toProductDto(created.value), 201) : problem(c, created.error);
    })
    .patch('/:id', ...admin, validate('param', idParamSchema), jsonBody, validate('json', productPatchSchema), async (c) => {
      const updated = await updateProduct(ports, c.get('user'), c.req.valid('param').id, c.req.valid('json'));
      return updated.ok ? c.json(toProductDto(updated.value), 200) : problem(c, updated.error);
    })
    // Orders keep their own snapshot of the product, so they are untouched.
    .delete('/:id', ...admin, validate('param', idParamSchema), async (c) => {
      const deleted = await deleteProduct(ports, c.get('user'), c.req.valid('param').id);
      return deleted.ok ? c.body(null, 204) : problem(c, deleted.error);
    });
};
