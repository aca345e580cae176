import { Hono } from 'hono';
import { createCategory, deleteCategory, updateCategory } from '#domain/catalog/manage-categories.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem } from '../problem.ts';
import { categoryPatchSchema, categorySchema, idParamSchema } from '../schemas.ts';
import { toCategoryDto } from '../serializers.ts';
import { validate } from '../validation.ts';

/** /api/admin/categories and the catalogue's import and export: admins only. */
export const catalogAdminRoutes = (ports: AppPorts) => {
  const admin = [requireUser(ports), requireAdmin] as const;
  return new Hono<AppEnv>()
    .post('/categories', ...admin, jsonBody, validate('json', categorySchema), async (c) => {
      const created = await createCategory(ports, c.get('user'), c.req.valid('json'));
      return created.ok ? c.json(toCategoryDto(created.value), 201) : problem(c, created.error);
    })
    .patch('/categories/:id', ...admin, validate('param', idParamSchema), jsonBody, validate('json', categoryPatchSchema), async (c) => {
      const updated = await updateCategory(ports, c.get('user'), c.req.valid('param').id, c.req.valid('json'));
      return updated.ok ? c.json(toCategoryDto(updated.value), 200) : problem(c, updated.error);
    })
    .delete('/categories/:id', ...admin, validate('param', idParamSchema), async (c) => {
      const deleted = await deleteCategory(ports, c.get('user'), c.req.valid('param').id);
      return deleted.ok ? c.body(null, 204) : problem(c, deleted.error);
    });
};
