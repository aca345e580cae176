import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Storage } from '../storage.ts';
import { migratePglite, migrateServer } from './migrate.ts';
import { createPgStorage } from './pg-storage.ts';
import { listenForCatalogueChanges } from './catalogue-listener.ts';
import { fillMissingSearchWords } from './products.ts';
import * as schema from './schema.ts';
import { RESILIENT_POOL, survivesLostConnections } from './resilient-pool.ts';

/** Schema names end up in connection options and DDL, so only plain identifiers are accepted. */
const assertPlainSchemaName = (name: string): void => {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`Invalid Postgres schema name "${name}": use letters, digits and underscores`);
  }
};

/**
 * The storage on a Postgres server (node-postgres Pool). With `schema`, the schema is created if
 * missing and every pooled connection starts with that search_path (a startup option, so there
 * is no window in which a fresh connection still points at "public"); drizzle's migrations table
 * lives in the same schema. Runs pending migrations before returning, then listens for the
 * catalogue changes of every instance on the database, so catalogue pages can be cached.
 */
export async function openPostgresStorage(url: string, options: { schema?: string; instanceName?: string } = {}): Promise<Storage> {
  const { schema: schemaName } = options;
  if (schemaName !== undefined) assertPlainSchemaName(schemaName);
  // The pool's application_name, unique per instance: the catalogue notifications carry it, so
  // each instance skips its own (a test names it to find its connections in pg_stat_activity).
  const instanceName = options.instanceName ?? `bulkhead:${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({
    connectionString: url,
    application_name: instanceName,
    ...(schemaName !== undefined ? { options: `-c search_path=${schemaName}` } : {}),
    ...RESILIENT_POOL,
  });
  survivesLostConnections(pool);
  try {
    await migrateServer(pool, schemaName);
    const db = drizzleNodePg(pool, { schema });
    await fillMissingSearchWords(db);
    // The catalogue triggers name the schema they ran in: the one the pool's connections use.
    const { rows } = await pool.query<{ schema: string }>('select current_schema() as schema');
    const listener = await listenForCatalogueChanges(url, rows[0]!.schema, instanceName);
    return createPgStorage(
      db,
      async () => {
        await listener.close();
        await pool.end();
      },
      listener,
    );
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * The same storage on PGlite, real Postgres compiled to WASM and running in-process: used by tests
 * and demos that have no server. Without `client` it opens a fresh in-memory database and closes
 * it on close(); with `client` the caller owns (and closes) it, and `schema` keeps several
 * stores apart inside it. PGlite has one connection, so transactions take turns.
 */
export async function openPgliteStorage(options: { client?: PGlite; schema?: string } = {}): Promise<Storage> {
  // Loaded on demand: PGlite is a dev dependency, and production only ever opens a real server.
  const [{ PGlite: PGliteClass }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  if (options.schema !== undefined) assertPlainSchemaName(options.schema);
  const owned = options.client === undefined;
  const client = options.client ?? new PGliteClass();
  try {
    await migratePglite(client, options.schema);
    const db = drizzlePglite(client, { schema });
    await fillMissingSearchWords(db);
    return createPgStorage(db, async () => {
      if (owned && !client.closed) await client.close();
    });
  } catch (error) {
    if (owned) await client.close();
    throw error;
  }
}
