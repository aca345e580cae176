/**
 * Graceful shutdown of the real process: SIGTERM while requests are in flight. Every request the
 * server had accepted completes with its 2xx, the process exits 0 within its grace period, new
 * connections are refused, and the database is closed properly: no -wal file is left to recover
 * and the file opens clean with every row the answered requests wrote.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { call, placeOrder, signUpCustomer } from '../support/api.ts';
import { seedProductsIntoSqlite, sqliteFileIn } from '../support/products.ts';
import { freshDataDir, startServer, type RunningServer } from '../support/server.ts';

/** Sign-ups hash a password with scrypt (tens of ms each): slow enough to still be running at SIGTERM. */
const SIGN_UPS = 8;
const ORDERS = 40;

describe('SIGTERM with requests in flight (SQLite)', () => {
  const dataDir = freshDataDir('bulkhead-shutdown');
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes them all, closes the database and exits 0', async () => {
    const [product] = await seedProductsIntoSqlite(dataDir, [{ name: 'Shutdown Test Elbow', stock: 100_000, priceCents: 300 }]);
    server = await startServer({ dataDir, env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' } });
    const running = server;
    const buyer = await signUpCustomer(running, `shutdown-buyer-${Date.now()}@bulkhead.test`);

    let answeredCount = 0;
    let firstSignUp!: () => void;
    const signUpAnswered = new Promise<void>((resolve) => (firstSignUp = resolve));
    const track = async <T extends { status: number }>(request: Promise<T>, isSignUp: boolean): Promise<T> => {
      const reply = await request;
      answeredCount += 1;
      if (isSignUp) firstSignUp();
      return reply;
    };
    const emails = Array.from({ length: SIGN_UPS }, (_, index) => `late-${index}-${Date.now()}@bulkhead.test`);
    const signUps = emails.map((email) =>
      track(call(running.url, 'POST', '/api/auth/sign-up', { body: { name: 'Late Buyer', email, password: 'late-password-1' } }), true),
    );
    const orders = Array.from({ length: ORDERS }, () => track(placeOrder(running.url, buyer, product!.id, 100), false));

    // A sign-up waits for a scrypt hash on the four-thread pool: when the first one is answered,
    // every request above has long been read by the server, and most sign-ups are still hashing.
    await signUpAnswered;
    const answeredBeforeSignal = answeredCount;
    const signalled = performance.now();
    const exit = running.kill('SIGTERM');
    const replies = await Promise.all([...signUps, ...orders]);

    expect(answeredBeforeSignal).toBeLessThan(SIGN_UPS + ORDERS);
    expect(replies.map((reply) => reply.status)).toEqual([...signUps.map(() => 201), ...orders.map(() => 201)]);
    expect(await exit).toEqual({ code: 0, signal: null });
    console.info(
      `shutdown: SIGTERM with ${SIGN_UPS + ORDERS - answeredBeforeSignal} of ${SIGN_UPS + ORDERS} requests in flight; ` +
        `all answered 201; exit 0 after ${Math.round(performance.now() - signalled)} ms`,
    );
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();

    const log = running.stdout();
    expect(log).toContain('SIGTERM received: finishing in-flight requests and closing the store');
    expect(log).toContain('stopped cleanly');

    // better-sqlite3's close() checkpointed the WAL and removed it: nothing to recover.
    const file = sqliteFileIn(dataDir);
    const wal = `${file}-wal`;
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    const db = new Database(file, { fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const users = db.prepare(`SELECT COUNT(*) AS n FROM users WHERE email LIKE 'late-%'`).get() as { n: number };
      expect(users.n).toBe(SIGN_UPS);
      const stored = db.prepare('SELECT COUNT(*) AS n, stock FROM order_lines JOIN products ON products.id = order_lines.product_id').get() as {
        n: number;
        stock: number;
      };
      expect(stored.n).toBe(ORDERS);
      expect(stored.stock).toBe(100_000 - ORDERS * 100);
    } finally {
      db.close();
    }
    server = null;
  });
});
