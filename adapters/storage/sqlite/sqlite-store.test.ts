import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '../store.contract.ts';
import { openSqliteStorage } from './sqlite-store.ts';
import { created } from '../product-fixture.ts';
import { unpaidOrderOf } from '../order-fixture.ts';
import { expectRefundRacesHold } from '../refund-race.ts';

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

  it('refreshes the planner statistics of the products after a catalogue import', async () => {
    const file = join(dir, 'import-stats.db');
    const storage = openSqliteStorage(file);
    const record = (n: number) => ({ id: `p-${n}`, name: `Part ${n}`, description: 'Zinc plated', priceCents: 10, stock: 100, imageUrl: '', createdAt: new Date(1), sku: `STAT-${n}` });
    expect(await storage.repositories.products.importAll({ creates: Array.from({ length: 500 }, (_, n) => record(n)), updates: [] }, new Date(1))).toBe('ok');
    await storage.lifecycle.close();
    const db = new Database(file, { readonly: true });
    try {
      // sqlite_stat1 holds "rows per index" for the products table once ANALYZE ran on it.
      const stats = db.prepare("SELECT stat FROM sqlite_stat1 WHERE tbl = 'products'").all() as { stat: string }[];
      expect(stats.length).toBeGreaterThan(0);
      expect(stats.some(({ stat }) => stat.startsWith('500 '))).toBe(true);
    } finally {
      db.close();
    }
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

describe('sqlite store: orders paid before invoices existed', () => {
  it('gives such an order the next invoice number of the year it was paid in, once, however many ask at once', async () => {
    const file = join(dir, 'legacy-invoices.db');
    const storage = openSqliteStorage(file);
    const { orders, products } = storage.repositories;
    const product = await created(products.create({ id: 'legacy', name: 'Part', description: '', imageUrl: '', priceCents: 100, stock: 1_000, createdAt: new Date(1) }));
    const paidAt = new Date('2034-02-01T10:00:00Z');
    const placed = [];
    for (let i = 0; i < 2; i += 1) {
      const order = unpaidOrderOf(product);
      const result = await orders.placeReservingStock(order);
      if (!result.ok) throw new Error('test arrangement failed: could not place an order');
      placed.push(result.value);
    }
    await orders.markPaid(placed[0]!.id, 'pi_old', paidAt);
    // As a row written before the papers migration looks: paid, no number; then one paid since.
    const raw = new Database(file);
    raw.prepare('update orders set invoice_number = null').run();
    raw.prepare("delete from number_sequences where kind = 'invoice'").run();
    raw.close();
    expect((await orders.markPaid(placed[1]!.id, 'pi_new', paidAt))?.invoiceNumber).toBe('INV-2034-000001');

    const issued = await Promise.all([orders.issueInvoiceNumber(placed[0]!.id), orders.issueInvoiceNumber(placed[0]!.id)]);
    expect(issued.map((order) => order?.invoiceNumber)).toEqual(['INV-2034-000002', 'INV-2034-000002']);
    expect((await orders.findById(placed[0]!.id))?.invoiceNumber).toBe('INV-2034-000002');
    await storage.lifecycle.close();
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

  it('never refunds more than was paid or ordered when two processes refund one order at once on one file', async () => {
    const file = join(dir, 'refund-race.db');
    const storage = openSqliteStorage(file);
    await expectRefundRacesHold(storage, file);
    await storage.lifecycle.close();
  }, 60_000);
});
