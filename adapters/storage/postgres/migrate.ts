import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import type pg from 'pg';

/** Resolved from this file, so the app finds its migrations whatever the working directory. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/postgres', import.meta.url));

/** drizzle's default home for its migrations table when no schema is chosen. */
const DEFAULT_MIGRATIONS_SCHEMA = 'drizzle';

/**
 * drizzle's own migrator and bookkeeping (`<schema>.__drizzle_migrations`, or `drizzle.` without a
 * schema): the table layout the earlier hand-written migrator kept too, so databases it migrated
 * carry on where they stopped. The migrations are unqualified SQL (see drizzle/README.md), so the
 * tables land in whatever schema the connection's search_path selects.
 */
const migrationConfig = (schema: string | undefined): MigrationConfig => ({
  migrationsFolder: MIGRATIONS_FOLDER,
  migrationsSchema: schema ?? DEFAULT_MIGRATIONS_SCHEMA,
});

/**
 * Applies pending migrations on a PostgreSQL server. drizzle's migrator reads what was applied
 * before it opens its transaction, so instances starting together would both apply the same
 * migration: it runs on one pooled connection that holds a session advisory lock (the key the
 * earlier migrator used, so an older instance starting alongside also waits its turn). The
 * schema is created under the same lock: concurrent CREATE SCHEMA IF NOT EXISTS can collide.
 */
export async function migrateServer(pool: pg.Pool, schema: string | undefined): Promise<void> {
  const lockKey = `bulkhead-migrate:${schema ?? DEFAULT_MIGRATIONS_SCHEMA}`;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    try {
      const db = drizzle(client);
      if (schema !== undefined) await db.execute(sql`CREATE SCHEMA IF NOT EXISTS ${sql.identifier(schema)}`);
      await migrate(db, migrationConfig(schema));
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]);
    }
  } catch (error) {
    // A connection that failed mid-way is destroyed rather than pooled (which also drops the lock).
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The same on PGlite, which has one connection, so nothing can run alongside. */
export async function migratePglite(client: PGlite, schema: string | undefined): Promise<void> {
  const [{ drizzle: drizzlePglite }, { migrate: migrateOnPglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite(client);
  if (schema !== undefined) {
    await db.execute(sql`CREATE SCHEMA IF NOT EXISTS ${sql.identifier(schema)}`);
    await db.execute(sql`SET search_path TO ${sql.identifier(schema)}`);
  }
  await migrateOnPglite(db, migrationConfig(schema));
}
