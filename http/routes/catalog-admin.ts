import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import Papa from 'papaparse';
import { CATALOGUE_COLUMNS } from '#domain/catalog/catalogue-csv.ts';
import { exportCatalogue } from '#domain/catalog/export-catalogue.ts';
import { importCatalogue, MAX_IMPORT_MEGABYTES } from '#domain/catalog/catalogue-import.ts';
import { invalid } from '#domain/shared/errors.ts';
import { messages } from '#domain/messages.ts';
import { readCatalogueFile } from '../catalogue-file.ts';
import { bodySizeLimit } from '../middleware/body-size.ts';
import { createCategory, deleteCategory, updateCategory } from '#domain/catalog/manage-categories.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import type { AppEnv, AppPorts } from '../ports.ts';
import { problem, problemOf } from '../problem.ts';
import { catalogueImportQuerySchema, categoryPatchSchema, categorySchema, idParamSchema } from '../schemas.ts';
import type { ImportReportDto } from '../dto.ts';
import { toCategoryDto } from '../serializers.ts';
import { validate } from '../validation.ts';
import { documented, responds } from '../responds.ts';
import { categoryDto, importReportDto } from '../response-schemas.ts';

const MAX_IMPORT_BYTES = MAX_IMPORT_MEGABYTES * 1024 * 1024;
const MULTIPART = /^multipart\/form-data\s*;/i;
const TEXT_TABLE = /^text\/(csv|tab-separated-values|plain)\s*(;|$)/i;

/** The import's file: the multipart field `file`, or the whole body as text/csv. */
const importedText = async (c: Context<AppEnv>): Promise<string | 'too-large' | 'unsupported' | null> => {
  const type = c.req.header('content-type') ?? '';
  if (TEXT_TABLE.test(type)) return c.req.text();
  if (!MULTIPART.test(type)) return 'unsupported';
  const file = (await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)).file;
  if (!(file instanceof Blob) || file.size === 0) return null;
  return file.size > MAX_IMPORT_BYTES ? 'too-large' : file.text();
};

/** /api/admin/categories and the catalogue's import and export: admins only. */
export const catalogAdminRoutes = (ports: AppPorts) => {
  const admin = [requireUser(ports), requireAdmin] as const;
  return new Hono<AppEnv>()
    .post('/categories', ...admin, jsonBody, validate('json', categorySchema), documented({
      summary: 'Add a department or a category',
      description:
        'Admins. `{name, slug?, parentId?}`: without `parentId` a department, with one a category inside that department (two levels only); the slug is made from the name when left out. 201. 400 `VALIDATION_FAILED`, 409 `SLUG_TAKEN`.',
    }), responds(201, categoryDto), async (c) => {
      const created = await createCategory(ports, { actor: c.get('user'), category: c.req.valid('json') });
      return created.ok ? c.json(toCategoryDto(created.value), 201) : problem(c, created.error);
    })
    .patch('/categories/:id', ...admin, validate('param', idParamSchema), jsonBody, validate('json', categoryPatchSchema), documented({
      summary: 'Edit a department or a category',
      description:
        'Admins. Changes the fields sent, by the same rules as a new one. 200. 404 `NOT_FOUND`, 400 `VALIDATION_FAILED`, 409 `SLUG_TAKEN`.',
    }), responds(200, categoryDto), async (c) => {
      const updated = await updateCategory(ports, { actor: c.get('user'), id: c.req.valid('param').id, changes: c.req.valid('json') });
      return updated.ok ? c.json(toCategoryDto(updated.value), 200) : problem(c, updated.error);
    })
    .delete('/categories/:id', ...admin, validate('param', idParamSchema), documented({
      summary: 'Delete an empty department or category',
      description:
        'Admins. 204. 404 `NOT_FOUND`; 409 `CATEGORY_IN_USE` while it has categories or products.',
    }), responds(204), async (c) => {
      const deleted = await deleteCategory(ports, { actor: c.get('user'), id: c.req.valid('param').id });
      return deleted.ok ? c.body(null, 204) : problem(c, deleted.error);
    })
    // The envelope of a multipart upload may be a little larger than the 5 MB file it carries.
    .post('/products/import', ...admin, bodySizeLimit(MAX_IMPORT_BYTES + 64 * 1024), validate('query', catalogueImportQuerySchema), documented({
      summary: 'Import the catalogue (CSV or TSV)',
      description:
        "Admins. The file as the multipart field `file` or as a `text/csv` body: at most 5 MB and 20,000 rows, the export's columns, `sku` required. A known SKU updates its product, a new one creates it; every cell is checked by the product form's rules. With `?dryRun=true` nothing is written and the answer counts what would be created, updated and unchanged, with the problems by row and column. Otherwise all or nothing in one transaction, recorded in the audit log. Refusals: 400 `IMPORT_REFUSED` with `fields` naming each bad cell (`rows.3.price`), 400 `VALIDATION_FAILED` on `file` (empty or unreadable), 409 `SKU_TAKEN`, 413 `PAYLOAD_TOO_LARGE`, 415 `UNSUPPORTED_MEDIA_TYPE`.",
    }), responds(200, importReportDto), async (c) => {
      const text = await importedText(c);
      if (text === 'unsupported') return problemOf(c, 'UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
      if (text === 'too-large') return problemOf(c, 'PAYLOAD_TOO_LARGE', messages.importTooLarge(MAX_IMPORT_MEGABYTES));
      if (text === null) return problem(c, invalid({ file: messages.importEmpty }));
      const table = readCatalogueFile(text);
      if (!table.ok) return problem(c, invalid({ file: table.error }));
      const imported = await importCatalogue(ports, { actor: c.get('user'), table: table.value, dryRun: c.req.valid('query').dryRun });
      return imported.ok ? c.json(imported.value satisfies ImportReportDto, 200) : problem(c, imported.error);
    })
    // The whole catalogue, a page of 100 products at a time straight to the client, so memory
    // stays flat however large it is. Cells that a spreadsheet would run as a formula are escaped.
    .get('/products/export.csv', ...admin, documented({
      summary: 'Export the catalogue (CSV)',
      description:
        "Admins; changes nothing. The whole catalogue as UTF-8 CSV, streamed 100 products at a time, in the columns the import reads back (`sku, name, description, category, brand, unit, price, stock, minOrderQuantity, packSize, tiers, specs, imageUrl`); a cell a spreadsheet would run as a formula starts with `'`.",
    }), responds(200, 'text/csv'), async (c) => {
      const exported = await exportCatalogue(ports, { actor: c.get('user') });
      if (!exported.ok) return problem(c, exported.error);
      const day = ports.clock.now().toISOString().slice(0, 10);
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="bulkhead-catalogue-${day}.csv"`);
      return stream(c, async (out) => {
        const csv = (rows: object[], header: boolean) => Papa.unparse(rows, { columns: [...CATALOGUE_COLUMNS], header, escapeFormulae: true, newline: '\r\n' });
        await out.write(`${csv([], true)}\r\n`);
        for await (const rows of exported.value) await out.write(`${csv(rows, false)}\r\n`);
      });
    });
};
