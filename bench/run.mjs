// `npm run bench`: the catalog reads and signed-in order placement of the real server against a
// bare Hono + better-sqlite3 handler serving the same rows from the same file (and, for the latency
// goal, the floor: floor-server.mjs writing the real server's bytes with no work), then order
// placement on PostgreSQL, the no-oversell burst on both databases, three-line orders against a
// bare order handler (orders.mjs, alone with --orders; on PostgreSQL orders-postgres.mjs, only with
// --orders-pg), the catalogue search (search.mjs,
// alone with --search) and the storefront's rendered product page (pages.mjs, alone with --pages). Every server is a real process on a fresh database, with the demo
// catalog enlarged to 200 products; autocannon runs in its own process (load.mjs). Reads are measured in interleaved rounds (Bulkhead, bare,
// Bulkhead, bare, ...) and the median of each figure is printed, so a noisy neighbour on the
// machine hits both servers alike. BENCH_SECONDS (per run, default 3) and BENCH_ROUNDS
// (default 3) tune it; the defaults take about 8 minutes.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { signUpCustomer } from '../tests/support/api.ts';
import { describeBurst, orderBurst } from '../tests/support/order-burst.ts';
import { createScratchDatabase } from '../tests/support/postgres.ts';
import { seedBenchCatalogIntoPostgres, seedBenchCatalogIntoSqlite, sqliteFileIn } from '../tests/support/products.ts';
import { freePort, freshDataDir, startServer } from '../tests/support/server.ts';
import { measure, rssMb, summarise, tableHeader, tableRow } from './measure.mjs';

if (process.argv.includes('--scale')) {
  const { runScaleBench } = await import('./scale.mjs');
  await runScaleBench();
  process.exit(0);
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const started = Date.now();
const progress = (text) => process.stderr.write(`[bench ${Math.round((Date.now() - started) / 1000)} s] ${text}\n`);

const printVerdicts = (verdicts) => {
  console.log('\nTargets (docs/performance.md):');
  for (const { what, ok } of verdicts) console.log(`  ${ok ? 'met   ' : 'MISSED'} ${what}`);
};
const runSearch = () => import('./search.mjs').then(({ runSearchBench }) => runSearchBench({ seconds: SECONDS, rounds: ROUNDS, progress }));
const printSearch = ({ lines }) => {
  console.log(`\nCatalogue search, 20,000 products, 10 connections (PostgreSQL's ratio is to the bare SQLite handler):`);
  console.log(tableHeader());
  for (const line of lines) console.log(line);
};

const runOrders = () => import('./orders.mjs').then(({ runOrdersBench }) => runOrdersBench({ seconds: SECONDS, rounds: ROUNDS, progress }));
const printOrders = ({ lines }) => {
  console.log(`\nOrders with 3 lines on SQLite against the bare order handler (JWT, stock, rows; bench/bare-order-server.mjs):`);
  console.log(tableHeader());
  for (const line of lines) console.log(line);
};

const runPages = () => import('./pages.mjs').then(({ runPagesBench }) => runPagesBench({ seconds: SECONDS, rounds: ROUNDS, progress }));
const printPages = ({ lines }) => {
  console.log(`\nThe product page as HTML, 10 connections (ratio to the cached JSON product read; docs/storefront.md):`);
  console.log(tableHeader());
  for (const line of lines) console.log(line);
};

if (process.argv.includes('--orders-pg')) {
  const { runOrdersBenchPostgres } = await import('./orders-postgres.mjs');
  const orders = await runOrdersBenchPostgres({ seconds: SECONDS, rounds: ROUNDS, progress });
  console.log(`\nOrders with 3 lines on PostgreSQL against the bare order handler (JWT, stock, rows; bench/bare-order-pg-server.mjs):`);
  console.log(tableHeader());
  for (const line of orders.lines) console.log(line);
  printVerdicts(orders.verdicts);
  process.exit(0);
}

if (process.argv.includes('--pages')) {
  const pages = await runPages();
  printPages(pages);
  printVerdicts(pages.verdicts);
  process.exit(0);
}
if (process.argv.includes('--search')) {
  const search = await runSearch();
  printSearch(search);
  printVerdicts(search.verdicts);
  process.exit(0);
}
if (process.argv.includes('--member-prices')) {
  const { runMemberPricesBench } = await import('./member-prices.mjs');
  const member = await runMemberPricesBench({ seconds: SECONDS, rounds: ROUNDS, progress });
  console.log(`\nA company member's catalogue reads against a visitor's cached ones (docs/catalogue.md, "Your price"):`);
  console.log(tableHeader());
  for (const line of member.lines) console.log(line);
  printVerdicts(member.verdicts);
  process.exit(0);
}
if (process.argv.includes('--orders')) {
  const orders = await runOrders();
  printOrders(orders);
  printVerdicts(orders.verdicts);
  process.exit(0);
}
const CONNECTIONS = [10, 50];
const CATALOG_SIZE = 200;
const BIG_STOCK = 1_000_000_000;
// Logging at info and NODE_ENV=production, as `npm start` runs: every request writes its JSON line (the test harness's
// default, warn, would leave the access log out of the figures).
const BENCH_ENV = { SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production' };
const TARGETS = { ratio: 1.0, p99Ms: 10, rssMb: 120, postgresCachedRatio: 0.8 };

const ORDER_PRODUCTS = [
  { name: 'Bench Fitting', stock: BIG_STOCK, priceCents: 995 },
  { name: 'Burst Valve', stock: 5_000, priceCents: 1250 },
];
const orderBody = (productId) => JSON.stringify({ productId, quantity: 100, phone: '+1 555 0100', address: '1 Warehouse Road, Springfield' });
const newBuyer = (server) => signUpCustomer(server, `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@bulkhead.test`);
const burst = (urls, token, product) => orderBurst({ serverUrls: urls, token, productId: product.id, requests: 200, quantity: 100 });

/** Signed-in order placement for one product, ROUNDS runs, summarised. */
async function measureOrders(server, token, product, connections) {
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) {
    runs.push(
      await measure(server.pid, {
        url: server.url,
        paths: ['/api/orders'],
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: orderBody(product.id),
        connections,
        duration: SECONDS,
      }),
    );
  }
  return summarise(runs);
}

/** A yardstick of bench/ in its own process, ready once `readyPath` answers. */
async function startYardstick(script, argsFor, readyPath) {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...argsFor(port)], { stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${url}${readyPath}`).then((reply) => reply.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid, stop: () => process.kill(-child.pid, 'SIGTERM') };
}
const startBareServer = (dataDir) => startYardstick('./bare-server.mjs', (port) => [sqliteFileIn(dataDir), String(port)], '/api/health');
/** floor-server.mjs with the real server's answers to `paths`. */
const startFloorServer = (origin, paths) => startYardstick('./floor-server.mjs', (port) => [origin, String(port), JSON.stringify(paths)], paths[0]);

const lines = [];
const verdicts = [];
/** The catalogue reads, each path list with its SQLite figures by connections, for PostgreSQL to be set beside. */
const READS = (ids) => [
  { scenario: 'GET /api/products?limit=24', paths: ['/api/products?limit=24'] },
  { scenario: 'GET /api/products/:id (200 ids)', paths: ids.map((id) => `/api/products/${id}`) },
];
const sqliteReads = new Map();

// ---- SQLite: the default embedded setup, beside the bare handler on the same file
{
  const dataDir = freshDataDir('bulkhead-bench');
  const { ids, extra } = await seedBenchCatalogIntoSqlite(dataDir, { total: CATALOG_SIZE, extra: ORDER_PRODUCTS });
  const [endless, burstProduct] = extra;
  const server = await startServer({ dataDir, env: BENCH_ENV, discardOutput: true });
  const bare = await startBareServer(dataDir);
  try {
    let readPeakRss = 0;
    const reads = READS(ids);
    // Warm-up: the first seconds of a fresh process are JIT compilation, not steady state.
    for (const target of [server, bare]) {
      for (const { paths } of reads) await measure(target.pid, { url: target.url, paths, connections: 10, duration: 1 });
    }
    for (const { scenario, paths } of reads) {
      const floor = await startFloorServer(server.url, paths);
      try {
        await measure(floor.pid, { url: floor.url, paths, connections: 10, duration: 1 });
        for (const connections of CONNECTIONS) {
          progress(`${scenario}, ${connections} connections`);
          const [ours, theirs, floors] = [[], [], []];
          for (let round = 0; round < ROUNDS; round++) {
            ours.push(await measure(server.pid, { url: server.url, paths, connections, duration: SECONDS }));
            theirs.push(await measure(bare.pid, { url: bare.url, paths, connections, duration: SECONDS }));
            floors.push(await measure(floor.pid, { url: floor.url, paths, connections, duration: SECONDS }));
          }
          const [a, b, f] = [summarise(ours), summarise(theirs), summarise(floors)];
          readPeakRss = Math.max(readPeakRss, a.rssMb);
          sqliteReads.set(`${scenario} ${connections}`, a);
          lines.push(tableRow(scenario, connections, 'Bulkhead', a, b), tableRow('', connections, 'bare', b), tableRow('', connections, 'floor', f, b));
          verdicts.push({ what: `${scenario} at ${connections}: ratio ≥ ${TARGETS.ratio}`, ok: a.rps / b.rps >= TARGETS.ratio });
          if (connections === 50) {
            verdicts.push({ what: `${scenario} at 50: p99 ≤ ${TARGETS.p99Ms} ms (${a.p99} ms; the floor server, writing the same bytes: ${f.p99} ms)`, ok: a.p99 <= TARGETS.p99Ms });
          }
        }
      } finally {
        floor.stop();
      }
    }
    bare.stop();

    const token = await newBuyer(server);
    for (const connections of CONNECTIONS) {
      progress(`SQLite POST /api/orders, ${connections} connections`);
      lines.push(tableRow('SQLite POST /api/orders (signed in)', connections, 'Bulkhead', await measureOrders(server, token, endless, connections)));
    }
    progress('SQLite burst');
    lines.push('', describeBurst('SQLite   200 concurrent orders ×100, stock 5000', await burst([server.url], token, burstProduct)));
    // VmHWM also counts the 32 MiB scrypt takes per sign-up (by design), so the target is judged
    // on the peak sampled while the catalog was under load; the lifetime peak is printed beside it.
    const peak = rssMb(server.pid, 'VmHWM');
    verdicts.push({
      what: `server RSS under catalog load ≤ ${TARGETS.rssMb} MB (peak ${Math.round(readPeakRss)} MB; lifetime VmHWM with sign-ups and orders ${Math.round(peak ?? 0)} MB)`,
      ok: readPeakRss > 0 && readPeakRss <= TARGETS.rssMb,
    });
  } finally {
    try {
      bare.stop();
    } catch {
      // already stopped
    }
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- PostgreSQL: two server processes on one fresh database holding the same catalogue
{
  let database;
  const servers = [];
  try {
    progress('PostgreSQL');
    database = await createScratchDatabase('bench');
    const { ids, extra } = await seedBenchCatalogIntoPostgres(database.url, { total: CATALOG_SIZE, extra: ORDER_PRODUCTS });
    const [endless, burstProduct] = extra;
    const env = { ...BENCH_ENV, DATABASE_URL: database.url };
    servers.push(await startServer({ env, discardOutput: true }), await startServer({ env, discardOutput: true }));

    // Catalogue reads with the cache kept coherent by LISTEN/NOTIFY, against SQLite's in this run,
    // and against an instance with the cache off (CATALOGUE_CACHE_MB=0) that reads PostgreSQL each time.
    const uncached = await startServer({ env: { ...env, CATALOGUE_CACHE_MB: '0' }, discardOutput: true });
    servers.push(uncached);
    const reads = READS(ids);
    for (const target of [servers[0], uncached]) {
      for (const { paths } of reads) await measure(target.pid, { url: target.url, paths, connections: 10, duration: 1 });
    }
    const pgLines = [];
    for (const { scenario, paths } of reads) {
      for (const connections of CONNECTIONS) {
        progress(`PostgreSQL ${scenario}, ${connections} connections`);
        const cachedRuns = [];
        const uncachedRuns = [];
        for (let round = 0; round < ROUNDS; round++) {
          cachedRuns.push(await measure(servers[0].pid, { url: servers[0].url, paths, connections, duration: SECONDS }));
          uncachedRuns.push(await measure(uncached.pid, { url: uncached.url, paths, connections, duration: SECONDS }));
        }
        const [cached, bare] = [summarise(cachedRuns), summarise(uncachedRuns)];
        const sqlite = sqliteReads.get(`${scenario} ${connections}`);
        pgLines.push(tableRow(`Postgres ${scenario}`, connections, 'cached', cached, sqlite), tableRow('', connections, 'no cache', bare, sqlite));
        verdicts.push({
          what: `Postgres ${scenario} at ${connections}, cached: ≥ ${TARGETS.postgresCachedRatio}× SQLite's req/s (${(cached.rps / sqlite.rps).toFixed(2)}×; ${(cached.rps / bare.rps).toFixed(1)}× the uncached instance)`,
          ok: cached.rps / sqlite.rps >= TARGETS.postgresCachedRatio && cached.failures === 0,
        });
      }
    }
    lines.push('', 'PostgreSQL catalogue reads (ratio: to SQLite above, same run):', ...pgLines, '');

    const token = await newBuyer(servers[0]);
    for (const connections of CONNECTIONS) {
      const row = tableRow('Postgres POST /api/orders (1 of 2)', connections, 'Bulkhead', await measureOrders(servers[0], token, endless, connections));
      lines.push(row);
    }
    lines.push(describeBurst('Postgres 200 concurrent orders ×100, 2 servers', await burst(servers.slice(0, 2).map((s) => s.url), token, burstProduct)));
  } catch (error) {
    lines.push(`Postgres skipped: ${error.message}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  }
}

const orders = await runOrders();
const search = await runSearch();
const pages = await runPages();

console.log(
  `\nBulkhead bench: ${CATALOG_SIZE} products, ${SECONDS} s per run, median of ${ROUNDS} interleaved rounds, ` +
    `${Math.round((Date.now() - started) / 1000)} s in all`,
);
console.log(tableHeader());
for (const line of lines) console.log(line);
printOrders(orders);
printSearch(search);
printPages(pages);
printVerdicts([...verdicts, ...orders.verdicts, ...search.verdicts, ...pages.verdicts]);
