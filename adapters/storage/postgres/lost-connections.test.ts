/**
 * PostgreSQL closing the shop's connections (a restart, a failover, pg_terminate_backend): the
 * process survives, the failed query is named 'unreachable' (503 at the edge), the pool and the
 * catalogue listener connect again by themselves, and the catalogue cache starts afresh because
 * announcements may have been missed (docs/operations.md, "When something fails"). A real server: PGlite
 * has no connections to lose.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tests/support/eventually.ts';
import { resolvePostgresUrl } from '../../../tests/support/postgres.ts';
import type { Storage } from '../storage.ts';
import { openPostgresStorage } from './postgres-store.ts';
import { survivesLostConnections } from './resilient-pool.ts';


describe('PostgreSQL closing the connections of a running shop', () => {
  let url: string;
  let admin: pg.Client;
  let storage: Storage;
  const schema = `test_lost_${randomBytes(5).toString('hex')}`;

  const instanceName = `bulkhead:${schema}`;

  /** Ends every connection of this store (pool and listener) from the server's side. */
  const terminateOurs = async (): Promise<number> => {
    const { rows } = await admin.query<{ gone: boolean }>(
      'select pg_terminate_backend(pid) as gone from pg_stat_activity where application_name in ($1, $2)',
      [instanceName, `bulkhead-catalogue:${schema}`],
    );
    return rows.filter((row) => row.gone).length;
  };

  beforeAll(async () => {
    url = await resolvePostgresUrl();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    storage = await openPostgresStorage(url, { schema, instanceName });
  });
  afterAll(async () => {
    await storage?.lifecycle.close();
    await admin?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin?.end();
  });

  it('survives idle connections closed under it and serves again without a restart', async () => {
    // Several pooled connections, all idle afterwards.
    await Promise.all(Array.from({ length: 4 }, () => storage.repositories.products.count()));
    const versionBefore = storage.catalogVersion?.();
    expect(versionBefore).not.toBeNull();
    expect(await terminateOurs()).toBeGreaterThanOrEqual(2);

    // The process is still here (an unheard 'error' event would have ended it) and the store
    // answers again: the pool drops the dead connections and opens new ones.
    await eventually(async () => {
      try {
        await storage.repositories.products.count();
        return true;
      } catch (error) {
        expect(storage.lifecycle.failureOf(error)).toBe('unreachable');
        return false;
      }
    }, 'the store answers again');
    await storage.lifecycle.ping();
    // The listener reconnected: the cache's version moved to a new epoch, so pages kept before the
    // loss are dropped, and it is not null (caching) again.
    await eventually(() => {
      const now = storage.catalogVersion?.();
      return now !== null && now !== undefined && now !== versionBefore;
    }, 'the catalogue listener listens again');
  });

  it('survives a connection closed in the middle of a transaction, and names the failure', async () => {
    const pool = new pg.Pool({ connectionString: url, application_name: `${instanceName}-tx`, options: `-c search_path=${schema}` });
    survivesLostConnections(pool);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('select count(*) from products');
      // Checked out, between two statements of a transaction: the client, not the pool, hears this.
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`${instanceName}-tx`]);
      await eventually(async () => {
        const { rows } = await admin.query(`select count(*)::int as n from pg_stat_activity where application_name = $1`, [`${instanceName}-tx`]);
        return rows[0].n === 0;
      }, 'the backend is gone');
      const failure = await client.query('select 1').then(
        () => null,
        (error: unknown) => storage.lifecycle.failureOf(error),
      );
      expect(failure).toBe('unreachable');
    } finally {
      client.release();
    }
    // The broken client is dropped once the pool sees it broken (released after its socket closed,
    // or failing the next query it is handed, which is named 'unreachable' too): then it serves
    // with a fresh one.
    await eventually(async () => {
      try {
        return (await pool.query('select 1 as one')).rows[0].one === 1;
      } catch (error) {
        expect(storage.lifecycle.failureOf(error)).toBe('unreachable');
        return false;
      }
    }, 'the pool serves again');
    await pool.end();
  });

  it('names a database it cannot reach at all', async () => {
    const refused = await openPostgresStorage('postgres://postgres@127.0.0.1:1/none').then(
      () => null,
      (error: unknown) => error,
    );
    expect(storage.lifecycle.failureOf(refused)).toBe('unreachable');
  });
});
