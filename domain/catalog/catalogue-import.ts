import { auditNote, sampleOf } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import { problem, type FieldProblem } from '../shared/field-problem.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { forbidden, invalid, type ErrorOf, type FieldProblems } from '../shared/errors.ts';
import { dollarsToCents } from '../shared/money.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { CATALOGUE_COLUMNS, type CatalogueColumn } from './catalogue-csv.ts';
import { checkCatalogFields, productProblems, trimmed } from './manage-catalog.ts';
import type { NewProduct, Product, ProductChanges, ProductRecord } from './product.ts';
import type { CategoryRepository } from './category-repository.ts';
import type { CatalogueWrites, ProductRepository } from './product-repository.ts';
import type { PriceTier, ProductAttribute } from './product-terms.ts';
import { checkSku } from './sku.ts';

/**
 * The catalogue import (docs/catalogue.md, "Catalogue import and export"): a file of the export's columns,
 * one product per row, matched by SKU — a known SKU updates that product, a new one creates it.
 * All or nothing: a file with any bad row changes nothing, and the dry run says what the import
 * would do and every row's problems without writing.
 */

export const MAX_IMPORT_ROWS = 20_000;
export const MAX_IMPORT_MEGABYTES = 5;

/** The file as read: the header row's names and the rows after it (row 2 onwards, as a spreadsheet numbers them). */
export interface CatalogueTable {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

/** A problem of one row: its spreadsheet row number and the column it is in. */
export interface ImportRowError {
  row: number;
  field: CatalogueColumn | 'row';
  problem: FieldProblem;
}

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  /** The first MAX_REPORTED_ERRORS problems, in row order. */
  errors: ImportRowError[];
  /** How many rows have a problem (more than `errors` shows when the file is very bad). */
  rowsWithProblems: number;
}

/** A file of 20,000 bad rows would otherwise answer megabytes of problems. */
export const MAX_REPORTED_ERRORS = 1_000;

/** The first data row is row 2: the header is row 1. */
const FIRST_ROW = 2;

/** The API's field names as the file's columns, so a refusal points at the cell to fix. */
const COLUMN_OF_FIELD: Record<string, CatalogueColumn> = {
  priceCents: 'price',
  categoryId: 'category',
  priceTiers: 'tiers',
  attributes: 'specs',
};
const columnOf = (field: string): CatalogueColumn => {
  const head = field.split('.')[0]!;
  return COLUMN_OF_FIELD[head] ?? (CATALOGUE_COLUMNS.includes(head as CatalogueColumn) ? (head as CatalogueColumn) : 'sku');
};

/** The columns a product cannot be created without (the Add Product form's required fields). */
const REQUIRED_TO_CREATE: readonly CatalogueColumn[] = ['name', 'description', 'price', 'stock', 'imageUrl'];

/**
 * The export writes a cell a spreadsheet would run as a formula with a leading `'`; reading it
 * back drops that quote, so export → import gives the same text.
 */
const unescapeFormula = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const wholeNumber = (text: string): number | null => (/^\s*\d{1,15}\s*$/.test(text) ? Number(text) : null);

const parseTiers = (text: string): PriceTier[] | null => {
  if (text.trim() === '') return [];
  const tiers: PriceTier[] = [];
  for (const pair of text.split(';')) {
    const [quantity, price, extra] = pair.split(':');
    const minQuantity = wholeNumber(quantity ?? '');
    const unitPriceCents = dollarsToCents(price ?? '');
    if (extra !== undefined || minQuantity === null || unitPriceCents === null) return null;
    tiers.push({ minQuantity, unitPriceCents });
  }
  return tiers;
};

const parseSpecs = (text: string): ProductAttribute[] | null => {
  if (text.trim() === '') return [];
  const specs: ProductAttribute[] = [];
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) return null;
    specs.push({ name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() });
  }
  return specs;
};

/** An image this shop serves (uploads and the demo's pictures): a path, never another site. */
const isShopImagePath = (text: string): boolean => /^\/(?!\/)[\w\-./%]{1,300}$/.test(text) && !text.includes('..');

interface ParsedRow {
  sku: string | null;
  changes: ProductChanges;
  errors: ImportRowError[];
}

/** One row's cells as product fields; a cell that cannot be read becomes an error of its column. */
const parseRow = (cells: ReadonlyMap<CatalogueColumn, string>, row: number, categoryIdOfSlug: ReadonlyMap<string, string>): ParsedRow => {
  const errors: ImportRowError[] = [];
  const refuse = (field: CatalogueColumn, refused: FieldProblem) => errors.push({ row, field, problem: refused });
  const changes: ProductChanges = {};
  let sku: string | null = null;
  for (const [column, cell] of cells) {
    const text = cell.trim();
    switch (column) {
      case 'sku': {
        const checked = checkSku(text);
        if (checked.ok) sku = checked.value;
        else refuse('sku', text === '' ? problem('fieldRequired') : { rule: 'term', failure: checked.error });
        break;
      }
      case 'name':
      case 'description':
      case 'brand':
      case 'unit':
        changes[column] = cell;
        break;
      case 'imageUrl':
        if (text !== '' && !isShopImagePath(text)) refuse('imageUrl', problem('importImagePath'));
        else changes.imageUrl = text;
        break;
      case 'category':
        if (text === '') changes.categoryId = null;
        else if (categoryIdOfSlug.has(text.toLowerCase())) changes.categoryId = categoryIdOfSlug.get(text.toLowerCase())!;
        else refuse('category', problem('importCategoryUnknown'));
        break;
      case 'price': {
        const cents = dollarsToCents(text);
        if (text === '') refuse('price', problem('priceRequired'));
        else if (cents === null) refuse('price', problem('priceNotNumber'));
        else changes.priceCents = cents;
        break;
      }
      case 'stock': {
        const stock = wholeNumber(text);
        if (stock === null) refuse('stock', problem('quantityNotWhole'));
        else changes.stock = stock;
        break;
      }
      case 'minOrderQuantity':
      case 'packSize': {
        // Left empty: the product keeps its term (a new one takes the default).
        if (text === '') break;
        const value = wholeNumber(text);
        if (value === null) refuse(column, problem('notWholeNumber'));
        else changes[column] = value;
        break;
      }
      case 'tiers': {
        const tiers = parseTiers(text);
        if (tiers === null) refuse('tiers', problem('importTiersFormat'));
        else changes.priceTiers = tiers;
        break;
      }
      case 'specs': {
        const specs = parseSpecs(text);
        if (specs === null) refuse('specs', problem('importSpecsFormat'));
        else changes.attributes = specs;
        break;
      }
    }
  }
  return { sku, changes, errors };
};

/** The header's names as the catalogue's columns (any case, spaces around ignored), or why not. */
const readHeader = (columns: readonly string[]): Result<CatalogueColumn[], FieldProblem> => {
  const known = new Map(CATALOGUE_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const seen = new Set<CatalogueColumn>();
  for (const [at, name] of columns.entries()) {
    const column = known.get(name.trim().toLowerCase());
    if (!column) return fail({ rule: 'importUnknownColumn', position: at + 1 });
    if (seen.has(column)) return fail({ rule: 'importDuplicateColumn', column });
    seen.add(column);
  }
  return seen.has('sku') ? ok([...seen]) : fail(problem('importNeedsSku'));
};

const pick = <T extends object>(values: T, keys: readonly string[]): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([key]) => keys.includes(key))) as Partial<T>;

/** True when the changes would leave the product as it is. */
const changesNothing = (product: Product, changes: ProductChanges): boolean =>
  Object.entries(changes).every(([key, value]) => JSON.stringify(product[key as keyof Product]) === JSON.stringify(value));

/** What the import writes, or the rows' problems. */
const planImport = (
  table: CatalogueTable,
  columns: readonly CatalogueColumn[],
  existing: ReadonlyMap<string, Product>,
  categoryIdOfSlug: ReadonlyMap<string, string>,
  newRecord: (product: NewProduct) => ProductRecord,
): { writes: CatalogueWrites; report: ImportReport } => {
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, errors: [], rowsWithProblems: 0 };
  const writes: CatalogueWrites = { creates: [], updates: [] };
  const rowOfSku = new Map<string, number>();
  table.rows.forEach((cells, index) => {
    const row = FIRST_ROW + index;
    const refuse = (field: ImportRowError['field'], refused: FieldProblem) => report.errors.push({ row, field, problem: refused });
    if (cells.length !== columns.length) return refuse('row', { rule: 'importRowShape', cells: cells.length, columns: columns.length });
    const parsed = parseRow(new Map(columns.map((column, at) => [column, unescapeFormula(cells[at]!)])), row, categoryIdOfSlug);
    report.errors.push(...parsed.errors);
    if (parsed.sku === null) return;
    const earlier = rowOfSku.get(parsed.sku);
    if (earlier !== undefined) return refuse('sku', { rule: 'importSkuRepeated', row: earlier });
    rowOfSku.set(parsed.sku, row);
    if (parsed.errors.length > 0) return;

    const current = existing.get(parsed.sku);
    const missing = REQUIRED_TO_CREATE.filter((column) => !current && !columns.includes(column));
    if (missing.length > 0) return missing.forEach((column) => refuse(column, { rule: 'importColumnMissing', column }));
    const changes = trimmed({ ...parsed.changes, sku: parsed.sku });
    const own = productProblems(changes, !current);
    const whole: NewProduct = { ...(current ?? ({} as NewProduct)), ...changes };
    const catalog = Object.keys(own).length === 0 ? checkCatalogFields(whole, true) : fail<FieldProblems>({});
    if (!catalog.ok) {
      for (const [field, refused] of Object.entries({ ...own, ...catalog.error })) refuse(columnOf(field), refused);
      return;
    }
    // Stored as the rules give them back (upper-case SKU, no brand for an empty cell, ...).
    const stored = { ...changes, ...pick(catalog.value, Object.keys(changes)) };
    if (!current) {
      writes.creates.push(newRecord({ ...whole, ...catalog.value }));
      report.created++;
    } else if (changesNothing(current, stored)) {
      report.unchanged++;
    } else {
      writes.updates.push({ id: current.id, changes: stored });
      report.updated++;
    }
  });
  report.rowsWithProblems = new Set(report.errors.map((problem) => problem.row)).size;
  report.errors = report.errors.slice(0, MAX_REPORTED_ERRORS);
  return { writes, report };
};

export type ImportCataloguePorts = {
  store: { categories: Pick<CategoryRepository, 'listAll'>; products: Pick<ProductRepository, 'findBySkus' | 'importAll'> };
  clock: Clock;
  ids: IdGenerator;
};

/**
 * Reads the file against the catalogue. With `dryRun` it only reports; otherwise it writes every
 * row in one transaction, or — when any row is bad — nothing (IMPORT_REFUSED with the report).
 */
export const importCatalogue = async (
  { store, clock, ids }: ImportCataloguePorts,
  { actor, table, dryRun }: { actor: User; table: CatalogueTable; dryRun: boolean },
): Promise<Result<ImportReport, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED' | 'IMPORT_REFUSED' | 'SKU_TAKEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const columns = readHeader(table.columns);
  if (!columns.ok) return fail(invalid({ file: columns.error }));
  if (table.rows.length === 0) return fail(invalid({ file: problem('importEmpty') }));
  if (table.rows.length > MAX_IMPORT_ROWS) return fail(invalid({ file: { rule: 'importTooManyRows', max: MAX_IMPORT_ROWS } }));

  const categoryIdOfSlug = new Map((await store.categories.listAll()).map((category) => [category.slug, category.id]));
  const skuColumn = columns.value.indexOf('sku');
  const skus = table.rows.map((cells) => checkSku(unescapeFormula(cells[skuColumn] ?? '').trim())).flatMap((sku) => (sku.ok ? [sku.value] : []));
  const existing = new Map((await store.products.findBySkus(skus)).map((product) => [product.sku, product]));
  const now = clock.now();
  const { writes, report } = planImport(table, columns.value, existing, categoryIdOfSlug, (product) => ({ ...product, id: ids.newId(), createdAt: now }));

  if (report.errors.length > 0) return dryRun ? ok(report) : fail({ code: 'IMPORT_REFUSED', report });
  if (dryRun || (writes.creates.length === 0 && writes.updates.length === 0)) return ok(report);
  const skuOfId = new Map([...existing.values()].map((product) => [product.id, product.sku]));
  const note = auditNote(actor, now, {
    kind: 'catalogue-imported',
    subjectId: 'catalogue',
    summary: `Imported the catalogue: ${report.created} new, ${report.updated} changed`,
    // Counts and the first few SKUs, not 20,000 rows: an entry stays small (audit-log.ts, sampleOf).
    after: { created: sampleOf(writes.creates.map((product) => product.sku ?? product.id)), updated: sampleOf(writes.updates.map(({ id }) => skuOfId.get(id) ?? id)) },
  });
  if ((await store.products.importAll(writes, now, note)) === 'ok') return ok(report);
  // Another admin created one of the new SKUs meanwhile: name it.
  const taken = await store.products.findBySkus(writes.creates.flatMap((product) => product.sku ?? []));
  return fail({ code: 'SKU_TAKEN', sku: taken[0]?.sku ?? '' });
};
