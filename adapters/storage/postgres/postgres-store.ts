import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Store } from '#domain/store.ts';
import { migratePostgres } from './pg-migrate.ts';
import { createPgStore } from './pg-repositories.ts';
import * as schema from './schema.ts';

/** drizzle's default home for its migrations table when no schema is chosen. */
const DEFAULT_MIGRATIONS_SCHEMA = 'drizzle';

/** Schema names end up in connection options and DDL, so only plain identifiers are accepted. */
const assertPlainSchemaName = (name: string): void => {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`Invalid Postgres schema name "${name}": use letters, digits and underscores`);
  }
};

/**
 * The Store on a Postgres server (node-postgres Pool). With `schema`, the schema is created if
 * missing and every pooled connection starts with that search_path (a startup option, so there
 * is no window in which a fresh connection still points at "public"); drizzle's migrations table
 * lives in the same schema. Runs pending migrations before returning.
 */
export async function openPostgresStore(url: string, options: { schema?: string } = {}): Promise<Store> {
  const { schema: schemaName } = options;
  if (schemaName !== undefined) assertPlainSchemaName(schemaName);
  const pool = new pg.Pool({
    connectionString: url,
    ...(schemaName !== undefined ? { options: `-c search_path=${schemaName}` } : {}),
  });
  try {
    const db = drizzleNodePg(pool, { schema });
    if (schemaName !== undefined) await db.execute(sql`CREATE SCHEMA IF NOT EXISTS ${sql.identifier(schemaName)}`);
    await migratePostgres(db, schemaName ?? DEFAULT_MIGRATIONS_SCHEMA);
    return createPgStore(db, () => pool.end());
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * The same Store on PGlite, real Postgres compiled to WASM and running in-process: used by tests
 * and demos that have no server. Without `client` it opens a fresh in-memory database and closes
 * it on close(); with `client` the caller owns (and closes) it, and `schema` keeps several
 * stores apart inside it. PGlite has one connection, so transactions take turns.
 */
export async function openPgliteStore(options: { client?: PGlite; schema?: string } = {}): Promise<Store> {
  // Loaded on demand: PGlite is a dev dependency, and production only ever opens a real server.
  const [{ PGlite: PGliteClass }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const owned = options.client === undefined;
  const client = options.client ?? new PGliteClass();
  try {
    const db = drizzlePglite(client, { schema });
    if (options.schema !== undefined) {
      assertPlainSchemaName(options.schema);
      await db.execute(sql`CREATE SCHEMA IF NOT EXISTS ${sql.identifier(options.schema)}`);
      await db.execute(sql`SET search_path TO ${sql.identifier(options.schema)}`);
    }
    await migratePostgres(db, options.schema ?? DEFAULT_MIGRATIONS_SCHEMA);
    return createPgStore(db, async () => {
      if (owned && !client.closed) await client.close();
    });
  } catch (error) {
    if (owned) await client.close();
    throw error;
  }
}
