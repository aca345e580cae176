import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import Papa from 'papaparse';
import { CATALOGUE_COLUMNS, catalogueRow } from '#domain/catalog/catalogue-csv.ts';
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
    })
    // The whole catalogue, a page of 100 products at a time straight to the client, so memory
    // stays flat however large it is. Cells that a spreadsheet would run as a formula are escaped.
    .get('/products/export.csv', ...admin, async (c) => {
      const slugs = new Map((await ports.store.categories.listAll()).map((category) => [category.id, category.slug]));
      const day = ports.clock.now().toISOString().slice(0, 10);
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="bulkhead-catalogue-${day}.csv"`);
      return stream(c, async (out) => {
        const csv = (rows: object[], header: boolean) => Papa.unparse(rows, { columns: [...CATALOGUE_COLUMNS], header, escapeFormulae: true, newline: '\r\n' });
        await out.write(`${csv([], true)}\r\n`);
        let cursor: string | undefined;
        do {
          const page = await ports.store.products.list({ limit: 100, cursor });
          if (page.items.length > 0) await out.write(`${csv(page.items.map((product) => catalogueRow(product, slugs)), false)}\r\n`);
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
      });
    });
};
