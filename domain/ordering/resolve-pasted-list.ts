import { fail, ok, type Result } from '../shared/result.ts';
import type { StockedTerms } from '../catalog/product-terms.ts';
import { adviceNote, onlyInStock, stockBelowMinimum, type AdviceNote } from '../catalog/quantity-advice-note.ts';
import { adviseQuantity, isLineQuantity, maxAvailableFor, suggestQuantity, type QuantitySuggestion } from '../catalog/quantity-advice.ts';
import { DID_YOU_MEAN_LIMIT, DID_YOU_MEAN_MAX_SKUS } from '../catalog/sku-did-you-mean.ts';
import { normalizeSku } from '../catalog/sku.ts';
import { readPastedList, type PastedListFailure, type PastedRow } from './pasted-list.ts';

/**
 * Quick order (docs/orders.md, "Orders, cart, quick order"): each pasted or typed row resolved against the catalogue
 * into a status, the product, a one-click suggestion and, for an unknown SKU, the closest known
 * ones. Rows for the same SKU are merged into the first (its quantity is their sum) and the
 * others say where they went.
 */

/** What quick order needs of a product. */
export interface QuickOrderProduct extends StockedTerms {
  id: string;
  sku: string;
  name: string;
  unit: string;
}

/** The lookups quick order needs; the store implements them (memory with `closestSkus`). */
export interface QuickOrderCatalog {
  /** The products with these (upper-case) SKUs; unknown ones are simply missing. */
  findBySkus(skus: readonly string[]): Promise<QuickOrderProduct[]>;
  /** Known SKUs close to each of these nobody has, nearest first, in one bounded batch (sku-did-you-mean.ts). */
  similarSkus(skus: readonly string[], limit: number): Promise<Map<string, string[]>>;
}

export type ResolvePastedListPorts = { store: { products: QuickOrderCatalog } };

export type RowStatus = 'ok' | 'unknown-sku' | 'below-minimum' | 'not-a-pack-multiple' | 'above-stock' | 'duplicate' | 'unreadable';

export interface ResolvedRow {
  /** The line number as pasted (blank lines and the header count). */
  line: number;
  input: string;
  status: RowStatus;
  productId: string | null;
  /** The product's SKU, or the upper-cased SKU as typed when no product has it. */
  sku: string | null;
  name: string | null;
  unit: string | null;
  /** The quantity as typed; for the first row of a merged SKU, the sum of its rows. */
  quantity: number | null;
  suggestion: QuantitySuggestion | null;
  didYouMean: string[];
  /** For a duplicate: the line it was added to. */
  mergedInto: number | null;
  /** For the first row of a SKU: the lines merged into it. */
  mergedLines: number[];
  /**
   * The quantity advice for a known product's row, or null. What the edge tells the buyer about
   * a row (its `message` and merge `note`) follows from this, the status and the merged lines.
   */
  advised: AdviceNote | null;
}

export type TypedRow = Extract<PastedRow, { readable: true }>;

const blankRow = (row: PastedRow): ResolvedRow => ({
  line: row.line,
  input: row.input,
  status: 'unreadable',
  productId: null,
  sku: null,
  name: null,
  unit: null,
  quantity: null,
  suggestion: null,
  didYouMean: [],
  mergedInto: null,
  mergedLines: [],
  advised: null,
});

/** Status, suggestion and advice of a quantity of a known product. */
const judge = (product: QuickOrderProduct, quantity: number): Pick<ResolvedRow, 'status' | 'suggestion' | 'advised'> => {
  if (!isLineQuantity(quantity)) {
    // More than the shop can ever hold: the stock is the problem to fix.
    const max = maxAvailableFor(product);
    return {
      status: 'above-stock',
      suggestion: max === null ? null : { quantity: max, reason: 'stock' },
      advised: max === null ? stockBelowMinimum(product.stock, product.minOrderQuantity) : onlyInStock(product.stock, max, product.packSize),
    };
  }
  const advice = adviseQuantity(product, quantity);
  // The order a buyer fixes them in, as the advice sentence names them.
  const status: RowStatus =
    advice.problems.includes('BELOW_MINIMUM') ? 'below-minimum'
    : advice.problems.includes('ABOVE_STOCK') ? 'above-stock'
    : advice.problems.includes('NOT_A_PACK_MULTIPLE') ? 'not-a-pack-multiple'
    : 'ok';
  return { status, suggestion: suggestQuantity(advice, product), advised: adviceNote(advice, product) };
};

/** Resolves rows already read (typed into quick order's grid, or from `readPastedList`). */
export const resolveRows = async ({ store }: ResolvePastedListPorts, { rows: typed }: { rows: readonly PastedRow[] }): Promise<ResolvedRow[]> => {
  const catalog = store.products;
  const rows = typed.map((row) => (row.readable ? { ...row, sku: normalizeSku(row.sku) } : row));
  const readable = rows.filter((row): row is TypedRow => row.readable);
  const skus = [...new Set(readable.map((row) => row.sku))];
  const products = new Map((skus.length > 0 ? await catalog.findBySkus(skus) : []).map((product) => [product.sku.toUpperCase(), product]));

  // The first row of each SKU collects the quantities of the later ones.
  const firstOf = new Map<string, { row: TypedRow; quantity: number; merged: number[] }>();
  for (const row of readable) {
    const first = firstOf.get(row.sku);
    if (first) {
      first.quantity += row.quantity;
      first.merged.push(row.line);
    } else firstOf.set(row.sku, { row, quantity: row.quantity, merged: [] });
  }

  // One batch for the first unknown SKUs, whatever the list's length: the rest get no suggestions.
  const unknown = skus.filter((sku) => !products.has(sku)).slice(0, DID_YOU_MEAN_MAX_SKUS);
  const similar = unknown.length > 0 ? await catalog.similarSkus(unknown, DID_YOU_MEAN_LIMIT) : new Map<string, string[]>();

  return rows.map((row): ResolvedRow => {
    if (!row.readable) return blankRow(row);
    const product = products.get(row.sku);
    const first = firstOf.get(row.sku);
    const known = product ? { productId: product.id, sku: product.sku, name: product.name, unit: product.unit } : { productId: null, sku: row.sku, name: null, unit: null };
    const resolved = { ...blankRow(row), ...known, quantity: row.quantity };
    if (first && first.row !== row) {
      return { ...resolved, status: 'duplicate', mergedInto: first.row.line };
    }
    const merged = first?.merged ?? [];
    const withMerge = { ...resolved, quantity: first?.quantity ?? row.quantity, mergedLines: merged };
    if (!product) return { ...withMerge, status: 'unknown-sku', didYouMean: similar.get(row.sku) ?? [] };
    return { ...withMerge, ...judge(product, withMerge.quantity) };
  });
};

/** Reads a pasted list and resolves its rows; a list that cannot be read at all is refused whole. */
export const resolvePastedList = async (ports: ResolvePastedListPorts, { text }: { text: string }): Promise<Result<ResolvedRow[], PastedListFailure>> => {
  const read = readPastedList(text);
  return read.ok ? ok(await resolveRows(ports, { rows: read.value })) : fail(read.error);
};
