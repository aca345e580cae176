// `npm run bench`: order placements per second on SQLite and on PostgreSQL, the catalog list
// against a bare Hono + better-sqlite3 yardstick, and the no-oversell experiment beside them.
// Every server is a real process on a fresh database; autocannon runs in its own process so the
// load generator does not share an event loop with what it measures. About 90 seconds.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { signUpCustomer } from '../tests/support/api.ts';
import { describeBurst, orderBurst } from '../tests/support/order-burst.ts';
import { createScratchDatabase } from '../tests/support/postgres.ts';
import { seedProductsIntoPostgres, seedProductsIntoSqlite, sqliteFileIn } from '../tests/support/products.ts';
import { freePort, freshDataDir, repoRoot, startServer } from '../tests/support/server.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BIG_STOCK = 1_000_000_000;

/** Runs the autocannon CLI in a child process and returns its JSON summary. */
const autocannon = (url, { method = 'GET', token, body } = {}) =>
  new Promise((resolve, reject) => {
    const args = [join(repoRoot, 'node_modules/autocannon/autocannon.js'), '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_S), '-m', method];
    if (token) args.push('-H', `authorization=Bearer ${token}`);
    if (body) args.push('-H', 'content-type=application/json', '-b', JSON.stringify(body));
    args.push(url);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))));
  });

const line = (label, result) => {
  const errors = result.non2xx + result.errors + result.timeouts;
  return `${label.padEnd(40)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${errors ? `   (${errors} non-2xx/errors)` : ''}`;
};

const orderBody = (productId) => ({ productId, quantity: 100, phone: '+1 555 0100', address: '1 Warehouse Road, Springfield' });

// A full first page for the list, one product that never runs out, one for the burst.
const CATALOG = [
  { name: 'Bench Fitting', stock: BIG_STOCK, priceCents: 995 },
  { name: 'Burst Valve', stock: 5_000, priceCents: 1250 },
  ...Array.from({ length: 22 }, (_, i) => ({ name: `Catalogue Item ${i + 1}`, stock: 500, priceCents: 1000 + i })),
];

const newBuyer = (url) => signUpCustomer(url, `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@bulkhead.test`);

const burst = (urls, token, product) => orderBurst({ serverUrls: urls, token, productId: product.id, requests: 200, quantity: 100 });

const results = [];
const started = Date.now();

// ---- SQLite: one server, the default embedded setup (with demo data for the list)
{
  const dataDir = freshDataDir('bulkhead-bench');
  const [product, burstProduct] = await seedProductsIntoSqlite(dataDir, CATALOG);
  const server = await startServer({ dataDir });
  try {
    const token = await newBuyer(server.url);
    results.push(line('SQLite   GET /api/products?limit=24', await autocannon(`${server.url}/api/products?limit=24`)));
    const bareResult = await (async () => {
      const port = await freePort();
      const bare = spawn(process.execPath, [join(repoRoot, 'bench/bare-list-server.mjs'), sqliteFileIn(server.dataDir), String(port)], {
        stdio: 'ignore',
        detached: true,
      });
      try {
        for (let i = 0; i < 100; i++) {
          const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
          if (ok) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        return await autocannon(`http://127.0.0.1:${port}/api/products?limit=24`);
      } finally {
        process.kill(-bare.pid, 'SIGTERM');
      }
    })();
    results.push(line('bare Hono+better-sqlite3 same list', bareResult));
    const ours = Number(results[0].match(/(\d+) req\/s/)[1]);
    results.push(`${'catalog list vs bare handler'.padEnd(40)} ${(ours / bareResult.requests.average).toFixed(2)}x`);
    results.push(line('SQLite   POST /api/orders (signed in)', await autocannon(`${server.url}/api/orders`, { method: 'POST', token, body: orderBody(product.id) })));
    results.push(describeBurst('SQLite   200 concurrent orders, stock 5000', await burst([server.url], token, burstProduct)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- PostgreSQL: two server processes on one fresh database
{
  let database;
  const servers = [];
  try {
    database = await createScratchDatabase('bench');
    const [product, burstProduct] = await seedProductsIntoPostgres(database.url, CATALOG);
    const env = { DATABASE_URL: database.url, SEED_DEMO: 'false' };
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
    const token = await newBuyer(servers[0].url);
    results.push(line('Postgres POST /api/orders (one server)', await autocannon(`${servers[0].url}/api/orders`, { method: 'POST', token, body: orderBody(product.id) })));
    results.push(describeBurst('Postgres 200 concurrent orders, 2 servers', await burst(servers.map((s) => s.url), token, burstProduct)));
  } catch (error) {
    results.push(`Postgres skipped: ${error.message}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  }
}

console.log(`\nBulkhead bench (${CONNECTIONS} connections, ${DURATION_S} s per run, ${((Date.now() - started) / 1000).toFixed(0)} s total)`);
for (const result of results) console.log(result);
