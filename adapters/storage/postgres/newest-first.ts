import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { PageRequest } from '#domain/shared/page.ts';
import { decodeCursor } from '../page-cursor.ts';

/** The columns a listing is ordered by: creation time, then a unique key that breaks ties. */
export interface NewestFirstOrder {
  createdAt: PgColumn;
  key: PgColumn;
}

/**
 * The one newest-first keyset read on PostgreSQL, for every listing: rows strictly after the
 * cursor in (created_at desc, key desc) order with `LIMIT n + 1` (see ../page-cursor.ts's toPage).
 * The cursor test is a row comparison, which the (created_at, key) index answers. `query` is the
 * listing's base query in drizzle's dynamic mode; `filter` narrows it (a user's orders).
 */
export function newestFirst<Q extends PgSelect>(query: Q, order: NewestFirstOrder, page: PageRequest, filter?: SQL): Q {
  const position = decodeCursor(page.cursor);
  const afterCursor = position
    ? sql`(${order.createdAt}, ${order.key}) < (${sql.param(new Date(position.createdAtMs), order.createdAt)}, ${position.id})`
    : undefined;
  return query
    .where(and(filter, afterCursor))
    .orderBy(desc(order.createdAt), desc(order.key))
    .limit(page.limit + 1);
}
