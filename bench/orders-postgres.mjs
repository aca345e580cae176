// Three-line orders on PostgreSQL (`npm run bench -- --orders-pg`): the real server against
// bare-order-pg-server.mjs on the same fresh database, as orders.mjs does on SQLite: three
// products with endless stock, 20,000 verified buyers each placing the same order in turn, five
// interleaved rounds at 10 connections with the median printed; the goal is the real server at
// half the bare handler's orders/s or more. Afterwards every unit either server took must be in a
// stored order line.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createScratchDatabase } from '../tests/support/postgres.ts';
import { seedProductsIntoPostgres } from '../tests/support/products.ts';
import { TEST_JWT_SECRET, freePort, freshDataDir, startServer } from '../tests/support/server.ts';
import { DEFAULT_MAX_UNPAID_ORDERS } from '#domain/ordering/order.ts';
import { cpuUs, measure } from './measure.mjs';
import { compareInRounds, ORDER_BENCH_PRODUCTS, orderBody, signedTokensFile } from './orders.mjs';

const CONNECTIONS = [10];
const SERVER_ENV = { SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production', MAX_UNPAID_ORDERS_PER_ACCOUNT: String(DEFAULT_MAX_UNPAID_ORDERS) };
const BUYERS = 20_000;
const STOCK = 1_000_000_000;

async function startBarePgOrderServer(url) {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-order-pg-server.mjs', import.meta.url)), url, String(port), TEST_JWT_SECRET], { stdio: 'ignore', detached: true });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${base}/api/health`).then((reply) => reply.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: base, pid: child.pid, stop: () => process.kill(-child.pid, 'SIGTERM') };
}

/** `count` verified buyers, inserted 1,000 a statement; their ids. */
async function seedBuyers(client, count) {
  const ids = Array.from({ length: count }, () => randomUUID());
  const now = new Date();
  for (let from = 0; from < count; from += 1000) {
    const chunk = ids.slice(from, from + 1000);
    await client.query(
      "INSERT INTO users (id, email, name, role, email_verified, password_hash, session_version, created_at) SELECT id, 'bench-buyer-' || n || '@bulkhead.test', 'Bench Buyer ' || n, 'customer', true, 'not-a-password', 0, $3 FROM unnest($1::text[], $2::int[]) AS u(id, n)",
      [chunk, chunk.map((_, k) => from + k + 1), now],
    );
  }
  return ids;
}

export async function runOrdersBenchPostgres({ seconds, rounds, progress }) {
  const database = await createScratchDatabase('orders_bench');
  const dataDir = freshDataDir('bulkhead-orders-pg-bench');
  const productIds = (await seedProductsIntoPostgres(database.url, ORDER_BENCH_PRODUCTS)).map((product) => product.id);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const lines = [];
  const verdicts = [];
  let server;
  let bare;
  try {
    const tokensFile = await signedTokensFile(await seedBuyers(client, BUYERS), dataDir);
    server = await startServer({ env: { DATABASE_URL: database.url, ...SERVER_ENV }, discardOutput: true });
    bare = await startBarePgOrderServer(database.url);
    const request = { paths: ['/api/orders'], method: 'POST', headers: { 'content-type': 'application/json' }, tokensFile, body: orderBody(productIds) };
    let ordered = 0;
    const unsent = async () => Number((await client.query('SELECT count(*) AS count FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL')).rows[0].count);
    const run = async (target, connections, duration) => {
      const result = await measure(target.pid, { url: target.url, ...request, tokenStart: ordered, connections, duration });
      ordered += result.requests;
      if (target !== server) return result;
      // The confirmations still queued are sent before the bare handler's turn (their CPU counts in ours).
      const before = cpuUs(server.pid);
      for (let waited = 0; (await unsent()) > 0 && waited < 60_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      return { ...result, cpuUsPerRequest: result.cpuUsPerRequest + (cpuUs(server.pid) - before) / result.requests };
    };
    await compareInRounds({ run, server, bare, seconds, rounds, progress, lines, verdicts, connectionCounts: CONNECTIONS, what: 'PostgreSQL: POST /api/orders with 3 lines' });
    // Counted once both servers have stopped: an order still in flight at a run's end lands after it.
    bare.stop();
    bare = null;
    await server.stop();
    server = null;
    const accounted = [];
    for (const id of productIds) {
      const { rows } = await client.query(
        'SELECT p.stock + coalesce((SELECT sum(quantity) FROM order_lines WHERE product_id = p.id), 0) AS total, (SELECT count(*) FROM order_lines WHERE product_id = p.id) AS lines FROM products p WHERE p.id = $1',
        [id],
      );
      accounted.push({ total: Number(rows[0].total), lines: Number(rows[0].lines) });
    }
    verdicts.push({
      what: `PostgreSQL: every unit taken by either server is in a stored order line (${accounted.map((product) => product.lines).join('/')} lines per product)`,
      ok: accounted.every((product) => product.total === STOCK && product.lines > 0),
    });
  } finally {
    bare?.stop();
    await server?.stop();
    await client.end();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { lines, verdicts };
}
