import { fail, ok, type Result } from '../shared/result.ts';
import type { StockedTerms } from '../catalog/product-terms.ts';
import { adviceNote, onlyInStock, stockBelowMinimum, type AdviceNote } from '../catalog/quantity-advice-note.ts';
import { adviseQuantity, isLineQuantity, maxAvailableFor, suggestQuantity, type QuantitySuggestion } from '../catalog/quantity-advice.ts';
import { DID_YOU_MEAN_LIMIT, DID_YOU_MEAN_MAX_SKUS } from '../catalog/sku-did-you-mean.ts';
import { searchTerms } from '../catalog/search-terms.ts';
import { normalizeSku, skuKey } from '../catalog/sku.ts';
import { bestMatchesQuery, type ProductSearchQuery } from '../catalog/product-search.ts';
import { readPastedList, type PastedListFailure, type PastedRow } from './pasted-list.ts';
import { buyerTermsOf, type BuyerTermsPorts } from '../companies/buyer-terms.ts';
import { pricedForBuyer } from '../companies/company-prices.ts';

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
  /**
   * The products whose SKU key (sku.ts, `skuKey`) is one of these, so a part number is found
   * however it is typed; unknown ones are simply missing.
   */
  findBySkuKeys(keys: readonly string[]): Promise<QuickOrderProduct[]>;
  /** Known SKUs close to each of these nobody has, nearest first, in one bounded batch (sku-did-you-mean.ts). */
  similarSkus(skus: readonly string[], limit: number): Promise<Map<string, string[]>>;
}

/** The catalogue search, for a pasted product name (its words, as the catalogue page finds them). */
export interface QuickOrderSearch {
  search(query: ProductSearchQuery): Promise<{ items: QuickOrderProduct[] }>;
}

export type ResolvePastedListPorts = BuyerTermsPorts & { store: { products: QuickOrderCatalog; search: QuickOrderSearch } };

/**
 * How many pasted names (a line whose first cell holds several words, not a SKU) and part numbers
 * typed short (no product has the key, see below) one list may look up in the catalogue search: a
 * list of 200 descriptions must not cost 200 searches.
 */
export const MAX_NAME_LOOKUPS = 10;
/** The choices offered for a name several products match. */
const NAME_CHOICES = 3;
/** A cell with a space in it is words, never a SKU (sku.ts allows none). */
const isName = (cell: string): boolean => /\s/.test(cell.trim());
/**
 * A part number typed without its last parts ("fbm840" for FB-M8-40-A2) is looked up as the start
 * of a SKU key when it is at least this long: shorter ones ("M8") start too many.
 */
const MIN_KEY_PREFIX = 4;

/** The products matching every word of a pasted name, best first (the catalogue search's relevance). */
const findByWords = async (search: QuickOrderSearch, text: string, limit: number): Promise<QuickOrderProduct[]> =>
  (await search.search(bestMatchesQuery(searchTerms(text), limit))).items;

/** The product each pasted SKU or name stands for, or the choices when it is not clear which. */
const findProducts = async ({ store }: ResolvePastedListPorts, skus: readonly string[]) => {
  const keys = [...new Set(skus.map(skuKey).filter((key) => key !== ''))];
  const byKey = new Map<string, QuickOrderProduct[]>();
  for (const product of keys.length > 0 ? await store.products.findBySkuKeys(keys) : []) {
    const key = skuKey(product.sku);
    byKey.set(key, [...(byKey.get(key) ?? []), product]);
  }
  const products = new Map<string, QuickOrderProduct>();
  /** Rows no product clearly stands for, with the choices to offer: from the SKU key or the name. */
  const choices = new Map<string, { skus: string[]; unmatched: Unmatched }>();
  const names: string[] = [];
  const shortSkus: string[] = [];
  for (const sku of skus) {
    const sharing = byKey.get(skuKey(sku)) ?? [];
    // Two SKUs may share a key (`AB-1`, `A-B1`): the one typed exactly wins, else the buyer picks.
    const product = sharing.find((candidate) => candidate.sku.toUpperCase() === sku) ?? (sharing.length === 1 ? sharing[0] : undefined);
    if (product) products.set(sku, product);
    else if (sharing.length > 1) choices.set(sku, { skus: sharing.map((candidate) => candidate.sku).slice(0, DID_YOU_MEAN_LIMIT), unmatched: 'several-match' });
    else if (isName(sku)) names.push(sku);
    else if (skuKey(sku).length >= MIN_KEY_PREFIX) shortSkus.push(sku);
  }
  // A name resolves when one product matches all its words, a short part number when one SKU
  // starts with its key; several are offered as choices. A short part number nothing starts with
  // is left to did-you-mean.
  const lookups = [...names.map((text) => ({ text, isName: true })), ...shortSkus.map((text) => ({ text, isName: false }))].slice(0, MAX_NAME_LOOKUPS);
  const looked = await Promise.all(
    lookups.map(async (lookup) => {
      const found = await findByWords(store.search, lookup.text, NAME_CHOICES + 1);
      const key = skuKey(lookup.text);
      return { ...lookup, found: lookup.isName ? found : found.filter((product) => skuKey(product.sku).startsWith(key)) };
    }),
  );
  for (const { text, isName: named, found } of looked) {
    if (found.length === 1 && found[0]) products.set(text, found[0]);
    else if (found.length > 1) choices.set(text, { skus: found.slice(0, NAME_CHOICES).map((product) => product.sku), unmatched: 'several-match' });
    else if (named) choices.set(text, { skus: [], unmatched: 'unknown-name' });
  }
  for (const name of names.slice(MAX_NAME_LOOKUPS)) choices.set(name, { skus: [], unmatched: 'unknown-name' });
  return { products, choices };
};

/**
 * Why an `unknown-sku` row found no product: no product has the SKU, no product matches the pasted
 * name, or several products match it (the SKU's key or the name) and the buyer picks.
 */
export type Unmatched = 'unknown-sku' | 'unknown-name' | 'several-match';

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
  /** For an `unknown-sku` row, why; null otherwise. */
  unmatched: Unmatched | null;
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
  unmatched: null,
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
export const resolveRows = async (ports: ResolvePastedListPorts, { rows: typed, buyerId = null }: { rows: readonly PastedRow[]; buyerId?: string | null }): Promise<ResolvedRow[]> => {
  const { store } = ports;
  const catalog = store.products;
  // A company member's advice (the next price break) is worded at their price (docs/companies.md, "Company prices").
  const terms = await buyerTermsOf(ports, buyerId);
  const rows = typed.map((row) => (row.readable ? { ...row, sku: normalizeSku(row.sku) } : row));
  const readable = rows.filter((row): row is TypedRow => row.readable);
  const skus = [...new Set(readable.map((row) => row.sku))];
  const { products, choices } = await findProducts(ports, skus);

  // The first row of each product (however its SKU was typed) collects the quantities of the later ones.
  const firstOf = new Map<string, { row: TypedRow; quantity: number; merged: number[] }>();
  const productOrSku = (row: TypedRow) => products.get(row.sku)?.id ?? `sku:${row.sku}`;
  for (const row of readable) {
    const first = firstOf.get(productOrSku(row));
    if (first) {
      first.quantity += row.quantity;
      first.merged.push(row.line);
    } else firstOf.set(productOrSku(row), { row, quantity: row.quantity, merged: [] });
  }

  // One batch for the first unknown SKUs, whatever the list's length: the rest get no suggestions.
  const unknown = skus.filter((sku) => !products.has(sku) && !choices.has(sku)).slice(0, DID_YOU_MEAN_MAX_SKUS);
  const similar = unknown.length > 0 ? await catalog.similarSkus(unknown, DID_YOU_MEAN_LIMIT) : new Map<string, string[]>();

  return rows.map((row): ResolvedRow => {
    if (!row.readable) return blankRow(row);
    const product = products.get(row.sku);
    const first = firstOf.get(productOrSku(row));
    const known = product ? { productId: product.id, sku: product.sku, name: product.name, unit: product.unit } : { productId: null, sku: row.sku, name: null, unit: null };
    const resolved = { ...blankRow(row), ...known, quantity: row.quantity };
    if (first && first.row !== row) {
      return { ...resolved, status: 'duplicate', mergedInto: first.row.line };
    }
    const merged = first?.merged ?? [];
    const withMerge = { ...resolved, quantity: first?.quantity ?? row.quantity, mergedLines: merged };
    const choice = choices.get(row.sku);
    if (!product && choice) return { ...withMerge, status: 'unknown-sku', didYouMean: choice.skus, unmatched: choice.unmatched };
    if (!product) return { ...withMerge, status: 'unknown-sku', didYouMean: similar.get(row.sku) ?? [], unmatched: 'unknown-sku' };
    return { ...withMerge, ...judge(pricedForBuyer(product, terms), withMerge.quantity) };
  });
};

/** Reads a pasted list and resolves its rows; a list that cannot be read at all is refused whole. */
export const resolvePastedList = async (
  ports: ResolvePastedListPorts,
  { text, buyerId = null }: { text: string; buyerId?: string | null },
): Promise<Result<ResolvedRow[], PastedListFailure>> => {
  const read = readPastedList(text);
  return read.ok ? ok(await resolveRows(ports, { rows: read.value, buyerId })) : fail(read.error);
};
