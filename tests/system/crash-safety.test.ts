/**
 * Crash safety on SQLite (docs/operations.md, "Stopping": a killed server loses no confirmed order and leaves no
 * half-written one). Several customers fire a burst of concurrent orders at the real server; it
 * is SIGKILLed mid-burst (no shutdown code runs, a transaction may be cut anywhere), restarted on
 * the same DATA_DIR, and then, through the API and by opening the SQLite file itself:
 *   - every order the server answered 201 for is there (nothing confirmed is lost);
 *   - stock + all ordered units == the starting stock (no order without its stock decrement, no
 *     decrement without its order), and stock never went below zero;
 *   - every order row is whole, and the file passes integrity and foreign-key checks;
 *   - the restarted server takes orders as usual.
 * Three rounds kill at different moments, on the same file, so recovery is also tested on top of
 * an earlier recovery.
 */
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '#http/dto.ts';
import { getProduct, listAll, placeOrder, signUpCustomer } from '../support/api.ts';
import { seedProductsIntoSqlite, sqliteFileIn } from '../support/products.ts';
import { freshDataDir, startServer, type RunningServer } from '../support/server.ts';

const STOCK = 1_000_000;
const QUANTITY = 100;
const CUSTOMERS = 4;
const BURST = 300;
/** Kill after this many answers: at the very first commit, early in the burst, and deep into it. */
const KILL_AFTER_ANSWERS = [1, 40, 160];

interface Customer {
  email: string;
  token: string;
}

interface OrderRow {
  id: string;
  user_id: string;
  product_id: string | null;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  status: string;
  product_name: string;
  phone: string;
  address: string;
  created_at: number;
}

/** Fires BURST orders round-robin over the customers and SIGKILLs the server after `killAfter` answers. */
async function burstAndKill(server: RunningServer, customers: Customer[], productId: string, killAfter: number) {
  let answered = 0;
  let killed: Promise<unknown> | null = null;
  const confirmed: string[] = [];
  let unanswered = 0;
  const otherStatuses: number[] = [];
  await Promise.all(
    Array.from({ length: BURST }, async (_, index) => {
      try {
        const reply = await placeOrder(server.url, customers[index % customers.length]!.token, productId, QUANTITY);
        answered += 1;
        if (reply.status === 201) confirmed.push(reply.body.id);
        else otherStatuses.push(reply.status);
        if (answered === killAfter) killed = server.kill('SIGKILL');
      } catch {
        unanswered += 1; // the connection died with the server
      }
    }),
  );
  const exit = (await killed) as { code: number | null; signal: string | null } | null;
  return { confirmed, unanswered, otherStatuses, exit };
}

function readDatabase(dataDir: string, productId: string) {
  const db = new Database(sqliteFileIn(dataDir), { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      foreignKeyProblems: db.pragma('foreign_key_check') as unknown[],
      stock: (db.prepare('SELECT stock FROM products WHERE id = ?').get(productId) as { stock: number }).stock,
      // One-line orders: each order row with its line's product columns.
      orders: db
        .prepare(
          `SELECT orders.*, order_lines.product_id, order_lines.product_name, order_lines.quantity, order_lines.unit_price_cents
           FROM orders JOIN order_lines ON order_lines.order_id = orders.id WHERE order_lines.product_id = ?`,
        )
        .all(productId) as OrderRow[],
    };
  } finally {
    db.close();
  }
}

describe('SIGKILL while orders are being placed (SQLite)', () => {
  const dataDir = freshDataDir('bulkhead-crash');
  let server: RunningServer | null = null;
  let productId: string;
  let priceCents: number;
  const customers: Customer[] = [];
  /** Order ids the server confirmed with 201, over all rounds so far. */
  const everConfirmed = new Set<string>();

  beforeAll(async () => {
    const [product] = await seedProductsIntoSqlite(dataDir, [{ name: 'Crash Test Gate Valve', stock: STOCK, priceCents: 875 }]);
    productId = product!.id;
    priceCents = product!.priceCents;
    server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
    for (let index = 0; index < CUSTOMERS; index++) {
      const email = `crash-buyer-${index}-${Date.now()}@bulkhead.test`;
      customers.push({ email, token: await signUpCustomer(server, email) });
    }
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every order of our customers for the product, as the API reports them. */
  const ordersViaApi = async (url: string) => {
    const lists = await Promise.all(customers.map((customer) => listAll<OrderDto>(url, '/api/orders', customer.token)));
    return lists.flat().filter((order) => order.productId === productId);
  };

  /** The invariants, checked through the API and in the file itself. */
  const expectConsistent = async (url: string) => {
    const apiStock = (await getProduct(url, productId)).stock;
    const apiOrders = await ordersViaApi(url);
    const apiUnits = apiOrders.reduce((sum, order) => sum + order.quantity, 0);
    expect(apiStock).toBeGreaterThanOrEqual(0);
    expect(apiStock + apiUnits).toBe(STOCK);

    const file = readDatabase(dataDir, productId);
    expect(file.integrity).toBe('ok');
    expect(file.foreignKeyProblems).toEqual([]);
    expect(file.stock).toBe(apiStock);
    expect(file.orders).toHaveLength(apiOrders.length);
    expect(file.stock + file.orders.reduce((sum, order) => sum + order.quantity, 0)).toBe(STOCK);
    // Whole rows: every column the insert writes is there and agrees with the others.
    for (const order of file.orders) {
      expect(order).toMatchObject({ quantity: QUANTITY, unit_price_cents: priceCents, total_cents: priceCents * QUANTITY, status: 'unpaid' });
      expect(order.product_name).toBe('Crash Test Gate Valve');
      expect(order.phone.length).toBeGreaterThan(0);
      expect(order.address.length).toBeGreaterThan(0);
      expect(order.created_at).toBeGreaterThan(0);
    }
    // Nothing the server confirmed was lost.
    const stored = new Set(file.orders.map((order) => order.id));
    const lost = [...everConfirmed].filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    return { stock: file.stock, orders: file.orders.length };
  };

  for (const [round, killAfter] of KILL_AFTER_ANSWERS.entries()) {
    it(`round ${round + 1}: killed after ${killAfter} answered order(s), it restarts consistent and keeps selling`, async () => {
      const before = await expectConsistent(server!.url);
      const burst = await burstAndKill(server!, customers, productId, killAfter);
      // The kill really came mid-burst, by SIGKILL, and nothing but 201s was answered before it.
      expect(burst.exit).toMatchObject({ signal: 'SIGKILL' });
      expect(burst.unanswered).toBeGreaterThan(0);
      expect(burst.otherStatuses).toEqual([]);
      expect(burst.confirmed.length).toBeGreaterThanOrEqual(killAfter);
      for (const id of burst.confirmed) everConfirmed.add(id);

      server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
      const after = await expectConsistent(server.url);
      const committed = after.orders - before.orders;
      // Committed = confirmed + those whose answer the kill swallowed; never more than were sent.
      expect(committed).toBeGreaterThanOrEqual(burst.confirmed.length);
      expect(committed).toBeLessThanOrEqual(BURST);
      console.info(
        `crash round ${round + 1}: SIGKILL after ${killAfter} answers; ${burst.confirmed.length} confirmed, ` +
          `${burst.unanswered} cut off; after restart ${committed} new orders stored ` +
          `(${committed - burst.confirmed.length} committed but unanswered), stock ${after.stock}`,
      );

      // The restarted server takes orders as usual, and the books still balance.
      const fresh = await placeOrder(server.url, customers[round % CUSTOMERS]!.token, productId, QUANTITY);
      expect(fresh.status).toBe(201);
      everConfirmed.add(fresh.body.id);
      expect((await getProduct(server.url, productId)).stock).toBe(after.stock - QUANTITY);
      await expectConsistent(server.url);
    });
  }
});
