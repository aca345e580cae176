/**
 * The real server on SQLite when its disk or its lock fails it (docs/operations.md, "When something fails"):
 *   - a full disk (the data directory on a small tmpfs, filled to the last byte): writes answer 503
 *     "storage is full" (never 500), health says so, reads go on; once space returns writes work
 *     again and health comes back by itself, and the file passes `PRAGMA integrity_check`; a card
 *     payment whose confirmation met the full disk is recorded once when the order is next read;
 *   - another process holding the write lock: reads and health keep answering at once while a
 *     write waits; the write goes through when the lock is let go, or answers 503 once it has
 *     waited five seconds.
 * Mounting a tmpfs needs root, as installing nginx and Chromium does (`npm test` runs as root in CI).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import { signUpCustomer } from '../support/api.ts';
import { eventually } from '../support/eventually.ts';
import { seedProductsIntoSqlite, sqliteFileIn } from '../support/products.ts';
import { freshDataDir, startServer, type RunningServer } from '../support/server.ts';

/** Seeded before the first start, so the shop is not filled with the demo catalogue. */
const BOLTS = { name: 'Hex bolt M8', stock: 1_000_000, priceCents: 12 };


const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
const putCart = (server: RunningServer, token: string, productId: string, quantity: number) =>
  fetch(`${server.url}/api/cart`, { method: 'PUT', headers: json(token), body: JSON.stringify({ lines: [{ productId, quantity }] }) });
const healthOf = async (server: RunningServer) => {
  const response = await fetch(`${server.url}/api/health`);
  return { status: response.status, body: (await response.json()) as { status: string; reason?: string } };
};

describe('SQLite on a disk that fills up', () => {
  let mount: string;
  let server: RunningServer;
  let token: string;
  let productId: string;
  const ballast = () => join(mount, 'ballast');

  beforeAll(async () => {
    mount = mkdtempSync(join(tmpdir(), 'bulkhead-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mount]);
    } catch (error) {
      throw new Error(`This test mounts a 24 MB tmpfs and needs root to do it: ${String(error)}`);
    }
    const dataDir = join(mount, 'data');
    mkdirSync(dataDir);
    productId = (await seedProductsIntoSqlite(dataDir, [BOLTS]))[0]!.id;
    server = await startServer({ dataDir });
    token = await signUpCustomer(server, 'full-disk@example.com');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    try {
      execFileSync('umount', [mount]);
    } finally {
      rmSync(mount, { recursive: true, force: true });
    }
  });

  it('answers 503 while full, reports it on health, and recovers by itself once space returns', async () => {
    expect((await putCart(server, token, productId, 100)).status).toBe(200);
    // A buyer's card goes through just before the disk fills; the shop has not recorded it yet.
    const post = (path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: json(token), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const order = (await (await post('/api/orders', { productId, quantity: 100, phone: '+1 555 0100', address: '1 Dock Road' })).json()) as { id: string };
    const { clientSecret } = (await (await post(`/api/orders/${order.id}/payment-intent`)).json()) as { clientSecret: string };
    const chargedReply = await post('/api/payments/test/confirm', { clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }, billing: { name: 'Bulk Buyer', email: 'full-disk@example.com' } });
    const charged = (await chargedReply.json()) as { paymentIntentId: string };
    expect(chargedReply.status, JSON.stringify(charged)).toBe(200);

    // Every byte left taken by a file of ours.
    const fd = openSync(ballast(), 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) writeSync(fd, chunk);
    } catch {
      // ENOSPC: the disk is full
    } finally {
      closeSync(fd);
    }

    // Writes fail once SQLite needs a page it cannot have; each is a 503, never a 500.
    const refusals: Response[] = [];
    for (let quantity = 200; refusals.length < 3 && quantity < 200 + 100 * 400; quantity += 100) {
      const answer = await putCart(server, token, productId, quantity);
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) refusals.push(answer);
    }
    expect(refusals).toHaveLength(3);
    // The confirmation cannot be written either: 503, and the order is not lost or doubled.
    const confirm = () => post(`/api/orders/${order.id}/payment/confirm`, { paymentIntentId: charged.paymentIntentId });
    expect((await confirm()).status).toBe(503);
    for (const refused of refusals) {
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(messages.storageUnavailable.full);
    }
    expect(await healthOf(server)).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'full' } });
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/products/${productId}`)).status).toBe(200);

    rmSync(ballast());
    expect((await putCart(server, token, productId, 500)).status).toBe(200);
    await eventually(async () => (await healthOf(server)).status === 200, 'health ok again');
    const cart = (await (await fetch(`${server.url}/api/cart`, { headers: json(token) })).json()) as { lines: { quantity: number }[] };
    expect(cart.lines.map((line) => line.quantity)).toEqual([500]);
    // Reading the order asks the provider and records the payment once; confirming again changes nothing.
    const read = (await (await fetch(`${server.url}/api/orders/${order.id}`, { headers: json(token) })).json()) as { status: string; transactionId: string };
    expect(read).toMatchObject({ status: 'pending', transactionId: charged.paymentIntentId });
    const again = await confirm();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { transactionId: string }).transactionId).toBe(charged.paymentIntentId);
    expect((await post(`/api/orders/${order.id}/payment-intent`)).status).toBe(409);

    const outage = server.stdout().split('\n').filter((line) => line.includes('"the database cannot serve requests"'));
    expect(outage).toHaveLength(1);
    expect(outage[0]).toContain('SQLITE_FULL');
    expect(server.stdout()).not.toContain('"INTERNAL_ERROR"');

    await server.stop();
    const file = new Database(sqliteFileIn(join(mount, 'data')), { readonly: true });
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      file.close();
    }
  });
});

describe('SQLite with its write lock held by another process', () => {
  let server: RunningServer;
  let token: string;
  let productId: string;
  let outside: Database.Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = freshDataDir();
    productId = (await seedProductsIntoSqlite(dataDir, [BOLTS]))[0]!.id;
    server = await startServer({ dataDir });
    token = await signUpCustomer(server, 'held-lock@example.com');
    outside = new Database(sqliteFileIn(dataDir));
  }, 120_000);

  afterAll(async () => {
    if (outside?.inTransaction) outside.exec('ROLLBACK');
    outside?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps answering reads and health while a write waits, and makes the write once the lock is free', async () => {
    outside.exec('BEGIN IMMEDIATE');
    outside.exec("UPDATE products SET name = name WHERE id = 'none'");
    let written: number | null = null;
    const write = putCart(server, token, productId, 300).then((answer) => (written = answer.status));
    // While it waits, every read answers, each a search the catalogue cache has not seen.
    for (let read = 0; read < 20; read++) {
      const started = performance.now();
      expect((await fetch(`${server.url}/api/products?limit=5&q=bolt${read}`)).status).toBe(200);
      expect((await healthOf(server)).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    expect(written).toBeNull();
    outside.exec('COMMIT');
    await write;
    expect(written).toBe(200);
  });

  it('answers 503 to a write that waited five seconds for the lock', async () => {
    outside.exec('BEGIN IMMEDIATE');
    outside.exec("UPDATE products SET name = name WHERE id = 'none'");
    try {
      const started = performance.now();
      const answer = await putCart(server, token, productId, 400);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(messages.storageUnavailable.busy);
      expect(performance.now() - started).toBeGreaterThanOrEqual(4_500);
    } finally {
      outside.exec('ROLLBACK');
    }
    expect((await putCart(server, token, productId, 500)).status).toBe(200);
  });
});
