// `npm run bench -- --scale`: the shop at a supplier's size beside a small one, on SQLite and on
// PostgreSQL. Each shop is written with bulk inserts (tests/support/bulk-shop.ts) into a fresh
// database the real server then opens; every read is measured with autocannon in its own process
// (load.mjs) like the main bench, with the server's memory after each: the cached reads, the
// reads with no cache (CATALOGUE_CACHE_MB=0), then a fresh server's memory at rest and while it
// imports the whole catalogue. SCALE_SECONDS (per run, default 3), SCALE_CONNECTIONS (default 10)
// and SCALE_ONLY=uncached (skip the cached reads) tune it; SCALE_MATCH (a regular expression on
// the scenario's name), SCALE_DATABASES (e.g. "SQLite") and SCALE_MEMORY=0 narrow a run to the reads
// being worked on.
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BULK_PASSWORD, LARGE_SHOP, SMALL_SHOP, bulkCustomerEmail, bulkInsertPostgres, bulkInsertSqlite, buildBulkShop } from '../tests/support/bulk-shop.ts';
import { createScratchDatabase } from '../tests/support/postgres.ts';
import { openPostgresStorage } from '../adapters/storage/postgres/postgres-store.ts';
import { openSqliteStorage } from '../adapters/storage/sqlite/sqlite-store.ts';
import { sqliteFileIn } from '../tests/support/products.ts';
import { TEST_ADMIN, freshDataDir, startServer } from '../tests/support/server.ts';
import { cpuUs, measure, rssMb } from './measure.mjs';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 10);
/** A response above this is measured with one connection: ten at once would take gigabytes. */
const HUGE_BYTES = 1024 * 1024;
const ORDERS_PER_SECOND = 20;
const TARGETS = { ratio: 2, maxBytes: 1024 * 1024, rssMb: 200 };

const started = Date.now();
const progress = (text) => process.stderr.write(`[scale ${Math.round((Date.now() - started) / 1000)} s] ${text}\n`);

const signIn = async (url, email, password) => {
  const reply = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!reply.ok) throw new Error(`sign-in ${email}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()).token;
};

/** The cursor of the catalogue page about nine tenths of the way down, by following nextCursor. */
const deepCursor = async (url, products) => {
  const target = Math.floor(products * 0.9);
  let cursor = null;
  for (let seen = 0; seen < target; ) {
    const step = Math.min(100, target - seen);
    const reply = await fetch(`${url}/api/products?limit=${step}${cursor ? `&cursor=${cursor}` : ''}`);
    const page = await reply.json();
    seen += page.items.length;
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return cursor;
};

const bodyBytes = async (url, path, headers) => {
  const reply = await fetch(`${url}${path}`, { headers });
  const bytes = (await reply.arrayBuffer()).byteLength;
  if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
  return bytes;
};

/** Whether SCALE_MATCH (if given) keeps a scenario. */
const wanted = (scenario) => !process.env.SCALE_MATCH || new RegExp(process.env.SCALE_MATCH, 'i').test(scenario.name);

/** For a response slower than a whole run: three requests one after another, timed. */
const timeOneByOne = async (server, scenario) => {
  const cpuBefore = cpuUs(server.pid);
  const startedAt = performance.now();
  let peak = 0;
  for (let request = 0; request < 3; request++) {
    await bodyBytes(server.url, scenario.paths[0], scenario.headers);
    peak = Math.max(peak, rssMb(server.pid) ?? 0, rssMb(server.pid, 'VmHWM') ?? 0);
  }
  const eachMs = (performance.now() - startedAt) / 3;
  return { rps: 1000 / eachMs, p50: Math.round(eachMs), p99: Math.round(eachMs), cpuUsPerRequest: (cpuUs(server.pid) - cpuBefore) / 3, failures: 0, rssMb: peak };
};

/** Places ORDERS_PER_SECOND orders a second (of products in turn) until stopped; answers how many succeeded. */
const placeOrdersMeanwhile = (url, customer, productIds) => {
  let placed = 0;
  let next = 0;
  const place = () =>
    fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: { ...customer, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: productIds[next++ % productIds.length], quantity: 100, phone: '+1 555 0100', address: '1 Warehouse Road' }),
    }).then((reply) => (placed += reply.status === 201 ? 1 : 0), () => undefined);
  const pending = new Set();
  const timer = setInterval(() => {
    const request = place();
    pending.add(request);
    void request.finally(() => pending.delete(request));
  }, 1000 / ORDERS_PER_SECOND);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(pending);
      return placed;
    },
  };
};

/** Every scenario against one running server; returns one result per scenario. */
async function measureShop(server, shop) {
  const admin = { authorization: `Bearer ${await signIn(server.url, TEST_ADMIN.email, TEST_ADMIN.password)}` };
  const customer = { authorization: `Bearer ${await signIn(server.url, bulkCustomerEmail(0), BULK_PASSWORD)}` };
  const cursor = await deepCursor(server.url, shop.size.products);
  const byIds = shop.productIds.filter((_, index) => index % Math.max(1, Math.floor(shop.productIds.length / 2000)) === 0);
  const scenarios = [
    { name: 'catalogue first page', paths: ['/api/products?limit=24'] },
    { name: 'catalogue deep cursor page', paths: [`/api/products?limit=24&cursor=${cursor}`] },
    { name: `product by id (${byIds.length} ids)`, paths: byIds.map((id) => `/api/products/${id}`) },
    { name: "a customer's orders", paths: ['/api/orders'], headers: customer },
    { name: 'admin orders page', paths: ['/api/admin/orders'], headers: admin },
    { name: 'admin overview', paths: ['/api/admin/overview'], headers: admin },
    // Every order moves stock, which drops the cached pages showing the products it took from
    // (all of them when it empties a shelf): these two show what that costs the reads.
    { name: `catalogue first page + ${ORDERS_PER_SECOND} orders/s`, paths: ['/api/products?limit=24'], ordering: true },
    { name: `by id + ${ORDERS_PER_SECOND} orders/s`, paths: byIds.map((id) => `/api/products/${id}`), ordering: true },
  ];
  const results = [];
  for (const scenario of scenarios.filter(wanted)) {
    const bytes = await bodyBytes(server.url, scenario.paths[0], scenario.headers);
    const connections = bytes > HUGE_BYTES ? 1 : CONNECTIONS;
    // Warm-up: JIT and caches (every path once), not steady state.
    for (let start = 0; start < scenario.paths.length; start += 20) {
      await Promise.all(scenario.paths.slice(start, start + 20).map((path) => bodyBytes(server.url, path, scenario.headers)));
    }
    await measure(server.pid, { url: server.url, paths: scenario.paths, headers: scenario.headers, connections, duration: 1 });
    const orders = scenario.ordering ? placeOrdersMeanwhile(server.url, customer, byIds) : null;
    let run = await measure(server.pid, { url: server.url, paths: scenario.paths, headers: scenario.headers, connections, duration: SECONDS });
    const placed = await orders?.stop();
    if (orders && placed < ORDERS_PER_SECOND * SECONDS * 0.5) throw new Error(`only ${placed} orders were placed during "${scenario.name}"`);
    if (!run.rps) run = await timeOneByOne(server, scenario);
    results.push({ ...scenario, bytes, connections, ...run, rssAfterMb: rssMb(server.pid) ?? 0 });
  }
  return results;
}

/**
 * The reads a busy shop pays for in full: a server with CATALOGUE_CACHE_MB=0, so every catalogue
 * read runs its queries (every order moves stock, and a cache only helps the pages it leaves alone);
 * the admins' reads are never cached. Then the server's memory at rest, and a catalogue import of
 * the whole catalogue (the export read back: every row an update) with the peak it took.
 */
async function measureUncached(server, shop) {
  const admin = { authorization: `Bearer ${await signIn(server.url, TEST_ADMIN.email, TEST_ADMIN.password)}` };
  const cursor = await deepCursor(server.url, shop.size.products);
  const scenarios = [
    { name: 'uncached first page', paths: ['/api/products?limit=24'] },
    { name: 'uncached deep page', paths: [`/api/products?limit=24&cursor=${cursor}`] },
    { name: 'department by price', paths: ['/api/products?category=fasteners&sort=price-asc&limit=24'] },
    { name: 'category by price', paths: ['/api/products?category=hex-nut&sort=price-asc&limit=24'] },
    { name: 'common word "stainless"', paths: ['/api/products?q=stainless&limit=24'] },
    { name: 'facets q=bolt&inStock=true', paths: ['/api/products?q=bolt&inStock=true&limit=24'] },
    { name: 'typeahead "hex bo"', paths: ['/api/products/suggest?q=hex%20bo'] },
    { name: 'sales report, 30 days', paths: ['/api/admin/reports/sales?days=30'], headers: admin },
    { name: 'sales report, 90 days', paths: ['/api/admin/reports/sales?days=90'], headers: admin },
    { name: 'audit log, first page', paths: ['/api/admin/audit'], headers: admin },
  ];
  const results = [];
  for (const scenario of scenarios.filter(wanted)) {
    const bytes = await bodyBytes(server.url, scenario.paths[0], scenario.headers);
    await measure(server.pid, { url: server.url, paths: scenario.paths, headers: scenario.headers, connections: CONNECTIONS, duration: 1 });
    const run = await measure(server.pid, { url: server.url, paths: scenario.paths, headers: scenario.headers, connections: CONNECTIONS, duration: SECONDS });
    results.push({ ...scenario, bytes, connections: CONNECTIONS, ...run, rssAfterMb: rssMb(server.pid) ?? 0 });
  }
  return results;
}

/** A fresh server's memory at rest (after signing in and one catalogue page), then an import's peak. */
async function measureMemory(server) {
  const admin = { authorization: `Bearer ${await signIn(server.url, TEST_ADMIN.email, TEST_ADMIN.password)}` };
  await bodyBytes(server.url, '/api/products?limit=24');
  // At rest: a few seconds without requests, so the heap settles as it would between visitors.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const restMb = rssMb(server.pid) ?? 0;
  const csv = await (await fetch(`${server.url}/api/admin/products/export.csv`, { headers: admin })).text();
  const rows = csv.split('\r\n').filter(Boolean).length - 1;
  const beforeImportMb = rssMb(server.pid, 'VmHWM') ?? 0;
  const startedAt = performance.now();
  const reply = await fetch(`${server.url}/api/admin/products/import`, { method: 'POST', headers: { ...admin, 'content-type': 'text/csv' }, body: csv });
  const importMs = performance.now() - startedAt;
  const report = await reply.text();
  const importPeakMb = rssMb(server.pid, 'VmHWM') ?? 0;
  return { restMb, rows, csvBytes: Buffer.byteLength(csv), importStatus: reply.status, importReport: report.slice(0, 200), importMs, beforeImportMb, importPeakMb };
}

/** SCALE_ONLY=uncached skips the cached reads (the scenarios of the first table). */
const ONLY = process.env.SCALE_ONLY ?? '';
/** SCALE_MATCH keeps the scenarios whose name it matches; SCALE_DATABASES the databases it names. */
const MATCH = process.env.SCALE_MATCH ? new RegExp(process.env.SCALE_MATCH, 'i') : null;
const DATABASES = process.env.SCALE_DATABASES ?? '';
/** SCALE_MEMORY=0 skips the memory at rest and the import's peak. */
const MEMORY = process.env.SCALE_MEMORY !== '0';

/** The cached reads, the uncached ones, then memory, each on a server of its own. */
async function measureAll(start, shop) {
  const run = async (env, what) => {
    const server = await start(env);
    try {
      return await what(server);
    } finally {
      await server.stop();
    }
  };
  const cached = ONLY === 'uncached' ? [] : await run({}, (server) => measureShop(server, shop));
  const uncached = await run({ CATALOGUE_CACHE_MB: '0' }, (server) => measureUncached(server, shop));
  const memory = MEMORY ? await run({}, (server) => measureMemory(server)) : null;
  return { results: [...cached, ...uncached], memory };
}

async function onSqlite(shop) {
  const dataDir = freshDataDir('bulkhead-scale');
  try {
    const building = Date.now();
    await openSqliteStorage(sqliteFileIn(dataDir)).lifecycle.close(); // runs the migrations
    bulkInsertSqlite(sqliteFileIn(dataDir), shop);
    const buildMs = Date.now() - building;
    return { buildMs, ...(await measureAll((env) => startServer({ dataDir, env: { SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env }, discardOutput: true }), shop)) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(shop) {
  const database = await createScratchDatabase('scale');
  try {
    const building = Date.now();
    await (await openPostgresStorage(database.url)).lifecycle.close(); // runs the migrations
    await bulkInsertPostgres(database.url, shop);
    const buildMs = Date.now() - building;
    return { buildMs, ...(await measureAll((env) => startServer({ env: { DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env }, discardOutput: true }), shop)) };
  } finally {
    await database.drop();
  }
}

const cell = (value, width) => String(value).padStart(width);
const kb = (bytes) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`);
const figures = (r) =>
  `${cell(Math.round(r.rps), 7)} ${cell(r.p99, 6)} ${cell(r.cpuUsPerRequest === null ? '-' : Math.round(r.cpuUsPerRequest), 7)} ${cell(kb(r.bytes), 9)} ${cell(`${Math.round(r.rssAfterMb)}`, 5)}${r.connections === 1 ? '*' : ' '}`;

export async function runScaleBench() {
  const small = await buildBulkShop(SMALL_SHOP);
  const large = await buildBulkShop(LARGE_SHOP);
  const sections = [];
  const verdicts = [];
  const databases = [
    ['SQLite', onSqlite],
    ['PostgreSQL', onPostgres],
  ];
  for (const [database, run] of databases) {
    if (DATABASES && !DATABASES.toLowerCase().includes(database.toLowerCase())) continue;
    try {
      progress(`${database}, small shop`);
      const a = await run(small);
      progress(`${database}, large shop (built in ${a.buildMs} ms for the small one)`);
      const b = await run(large);
      progress(`${database}: large shop built in ${(b.buildMs / 1000).toFixed(1)} s`);
      sections.push({ database, small: a, large: b });
    } catch (error) {
      sections.push({ database, error: error.message });
    }
  }

  const describe = (size) => `${size.products.toLocaleString('en')} products, ${size.customers.toLocaleString('en')} customers, ${size.orders.toLocaleString('en')} orders`;
  console.log(`\nBulkhead scale bench: small = ${describe(SMALL_SHOP)}; large = ${describe(LARGE_SHOP)}`);
  console.log(`${SECONDS} s per run at ${CONNECTIONS} connections (* = one connection: the response is over 1 MB); ${Math.round((Date.now() - started) / 1000)} s in all`);
  console.log(`Machine load average (1/5/15 min) at the end: ${loadavg().map((value) => value.toFixed(2)).join(' / ')}`);
  console.log('Columns per size: req/s, p99 ms, server CPU µs/request, response size, server RSS MB after the run.');
  const head = `${'req/s'.padStart(7)} ${'p99'.padStart(6)} ${'CPU µs'.padStart(7)} ${'size'.padStart(9)} ${'RSS'.padStart(5)} `;
  for (const section of sections) {
    if (section.error) {
      console.log(`\n${section.database} skipped: ${section.error}`);
      continue;
    }
    console.log(`\n${section.database} (large shop built in ${(section.large.buildMs / 1000).toFixed(1)} s)`);
    console.log(`${'scenario'.padEnd(32)} | small: ${head}| large: ${head}| CPU large/small | req/s small/large`);
    section.small.results.forEach((a, index) => {
      const b = section.large.results[index];
      const cpu = a.cpuUsPerRequest && b.cpuUsPerRequest ? b.cpuUsPerRequest / a.cpuUsPerRequest : NaN;
      const slower = a.rps / b.rps;
      console.log(`${b.name.padEnd(32)} |        ${figures(a)}|        ${figures(b)}| ${cpu.toFixed(2)}x | ${slower.toFixed(2)}x`);
      // The server's CPU misses what PostgreSQL does in its own processes; req/s counts both.
      verdicts.push({ what: `${section.database} ${b.name}: large within ${TARGETS.ratio}× of small (req/s ${slower.toFixed(2)}×, server CPU ${cpu.toFixed(2)}×)`, ok: slower <= TARGETS.ratio && cpu <= TARGETS.ratio });
      verdicts.push({ what: `${section.database} ${b.name}: response ≤ 1 MB (${kb(b.bytes)})`, ok: b.bytes <= TARGETS.maxBytes });
    });
    if (!MEMORY) continue;
    for (const [size, m] of [['small', section.small.memory], ['large', section.large.memory]]) {
      console.log(`memory, ${size} shop: ${Math.round(m.restMb)} MB at rest; import of ${m.rows} rows (${kb(m.csvBytes)}): ${m.importStatus} in ${Math.round(m.importMs)} ms, peak ${Math.round(m.importPeakMb)} MB (${Math.round(m.beforeImportMb)} MB before)`);
      if (m.importStatus !== 200) console.log(`  import answered: ${m.importReport}`);
    }
    const m = section.large.memory;
    verdicts.push({ what: `${section.database}: a server at rest on the large shop under 160 MB (${Math.round(m.restMb)} MB)`, ok: m.restMb < 160 });
    verdicts.push({ what: `${section.database}: an import of ${m.rows} rows peaks under 256 MB (${Math.round(m.importPeakMb)} MB, answered ${m.importStatus})`, ok: m.importPeakMb < 256 && m.importStatus === 200 });
    const peak = Math.max(...[...section.small.results, ...section.large.results].map((r) => Math.max(r.rssMb, r.rssAfterMb)));
    verdicts.push({ what: `${section.database}: server memory under ${TARGETS.rssMb} MB throughout (peak ${Math.round(peak)} MB)`, ok: peak < TARGETS.rssMb });
  }
  const sqlite = sections.find((s) => s.database === 'SQLite' && !s.error);
  const postgres = sections.find((s) => s.database === 'PostgreSQL' && !s.error);
  if (sqlite && postgres) {
    for (const index of ONLY === 'uncached' || MATCH ? [] : [0, 1]) {
      const [a, b] = [sqlite.large.results[index], postgres.large.results[index]];
      const ratio = a.rps / b.rps;
      verdicts.push({ what: `large ${a.name}: PostgreSQL req/s within 2× of SQLite's (${ratio.toFixed(2)}×)`, ok: ratio <= 2 });
    }
  }
  console.log('\nTargets:');
  for (const { what, ok } of verdicts) console.log(`  ${ok ? 'met   ' : 'MISSED'} ${what}`);
}
