import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '../store.contract.ts';
import { openSqliteStore } from './sqlite-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'bulkhead-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileNumber = 0;
describeStoreContract('sqlite file', async () => {
  const store = openSqliteStore(join(dir, `store-${++fileNumber}.db`));
  return { store, cleanup: () => store.close() };
});

describe('sqlite store', () => {
  it('works in memory', async () => {
    const store = openSqliteStore(':memory:');
    await store.ping();
    expect(await store.products.count()).toBe(0);
    await store.close();
  });

  it('keeps its data when reopened, and migrating twice is harmless', async () => {
    const file = join(dir, 'reopen.db');
    const first = openSqliteStore(file);
    await first.inbox.subscribe({ email: 'keep@example.com', createdAt: new Date(1) });
    await first.close();
    const second = openSqliteStore(file);
    expect((await second.inbox.listSubscribers({ limit: 100 })).items).toEqual([{ email: 'keep@example.com', createdAt: new Date(1) }]);
    await second.close();
  });
});

describe('sqlite store across processes', () => {
  it('never oversells when four processes race for the same stock on one file', async () => {
    const file = join(dir, 'race.db');
    const setup = openSqliteStore(file);
    const product = await setup.products.create({
      id: 'race', name: 'Race part', description: '', imageUrl: '', priceCents: 100, stock: 5_000, createdAt: new Date(1),
    });
    const script = fileURLToPath(new URL('./place-orders-process.ts', import.meta.url));
    const startAt = String(Date.now() + 4_000);
    const runs = Array.from({ length: 4 }, () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', script, file, product.id, '50', startAt]),
    );
    const placed = (await Promise.all(runs)).map(({ stdout }) => (JSON.parse(stdout) as { placed: number }).placed);

    expect(placed.reduce((sum, n) => sum + n, 0)).toBe(50);
    expect((await setup.products.findById(product.id))?.stock).toBe(0);
    expect(await setup.orders.listAll()).toHaveLength(50);
    await setup.close();
  }, 60_000);
});
