import type { Page, PageRequest } from '#domain/shared/page.ts';
import { decodeCursor, isAfterCursor, newestFirstBy, toPageKeyedBy, type KeyOf } from '../page-cursor.ts';

/**
 * The one newest-first page in memory, read as the SQL adapters' keyset queries read it: rows
 * sorted (createdAt desc, key desc), those strictly after the cursor, `limit + 1` of them, copied
 * so callers never hold the stored objects.
 */
export function newestFirst<T extends { createdAt: Date }>(rows: Iterable<T>, page: PageRequest, keyOf: KeyOf<T>): Page<T> {
  const position = decodeCursor(page.cursor);
  const sorted = [...rows].sort(newestFirstBy(keyOf));
  const after = position ? sorted.filter((row) => isAfterCursor(row, position, keyOf)) : sorted;
  return toPageKeyedBy(after.slice(0, page.limit + 1).map((row) => structuredClone(row)), page.limit, keyOf);
}
