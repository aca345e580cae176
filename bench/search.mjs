// The catalogue search at a supplier's size (part of `npm run bench`; alone: `npm run bench -- --search`).
// 20,000 products (tests/support/bulk-shop.ts: 25 kinds of part in five departments, eight sizes,
// seven finishes, eight brands) are bulk-inserted into a fresh SQLite file. Three searches are
// measured at 10 connections against bare-search-server.mjs, which replays on the same file the
// statements the real server ran for each request, captured beforehand: a word search
// ("nut m8", "bolt m10 stainless"), a part-number prefix ("BULK-00012") and a department or
// category sorted by price from a minimum price. Each search cycles through over a thousand
// distinct requests whose answers together outgrow the server's response cache (8 MB), so every
// request is computed as a first visit would be, never served from the cache. PostgreSQL (the
// same shop, bulk-inserted) is measured beside them.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { openPostgresStorage } from '../adapters/storage/postgres/postgres-store.ts';
import { openSqliteStorage } from '../adapters/storage/sqlite/sqlite-store.ts';
import { DEFAULT_CACHE_BYTES } from '../http/response-cache.ts';
import { startServer as startInProcess } from '../http/server.ts';
import {
  BULK_CATEGORY_SLUGS,
  BULK_FINISHES,
  BULK_KINDS,
  BULK_SIZES,
  LARGE_SHOP,
  bulkInsertPostgres,
  bulkInsertSqlite,
  buildBulkShop,
} from '../tests/support/bulk-shop.ts';
import { createScratchDatabase } from '../tests/support/postgres.ts';
import { sqliteFileIn } from '../tests/support/products.ts';
import { freePort, freshDataDir, startServer } from '../tests/support/server.ts';
import { measure, summarise, tableRow } from './measure.mjs';

const CONNECTIONS = 10;
const TARGETS = { ratio: 0.8, p99Ms: 20 };
const SERVER_ENV = { SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production' };

const products = (query) => `/api/products?${new URLSearchParams(query)}`;
const lastWord = (text) => text.split(' ').at(-1).toLowerCase();

/** The three searches, each as the list of request paths it cycles through. */
export const SEARCHES = [
  {
    name: 'word search',
    paths: BULK_KINDS.flatMap((kind) =>
      BULK_SIZES.flatMap((size) => [
        products({ q: `${lastWord(kind)} ${size.toLowerCase()}` }),
        ...[...new Set(BULK_FINISHES.map((finish) => finish.split(' ')[0]))].map((finish) => products({ q: `${lastWord(kind)} ${size.toLowerCase()} ${finish}` })),
      ]),
    ),
  },
  {
    name: 'SKU-prefix search',
    paths: Array.from({ length: 2_000 }, (_, n) => products({ q: `BULK-0${String(n).padStart(4, '0')}` })),
  },
  {
    name: 'category by price',
    paths: BULK_CATEGORY_SLUGS.flatMap((category) =>
      Array.from({ length: 50 }, (_, step) => products({ category, sort: 'price-asc', minPriceCents: String(100 + step * 97) })),
    ),
  },
];

/**
 * Runs every search path once through the real server in this process and notes the SQL
 * statements each one ran (better-sqlite3 has no query log, so the statements' run methods note
 * them), leaving out the response cache's version check. Also sums the answers' sizes.
 */
async function captureStatements(dataDir) {
  const statement = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1'));
  let noting = null;
  const originals = {};
  for (const method of ['all', 'get', 'iterate']) {
    originals[method] = statement[method];
    statement[method] = function (...args) {
      if (noting && /^\s*(select|with)/i.test(this.source)) noting.push({ sql: this.source, args });
      return originals[method].apply(this, args);
    };
  }
  const server = await startInProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), ...SERVER_ENV, LOG_LEVEL: 'error' });
  const byPath = {};
  const bytes = {};
  try {
    for (const { name, paths } of SEARCHES) {
      bytes[name] = 0;
      for (const path of paths) {
        noting = [];
        const reply = await fetch(`${server.url}${path}`);
        const body = await reply.arrayBuffer();
        if (!reply.ok) throw new Error(`${path}: ${reply.status} ${Buffer.from(body).toString()}`);
        byPath[path] = noting;
        bytes[name] += body.byteLength;
        noting = null;
      }
    }
  } finally {
    noting = null;
    Object.assign(statement, originals);
    await server.close();
  }
  return { byPath, bytes };
}

async function startBareSearchServer(file, statementsFile) {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-search-server.mjs', import.meta.url)), file, statementsFile, String(port)], {
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

/** Rows for the bench's table and verdicts for its targets. */
export async function runSearchBench({ seconds, rounds, progress }) {
  const lines = [];
  const verdicts = [];
  const shop = await buildBulkShop({ ...LARGE_SHOP, customers: 1, orders: 0 });
  const run = (server, paths) => measure(server.pid, { url: server.url, paths, connections: CONNECTIONS, duration: seconds });
  const bareFigures = {};

  const dataDir = freshDataDir('bulkhead-search-bench');
  try {
    progress(`search: ${shop.products.length.toLocaleString('en')} products into SQLite, then each search's statements captured`);
    await openSqliteStorage(sqliteFileIn(dataDir)).lifecycle.close(); // the real migrations
    bulkInsertSqlite(sqliteFileIn(dataDir), shop);
    const { byPath, bytes } = await captureStatements(dataDir);
    const statementsFile = join(dataDir, 'search-statements.json');
    writeFileSync(statementsFile, JSON.stringify(byPath));
    for (const { name, paths } of SEARCHES) {
      const mb = bytes[name] / 1024 / 1024;
      lines.push(`  ${name}: ${paths.length.toLocaleString('en')} distinct requests, ${mb.toFixed(1)} MB of answers, e.g. ${decodeURIComponent(paths[1])}`);
      if (bytes[name] < 1.5 * DEFAULT_CACHE_BYTES) throw new Error(`${name}: the answers fit the response cache; the bench would measure cache hits`);
    }
    const server = await startServer({ dataDir, env: SERVER_ENV, discardOutput: true });
    const bare = await startBareSearchServer(sqliteFileIn(dataDir), statementsFile);
    try {
      for (const target of [server, bare]) for (const { paths } of SEARCHES) await measure(target.pid, { url: target.url, paths, connections: CONNECTIONS, duration: 1 });
      for (const { name, paths } of SEARCHES) {
        progress(`search: ${name}, SQLite`);
        const ours = [];
        const theirs = [];
        for (let round = 0; round < rounds; round++) {
          ours.push(await run(server, paths));
          theirs.push(await run(bare, paths));
        }
        const [a, b] = [summarise(ours), summarise(theirs)];
        bareFigures[name] = b;
        lines.push(tableRow(`SQLite ${name}`, CONNECTIONS, 'Bulkhead', a, b), tableRow('', CONNECTIONS, 'bare', b));
        verdicts.push({ what: `${name} at ${CONNECTIONS}: ratio ≥ ${TARGETS.ratio} (${(a.rps / b.rps).toFixed(2)}×)`, ok: a.rps / b.rps >= TARGETS.ratio });
        verdicts.push({ what: `${name} at ${CONNECTIONS}: p99 ≤ ${TARGETS.p99Ms} ms (${a.p99} ms)`, ok: a.p99 <= TARGETS.p99Ms });
      }
    } finally {
      bare.stop();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  let database;
  try {
    progress('search: the same shop on PostgreSQL');
    database = await createScratchDatabase('search');
    await (await openPostgresStorage(database.url)).lifecycle.close();
    await bulkInsertPostgres(database.url, shop);
    const server = await startServer({ env: { ...SERVER_ENV, DATABASE_URL: database.url }, discardOutput: true });
    try {
      for (const { paths } of SEARCHES) await measure(server.pid, { url: server.url, paths, connections: CONNECTIONS, duration: 1 });
      for (const { name, paths } of SEARCHES) {
        progress(`search: ${name}, PostgreSQL`);
        const runs = [];
        for (let round = 0; round < rounds; round++) runs.push(await run(server, paths));
        // The ratio is to the bare SQLite handler's figures above.
        lines.push(tableRow(`Postgres ${name}`, CONNECTIONS, 'Bulkhead', summarise(runs), bareFigures[name]));
      }
    } finally {
      await server.stop();
    }
  } catch (error) {
    lines.push(`Postgres search skipped: ${error.message}`);
  } finally {
    await database?.drop();
  }
  return { lines, verdicts };
}
