// Order placement with lines (part of `npm run bench`; alone: `npm run bench -- --orders`).
// A fresh SQLite file holds three products with endless stock and 20,000 verified buyers; the real
// server and bare-order-server.mjs both open it, and the buyers' session tokens (the same JWT
// secret for both), each in turn, place the same three-line order (100, 200 and 300 units) over
// and over, measured in interleaved rounds at 10 and 50 connections with the median printed.
// Many buyers, as in a shop, so each stays under the default cap of unpaid orders (5) that the
// real server checks: one buyer with tens of thousands of unpaid orders would measure counting
// them instead. The bare handler verifies
// the JWT, reserves the stock and inserts the same rows in one transaction and nothing else, so
// the ratio is what validation, the use case, the sweep of expired orders, the unpaid-order limit,
// logging, headers and the layers cost on top. Afterwards every unit either server took must be in
// a stored order line, so neither figure comes from answers that wrote nothing.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { seedProductsIntoSqlite, sqliteFileIn } from '../tests/support/products.ts';
import { TEST_JWT_SECRET, freePort, freshDataDir, startServer } from '../tests/support/server.ts';
import { DEFAULT_MAX_UNPAID_ORDERS } from '#domain/ordering/order.ts';
import { cpuUs, measure, summarise, tableRow } from './measure.mjs';

const CONNECTIONS = [10, 50];
const TARGETS = { ratio: 0.5 };
// Logging at info and NODE_ENV=production, as `npm start` runs (see run.mjs).
const SERVER_ENV = { SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production', MAX_UNPAID_ORDERS_PER_ACCOUNT: String(DEFAULT_MAX_UNPAID_ORDERS) };
const BUYERS = 20_000;
// Both servers' orders/s swing by up to 40% from one 3-second run to the next on a 2-core machine
// (the disk, the load generator beside them): the median of five interleaved rounds holds still.
const MIN_ROUNDS = 5;
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

/**
 * `count` verified buyers written straight into the file (as the scale bench does), and a session
 * token for each, signed as adapters/identity/jwt-token-service.ts signs them. Returns the path of
 * a file with the tokens, one per line, for the load generator.
 */
export async function seedBuyers(file, dataDir, count) {
  const db = new Database(file);
  const now = Date.now();
  const ids = Array.from({ length: count }, () => randomUUID());
  try {
    const insert = db.prepare(
      "INSERT INTO users (id, email, name, role, email_verified, password_hash, session_version, created_at) VALUES (?, ?, ?, 'customer', 1, 'not-a-password', 0, ?)",
    );
    db.transaction(() => ids.forEach((id, index) => insert.run(id, `bench-buyer-${index}@bulkhead.test`, `Bench Buyer ${index + 1}`, now)))();
  } finally {
    db.close();
  }
  return signedTokensFile(ids, dataDir, now);
}

/** A session token for each user id, signed as the real server signs them, in a file, one a line. */
export async function signedTokensFile(ids, dataDir, now = Date.now()) {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const issuedAt = Math.floor(now / 1000);
  const tokens = await Promise.all(
    ids.map((id) =>
      new SignJWT({ sv: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(id).setIssuer('bulkhead').setAudience('bulkhead-session').setIssuedAt(issuedAt).setExpirationTime(issuedAt + 3600).sign(key),
    ),
  );
  const tokensFile = join(dataDir, 'bench-tokens.txt');
  writeFileSync(tokensFile, tokens.join('\n'));
  return tokensFile;
}

/** Waits until the server has sent every queued e-mail (at most a minute); returns the CPU it used meanwhile, in µs. */
async function mailDrained(file, pid) {
  const before = cpuUs(pid);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const unsent = db.prepare('SELECT count(*) AS count FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL');
    for (let waited = 0; unsent.get().count > 0 && waited < 60_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    db.close();
  }
  return cpuUs(pid) - before;
}

/**
 * The real server and its yardstick placing orders in interleaved rounds (at least MIN_ROUNDS) at
 * each connection count, after a warm-up (a fresh process's first seconds are JIT compilation, not
 * steady state); the medians go into `lines` and the ratio's verdict into `verdicts`. `run(target,
 * connections, seconds)` measures one. Shared by the SQLite and PostgreSQL order benches.
 */
export async function compareInRounds({ run, server, bare, seconds, rounds, progress, lines, verdicts, connectionCounts, what }) {
  for (const target of [server, bare]) await run(target, 10, 1);
  for (const connections of connectionCounts) {
    progress(`${what}, ${connections} connections`);
    const ours = [];
    const theirs = [];
    for (let round = 0; round < Math.max(rounds, MIN_ROUNDS); round++) {
      ours.push(await run(server, connections, seconds));
      theirs.push(await run(bare, connections, seconds));
    }
    const [a, b] = [summarise(ours), summarise(theirs)];
    lines.push(tableRow('POST /api/orders, 3 lines', connections, 'Bulkhead', a, b), tableRow('', connections, 'bare', b));
    verdicts.push({
      what: `${what} at ${connections}: orders/s ratio ≥ ${TARGETS.ratio} (${(a.rps / b.rps).toFixed(2)}×; p99 ${a.p99} ms, bare ${b.p99} ms), every answer a 201`,
      ok: a.rps / b.rps >= TARGETS.ratio && a.failures === 0 && b.failures === 0,
    });
  }
}

export async function runOrdersBench({ seconds, rounds, progress }) {
  const dataDir = freshDataDir('bulkhead-orders-bench');
  const file = sqliteFileIn(dataDir);
  const productIds = (await seedProductsIntoSqlite(dataDir, ORDER_BENCH_PRODUCTS)).map((product) => product.id);
  const server = await startServer({ dataDir, env: SERVER_ENV, discardOutput: true });
  const bare = await startBareOrderServer(file);
  const tokensFile = await seedBuyers(file, dataDir, BUYERS);
  const lines = [];
  const verdicts = [];
  try {
    const request = {
      paths: ['/api/orders'],
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      tokensFile,
      body: orderBody(productIds),
    };
    // Each run goes on with the buyers after the last run's, so orders spread evenly over them all.
    let ordered = 0;
    const run = async (target, connections, duration) => {
      const result = await measure(target.pid, { url: target.url, ...request, tokenStart: ordered, connections, duration });
      ordered += result.requests;
      if (target !== server) return result;
      // The confirmations still queued are sent before the bare handler's turn, so they never take
      // its CPU, and the CPU they take counts in ours per order.
      const drainCpuUs = await mailDrained(file, server.pid);
      return { ...result, cpuUsPerRequest: result.cpuUsPerRequest + drainCpuUs / result.requests };
    };
    await compareInRounds({ run, server, bare, seconds, rounds, progress, lines, verdicts, connectionCounts: CONNECTIONS, what: 'POST /api/orders with 3 lines' });
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
