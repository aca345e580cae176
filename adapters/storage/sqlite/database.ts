import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from './schema.ts';

/** The drizzle database every SQLite repository is written over. */
export type SqliteDb = BetterSQLite3Database<typeof schema>;
/** The database as `drizzle()` returns it: with better-sqlite3's own connection beside it. */
export type SqliteConnection = SqliteDb & { $client: Database.Database };

/**
 * An INSERT of every column of `table` prepared once. Drizzle builds and prepares its insert anew
 * on every call, which cost more CPU than the rest of an order's placement; each value still
 * goes through its column's own mapping (dates to milliseconds, JSON to text).
 */
export const preparedInsert = (db: SqliteConnection, table: Table) => {
  const columns = Object.entries(getTableColumns(table));
  const statement = db.$client.prepare(
    `INSERT INTO "${getTableName(table)}" (${columns.map(([, column]) => `"${column.name}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return (row: object): void => {
    const values = row as Record<string, unknown>;
    statement.run(columns.map(([key, column]) => (values[key] === null || values[key] === undefined ? null : column.mapToDriverValue(values[key]))));
  };
};
