import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from './schema.ts';

/** The drizzle database every SQLite repository is written over. */
export type SqliteDb = BetterSQLite3Database<typeof schema>;
