/**
 * Cursors of the catalogue search, one shape per sort: the sort's key values of the last row
 * returned, ending with its id, which breaks ties. Opaque to clients (base64url JSON). A cursor
 * that is malformed or was made for another sort reads as "from the start", like the listings'
 * cursors (page-cursor.ts): it is only ever something we handed out.
 */
import type { Product } from '#domain/catalog/product.ts';
import type { ProductSort } from '#domain/catalog/product-search.ts';

/** The sort actually applied: relevance needs words to rank by. */
export type AppliedSort = Exclude<ProductSort, 'relevance'> | 'relevance';

export type SortKey =
  | { sort: 'newest'; createdAtMs: number; id: string }
  | { sort: 'price-asc' | 'price-desc'; priceCents: number; id: string }
  | { sort: 'name'; name: string; id: string }
  | { sort: 'relevance'; bucket: number; name: string; id: string };

export const sortKeyOf = (sort: AppliedSort, product: Product, bucket: number): SortKey => {
  switch (sort) {
    case 'newest':
      return { sort, createdAtMs: product.createdAt.getTime(), id: product.id };
    case 'price-asc':
    case 'price-desc':
      return { sort, priceCents: product.priceCents, id: product.id };
    case 'name':
      return { sort, name: product.name, id: product.id };
    case 'relevance':
      return { sort, bucket, name: product.name, id: product.id };
  }
};

export const encodeSearchCursor = (key: SortKey): string => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 500;
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

export const decodeSearchCursor = (cursor: string | null, sort: AppliedSort): SortKey | null => {
  if (!cursor || cursor.length > 2_000) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const key = value as Record<string, unknown>;
  if (key.sort !== sort || !isText(key.id)) return null;
  switch (sort) {
    case 'newest':
      return isWhole(key.createdAtMs) ? { sort, createdAtMs: key.createdAtMs, id: key.id } : null;
    case 'price-asc':
    case 'price-desc':
      return isWhole(key.priceCents) ? { sort, priceCents: key.priceCents, id: key.id } : null;
    case 'name':
      return isText(key.name) ? { sort, name: key.name, id: key.id } : null;
    case 'relevance':
      return isWhole(key.bucket) && isText(key.name) ? { sort, bucket: key.bucket, name: key.name, id: key.id } : null;
  }
};

/** The sort a query gets: relevance only when there are words to rank by, newest otherwise. */
export const appliedSort = (sort: ProductSort, hasWords: boolean): AppliedSort => (sort === 'relevance' && !hasWords ? 'newest' : sort);
