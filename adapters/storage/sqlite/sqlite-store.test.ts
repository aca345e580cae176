import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '../store.contract.ts';
import { openSqliteStorage } from './sqlite-store.ts';
import { created } from '../product-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'bulkhead-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileNumber = 0;
describeStoreContract('sqlite file', async () => {
  const storage = openSqliteStorage(join(dir, `store-${++fileNumber}.db`));
  return { storage, cleanup: () => storage.lifecycle.close() };
});

describe('sqlite store', () => {
  it('works in memory', async () => {
    const { repositories, lifecycle } = openSqliteStorage(':memory:');
    await lifecycle.ping();
    expect(await repositories.products.count()).toBe(0);
    await lifecycle.close();
  });

  it('keeps its data when reopened, and migrating twice is harmless', async () => {
    const file = join(dir, 'reopen.db');
    const first = openSqliteStorage(file);
    await first.repositories.inbox.subscribe({ email: 'keep@example.com', createdAt: new Date(1) });
    await first.lifecycle.close();
    const second = openSqliteStorage(file);
    expect((await second.repositories.inbox.listSubscribers({ limit: 100 })).items).toEqual([{ email: 'keep@example.com', createdAt: new Date(1) }]);
    await second.lifecycle.close();
  });
});

describe('sqlite store across processes', () => {
  it('never oversells when four processes race for the same stock on one file', async () => {
    const file = join(dir, 'race.db');
    const setup = openSqliteStorage(file);
    const product = await created(setup.repositories.products.create({
      id: 'race', name: 'Race part', description: '', imageUrl: '', priceCents: 100, stock: 5_000, createdAt: new Date(1),
    }));
    const script = fileURLToPath(new URL('./place-orders-process.ts', import.meta.url));
    const startAt = String(Date.now() + 4_000);
    const runs = Array.from({ length: 4 }, () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', script, file, product.id, '50', startAt]),
    );
    const placed = (await Promise.all(runs)).map(({ stdout }) => (JSON.parse(stdout) as { placed: number }).placed);

    expect(placed.reduce((sum, n) => sum + n, 0)).toBe(50);
    expect((await setup.repositories.products.findById(product.id))?.stock).toBe(0);
    expect(await setup.repositories.orders.count({})).toBe(50);
    await setup.lifecycle.close();
  }, 60_000);
});
