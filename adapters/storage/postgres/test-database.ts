import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Store } from '#domain/store.ts';
import { openPgliteStore, openPostgresStore } from './postgres-store.ts';

export interface TestStore {
  store: Store;
  cleanup: () => Promise<void>;
}

/**
 * Opens a Postgres-backed Store for one test in a freshly created schema with a random name,
 * dropped again by cleanup(); tests share the server with other suites, so nothing else is
 * ever truncated or dropped. Uses the server at TEST_DATABASE_URL when set, otherwise one PGlite
 * per test file (never skipped).
 */
export function postgresTestDatabase(): { kind: string; open: () => Promise<TestStore>; dispose: () => Promise<void> } {
  const url = process.env.TEST_DATABASE_URL;
  const randomSchema = () => `test_${randomBytes(6).toString('hex')}`;

  if (url) {
    return {
      kind: `Postgres server (${new URL(url).host})`,
      async open() {
        const schema = randomSchema();
        const store = await openPostgresStore(url, { schema });
        return {
          store,
          cleanup: async () => {
            await store.close();
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
      const store = await openPgliteStore({ client: owner, schema });
      return {
        store,
        cleanup: async () => {
          await store.close();
          await owner.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        },
      };
    },
    dispose: async () => {
      await client?.close();
    },
  };
}
