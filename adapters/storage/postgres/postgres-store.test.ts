import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '../store.contract.ts';
import { openPgliteStorage, openPostgresStorage } from './postgres-store.ts';
import { postgresTestDatabase } from './test-database.ts';
import { expectRefundRacesHold } from '../refund-race.ts';

const database = postgresTestDatabase();
console.info(`Postgres store contract runs against: ${database.kind}`);
afterAll(() => database.dispose());

describeStoreContract(database.kind, database.open);

describe('postgres store', () => {
  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(openPostgresStorage('postgres://127.0.0.1:1/none', { schema: 'x; drop table users' })).rejects.toThrow(
      /Invalid Postgres schema name/,
    );
  });

  // PGlite is PostgreSQL compiled to WebAssembly: every migration runs interpreted, which takes
  // half a minute when the other test projects share the two cores.
  it('opens a standalone PGlite store and closes it', { timeout: 120_000 }, async () => {
    const { lifecycle } = await openPgliteStorage();
    await lifecycle.ping();
    await lifecycle.close();
    await expect(lifecycle.ping()).rejects.toThrow();
  });

  // Two OS processes, each with its own pool, need a server both can reach: PGlite lives inside one process.
  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)('never refunds more than was paid or ordered when two processes refund one order at once (needs TEST_DATABASE_URL: PGlite is one process)', { timeout: 120_000 }, async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const storage = await openPostgresStorage(url!, { schema });
    try {
      await expectRefundRacesHold(storage, url!, schema);
    } finally {
      await storage.lifecycle.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  });
});
