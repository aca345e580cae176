import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '../store.contract.ts';
import { openPgliteStorage, openPostgresStorage } from './postgres-store.ts';
import { postgresTestDatabase } from './test-database.ts';

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
});
