/**
 * The switch to drizzle's own migrator: databases migrated by the earlier hand-written migrator
 * (same bookkeeping table, migrations applied with the "public" qualifier stripped) must start and
 * receive only what they lack; and the migrations stay runnable in any schema.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import { openPgliteStorage, openPostgresStorage } from './postgres-store.ts';

/** What the earlier migrator recorded for 0000_init: the hash of the file as drizzle-kit wrote it. */
const EARLIER_INIT_HASH = 'a492dd9153ec32cf04b328527aa92961ecfbe3ceae4c4cc5fd442223a7a7d114';

interface Raw {
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const url = process.env.TEST_DATABASE_URL;
let pglite: PGlite | undefined;
const schemas: string[] = [];
const raw = async (): Promise<Raw & { end(): Promise<void> }> => {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { query: (text, params) => client.query(text, params), end: () => client.end() };
  }
  pglite ??= new PGlite();
  const client = pglite;
  return { query: (text, params) => client.query(text, params), end: async () => {} };
};
const open = (schema: string) => (url ? openPostgresStorage(url, { schema }) : openPgliteStorage({ client: pglite, schema }));

afterAll(async () => {
  const db = await raw();
  for (const schema of schemas) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.end();
  await pglite?.close();
});

/** A schema left exactly as the earlier migrator left it after applying the first `count` migrations. */
const migratedByEarlierMigrator = async (count: number): Promise<string> => {
  const schema = `earlier_${randomBytes(5).toString('hex')}`;
  schemas.push(schema);
  const db = await raw();
  try {
    await db.query(`CREATE SCHEMA "${schema}"`);
    await db.query(`SET search_path TO "${schema}"`);
    await db.query(`CREATE TABLE "${schema}".__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
    for (const [index, migration] of readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).slice(0, count).entries()) {
      for (const statement of migration.sql) if (statement.trim() !== '') await db.query(statement.replaceAll('"public".', ''));
      const hash = index === 0 ? EARLIER_INIT_HASH : migration.hash;
      await db.query(`INSERT INTO "${schema}".__drizzle_migrations (hash, created_at) VALUES ($1, $2)`, [hash, migration.folderMillis]);
    }
    await db.query('SET search_path TO public');
  } finally {
    await db.end();
  }
  return schema;
};

const appliedIn = async (schema: string): Promise<number[]> => {
  const db = await raw();
  try {
    const { rows } = await db.query<{ created_at: string }>(`SELECT created_at FROM "${schema}".__drizzle_migrations ORDER BY id`);
    return rows.map((row) => Number(row.created_at));
  } finally {
    await db.end();
  }
};

describe('postgres migrations with drizzle’s migrator', () => {
  const all = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.folderMillis);

  it('name no schema, so a store can live in any schema (drizzle-kit writes REFERENCES "public".…)', () => {
    const folder = MIGRATIONS_FOLDER;
    const files = readdirSync(folder).filter((name) => name.endsWith('.sql'));
    expect(files.length).toBe(all.length);
    for (const file of files) expect(readFileSync(join(folder, file), 'utf8')).not.toMatch(/"public"\./);
  });

  it('start a database the earlier migrator left half-way, applying only the missing migrations', async () => {
    expect(all.length).toBeGreaterThan(1);
    const schema = await migratedByEarlierMigrator(1);
    const { repositories, lifecycle } = await open(schema);
    try {
      await repositories.inbox.subscribe({ email: 'kept@example.com', createdAt: new Date(1) });
      expect((await repositories.inbox.listSubscribers({ limit: 5 })).items.map((s) => s.email)).toEqual(['kept@example.com']);
    } finally {
      await lifecycle.close();
    }
    expect(await appliedIn(schema)).toEqual(all);
  });

  it('start a database the earlier migrator brought up to date, applying nothing', async () => {
    const schema = await migratedByEarlierMigrator(all.length);
    const { lifecycle } = await open(schema);
    await lifecycle.ping();
    await lifecycle.close();
    expect(await appliedIn(schema)).toEqual(all);
  });
});
