import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { PageRequest } from '#domain/shared/page.ts';
import { decodeCursor } from '../page-cursor.ts';

/** The columns a listing is ordered by: creation time, then a unique key that breaks ties. */
export interface NewestFirstOrder {
  createdAt: SQLiteColumn;
  key: SQLiteColumn;
}

/**
 * The one newest-first keyset read on SQLite, for every listing: rows strictly after the cursor in
 * (created_at desc, key desc) order, read through a matching index with `LIMIT n + 1` (see
 * ../page-cursor.ts's toPage). `select` builds the listing's base query in drizzle's dynamic mode;
 * `filter` narrows it (a user's orders). Both statements, the first page and the pages after a
 * cursor, are prepared once; `params` fills the filter's placeholders.
 *
 * Placeholders in comparisons skip drizzle's column mapping, so the cursor's time is bound as the
 * raw milliseconds SQLite stores.
 */
export function newestFirstReader<Q extends SQLiteSelect>(select: () => Q, order: NewestFirstOrder, filter?: SQL) {
  const sorted = (query: Q) => query.orderBy(desc(order.createdAt), desc(order.key)).limit(sql.placeholder('limit'));
  const createdAt = sql.placeholder('createdAt');
  const afterCursor = or(
    lt(order.createdAt, createdAt),
    and(eq(order.createdAt, createdAt), lt(order.key, sql.placeholder('key'))),
  );
  const firstPage = sorted(select().where(filter)).prepare();
  const pageAfter = sorted(select().where(and(filter, afterCursor))).prepare();

  return (page: PageRequest, params: Record<string, unknown> = {}) => {
    const position = decodeCursor(page.cursor);
    const limit = page.limit + 1;
    return position
      ? pageAfter.all({ ...params, createdAt: position.createdAtMs, key: position.id, limit })
      : firstPage.all({ ...params, limit });
  };
}
