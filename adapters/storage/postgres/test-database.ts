import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Storage } from '../storage.ts';
import { openPgliteStorage, openPostgresStorage } from './postgres-store.ts';

export interface TestStorage {
  storage: Storage;
  cleanup: () => Promise<void>;
}

/**
 * Opens Postgres-backed storage for one test in a freshly created schema with a random name,
 * dropped again by cleanup(); tests share the server with other suites, so nothing else is
 * ever truncated or dropped. Uses the server at TEST_DATABASE_URL when set, otherwise one PGlite
 * per test file (never skipped).
 */
export function postgresTestDatabase(): { kind: string; open: () => Promise<TestStorage>; dispose: () => Promise<void> } {
  const url = process.env.TEST_DATABASE_URL;
  const randomSchema = () => `test_${randomBytes(6).toString('hex')}`;

  if (url) {
    return {
      kind: `Postgres server (${new URL(url).host})`,
      async open() {
        const schema = randomSchema();
        const storage = await openPostgresStorage(url, { schema });
        return {
          storage,
          cleanup: async () => {
            await storage.lifecycle.close();
            const admin = new pg.Client({ connectionString: url });
            await admin.connect();
            try {
              await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
            } finally {
              await admin.end();
            }
          },
        };
      },
      dispose: async () => {},
    };
  }

  let client: PGlite | undefined;
  return {
    kind: 'PGlite (in-process; set TEST_DATABASE_URL to use a server)',
    async open() {
      client ??= new PGlite();
      const owner = client;
      const schema = randomSchema();
      const storage = await openPgliteStorage({ client: owner, schema });
      return {
        storage,
        cleanup: async () => {
          await storage.lifecycle.close();
          await owner.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        },
      };
    },
    dispose: async () => {
      await client?.close();
    },
  };
}
