// Order placement with lines (part of `npm run bench`; alone: `npm run bench -- --orders`).
// A fresh SQLite file holds three products with endless stock; the real server and
// bare-order-server.mjs both open it, and one verified buyer's session token (the same JWT secret
// for both) places the same three-line order (100, 200 and 300 units) over and over, measured in
// interleaved rounds at 10 and 50 connections with the median printed. The bare handler verifies
// the JWT, reserves the stock and inserts the same rows in one transaction and nothing else, so
// the ratio is what validation, the use case, the sweep of expired orders, the unpaid-order limit,
// logging, headers and the layers cost on top. Afterwards every unit either server took must be in
// a stored order line, so neither figure comes from answers that wrote nothing.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { signUpCustomer } from '../tests/support/api.ts';
import { seedProductsIntoSqlite, sqliteFileIn } from '../tests/support/products.ts';
import { TEST_JWT_SECRET, freePort, freshDataDir, startServer } from '../tests/support/server.ts';
import { measure, summarise, tableRow } from './measure.mjs';

const CONNECTIONS = [10, 50];
const TARGETS = { ratio: 0.5 };
// Logging at info and NODE_ENV=production, as `npm start` runs (see run.mjs).
const SERVER_ENV = { SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production' };
const STOCK = 1_000_000_000;
export const ORDER_BENCH_PRODUCTS = [
  { name: 'Bench Hex Bolt M8', stock: STOCK, priceCents: 12 },
  { name: 'Bench Washer M8', stock: STOCK, priceCents: 3 },
  { name: 'Bench Nylon Nut M8', stock: STOCK, priceCents: 7 },
];

export const orderBody = (productIds) =>
  JSON.stringify({
    lines: productIds.map((productId, index) => ({ productId, quantity: 100 * (index + 1) })),
    phone: '+1 555 0100',
    address: '1 Warehouse Road, Springfield',
    poNumber: 'PO-BENCH-1',
  });

async function startBareOrderServer(file) {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-order-server.mjs', import.meta.url)), file, String(port), TEST_JWT_SECRET], {
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${url}/api/health`).then((reply) => reply.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid, stop: () => process.kill(-child.pid, 'SIGTERM') };
}

/** Per product: the stock left plus the units in stored order lines, which must be the stock it started with. */
const unitsAccountedFor = (file, productIds) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const stock = db.prepare('SELECT stock FROM products WHERE id = ?');
    const ordered = db.prepare('SELECT coalesce(sum(quantity), 0) AS units, count(*) AS lines FROM order_lines WHERE product_id = ?');
    return productIds.map((id) => ({ id, total: stock.get(id).stock + ordered.get(id).units, lines: ordered.get(id).lines }));
  } finally {
    db.close();
  }
};

export async function runOrdersBench({ seconds, rounds, progress }) {
  const dataDir = freshDataDir('bulkhead-orders-bench');
  const file = sqliteFileIn(dataDir);
  const productIds = (await seedProductsIntoSqlite(dataDir, ORDER_BENCH_PRODUCTS)).map((product) => product.id);
  const server = await startServer({ dataDir, env: SERVER_ENV, discardOutput: true });
  const bare = await startBareOrderServer(file);
  const lines = [];
  const verdicts = [];
  try {
    const token = await signUpCustomer(server, `orders-bench-${Date.now()}@bulkhead.test`);
    const request = {
      paths: ['/api/orders'],
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: orderBody(productIds),
    };
    // Warm-up: the first seconds of a fresh process are JIT compilation, not steady state.
    for (const target of [server, bare]) await measure(target.pid, { url: target.url, ...request, connections: 10, duration: 1 });
    for (const connections of CONNECTIONS) {
      progress(`POST /api/orders with 3 lines, ${connections} connections`);
      const ours = [];
      const theirs = [];
      for (let round = 0; round < rounds; round++) {
        ours.push(await measure(server.pid, { url: server.url, ...request, connections, duration: seconds }));
        theirs.push(await measure(bare.pid, { url: bare.url, ...request, connections, duration: seconds }));
      }
      const [a, b] = [summarise(ours), summarise(theirs)];
      lines.push(tableRow('POST /api/orders, 3 lines', connections, 'Bulkhead', a, b), tableRow('', connections, 'bare', b));
      verdicts.push({
        what: `POST /api/orders with 3 lines at ${connections}: orders/s ratio ≥ ${TARGETS.ratio} (${(a.rps / b.rps).toFixed(2)}×; p99 ${a.p99} ms, bare ${b.p99} ms), every answer a 201`,
        ok: a.rps / b.rps >= TARGETS.ratio && a.failures === 0 && b.failures === 0,
      });
    }
  } finally {
    bare.stop();
    await server.stop();
  }
  const accounted = unitsAccountedFor(file, productIds);
  verdicts.push({
    what: `every unit taken by either server is in a stored order line (${accounted.map((product) => product.lines).join('/')} lines per product)`,
    ok: accounted.every((product) => product.total === STOCK && product.lines > 0),
  });
  rmSync(dataDir, { recursive: true, force: true });
  return { lines, verdicts };
}
