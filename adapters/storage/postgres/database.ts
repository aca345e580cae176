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
