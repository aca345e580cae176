import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Resolved from this file, so the app finds its migrations whatever the working directory. */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/postgres', import.meta.url));

/**
 * drizzle-kit writes foreign keys as REFERENCES "public"."table"; we drop that qualifier so the
 * tables land in, and point into, whatever schema the connection's search_path selects.
 */
const unqualified = (statement: string): string => statement.replaceAll('"public".', '');

/**
 * Applies pending migrations, bookkeeping them in drizzle's own table layout
 * (`<migrationsSchema>.__drizzle_migrations`), so drizzle's migrator would see the same state.
 * We run them ourselves only to strip the "public" qualifier above; an advisory lock lets
 * several app processes start at once without applying a migration twice.
 */
export async function migratePostgres(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  migrationsSchema: string,
): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const table = sql`${sql.identifier(migrationsSchema)}.${sql.identifier('__drizzle_migrations')}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bulkhead-migrate:${migrationsSchema}`}))`);
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS ${sql.identifier(migrationsSchema)}`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS ${table} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    // Both node-postgres and PGlite answer with { rows }; the generic database type cannot say so.
    const applied = (await tx.execute(sql`SELECT created_at FROM ${table} ORDER BY created_at DESC LIMIT 1`)) as {
      rows: { created_at: string | number }[];
    };
    const last = applied.rows[0] ? Number(applied.rows[0].created_at) : -1;
    for (const migration of migrations) {
      if (migration.folderMillis <= last) continue;
      for (const statement of migration.sql) {
        if (statement.trim() !== '') await tx.execute(sql.raw(unqualified(statement)));
      }
      await tx.execute(sql`INSERT INTO ${table} (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`);
    }
  });
}
