/**
 * A throwaway PostgreSQL database for tests that need several server processes on one database
 * (PGlite cannot be shared across processes). Uses TEST_DATABASE_URL, or the local server on
 * 127.0.0.1:5432 when it answers. A whole database (not just a schema) keeps the servers'
 * migrations bookkeeping isolated from every other suite running at the same time.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

const answers = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

export async function resolvePostgresUrl(): Promise<string> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) return configured;
  if (await answers(LOCAL_POSTGRES_URL)) return LOCAL_POSTGRES_URL;
  throw new Error(
    'This test needs a real PostgreSQL server (two app processes cannot share PGlite). ' +
      'Set TEST_DATABASE_URL=postgres://user@host:5432/db, or start one on 127.0.0.1:5432 ' +
      '(apt-get install -y postgresql && pg_ctlcluster 15 main start).',
  );
}

export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const adminUrl = await resolvePostgresUrl();
  const name = `bulkhead_${label}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
