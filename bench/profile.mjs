// Where a request's microseconds go: `node --import tsx bench/profile.mjs [path]` starts the real
// server (the bundle, logging at info as in production) under `node --cpu-prof` on the demo shop,
// loads it for PROFILE_SECONDS (default 8) at PROFILE_CONNECTIONS (default 10) — by default every
// product by id in turn, or the given path, or with `orders` the order bench's three-line
// POST /api/orders by 20,000 verified buyers in turn, as the order bench places them (on a fresh
// PostgreSQL database with PROFILE_POSTGRES=1, one buyer with the cap lifted)
// — and prints the functions with the most self time, as shares of the time the
// server was busy. The .cpuprofile stays in the printed folder (Chrome DevTools opens it).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { signUpCustomer } from '../tests/support/api.ts';
import { createScratchDatabase } from '../tests/support/postgres.ts';
import { seedProductsIntoPostgres, seedProductsIntoSqlite, sqliteFileIn } from '../tests/support/products.ts';
import { TEST_JWT_SECRET, freePort, freshDataDir, repoRoot } from '../tests/support/server.ts';
import { orderBody, ORDER_BENCH_PRODUCTS, seedBuyers } from './orders.mjs';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const TOP = 30;
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const profileDir = mkdtempSync(join(tmpdir(), 'bulkhead-profile-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const ordering = process.argv[2] === 'orders';
const dataDir = freshDataDir('bulkhead-profile');
const postgres = ordering && process.env.PROFILE_POSTGRES ? await createScratchDatabase('profile') : null;
const orderProducts = !ordering ? [] : postgres ? await seedProductsIntoPostgres(postgres.url, ORDER_BENCH_PRODUCTS) : await seedProductsIntoSqlite(dataDir, ORDER_BENCH_PRODUCTS);
const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, await ensureServerBuild(repoRoot)], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'info', SEED_DEMO: String(!ordering), ...(postgres ? { DATABASE_URL: postgres.url, MAX_UNPAID_ORDERS_PER_ACCOUNT: '1000000' } : {}) },
});
for (let attempt = 0; attempt < 200 && !(await fetch(`${url}/api/health`).then((reply) => reply.ok, () => false)); attempt++) {
  await new Promise((resolve) => setTimeout(resolve, 150));
}
let load;
if (ordering) {
  // As the order bench: many buyers in turn on SQLite, so no buyer's unpaid orders pile up.
  const tokens = postgres
    ? [await signUpCustomer({ url, dataDir }, `profile-${Date.now()}@bulkhead.test`)]
    : readFileSync(await seedBuyers(sqliteFileIn(dataDir), dataDir, 20_000), 'utf8').split('\n');
  let nextToken = 0;
  load = {
    url: `${url}/api/orders`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: orderBody(orderProducts.map((product) => product.id)),
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[nextToken++ % tokens.length]}` } }) }],
  };
} else {
  const ids = (await (await fetch(`${url}/api/products?limit=100`)).json()).items.map((product) => product.id);
  const paths = process.argv[2] ? [process.argv[2]] : ids.map((id) => `/api/products/${id}`);
  let next = 0;
  load = { requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] };
}
const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...load });
server.kill('SIGINT'); // node writes the profile on a normal exit
await new Promise((resolve) => server.once('exit', resolve));
await postgres?.drop();

const file = join(profileDir, readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile')));
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
profile.samples.forEach((id, index) => {
  const frame = nodes.get(id).callFrame;
  const name = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}` : ''}`;
  self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const idle = self.get('(idle) ') ?? 0;
self.delete('(idle) ');
const busy = [...self.values()].reduce((sum, time) => sum + time, 0);
console.log(`${result.requests.total} requests (${result['2xx']} answered 2xx) to ${ordering ? 'POST /api/orders (3 lines)' : (process.argv[2] ?? 'GET /api/products/:id')} in ${SECONDS} s; server busy ${Math.round(busy / 1000)} ms, idle ${Math.round(idle / 1000)} ms`);
console.log(`≈ ${Math.round(busy / result.requests.total)} µs of the server main thread per request, start-up included (profiling adds some)\nSelf time, share of busy:`);
for (const [name, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${((100 * time) / busy).toFixed(1).padStart(5)}%  ${name}`);
console.log(`\nProfile: ${file}`);
