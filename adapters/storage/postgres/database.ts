import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** Any drizzle Postgres database: node-postgres in production, PGlite in tests. */
export type PgDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The first row of a query, or null. */
export const firstRow = async <T>(rows: Promise<T[]>): Promise<T | null> => (await rows)[0] ?? null;

/** The one row an INSERT … RETURNING must give back. */
export const insertedRow = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error(`insert returned no ${what}`);
  return row;
};

/** The rows of `db.execute`: node-postgres answers a QueryResult, PGlite its `{ rows }` too, some drivers a bare array. */
export const rowsOfResult = async <T>(result: Promise<unknown>): Promise<T[]> => {
  const answered = await result;
  return (Array.isArray(answered) ? answered : (answered as { rows: T[] }).rows) as T[];
};
