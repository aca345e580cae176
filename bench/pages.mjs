// The storefront's rendered pages (part of `npm run bench`; alone: `npm run bench -- --pages`),
// docs/storefront.md, "Measured": the cached product page's HTML against the cached JSON product
// read it is made from (goal ≥ 0.8× the rate), and a product page rendered on every request (the
// page cache off, CATALOGUE_CACHE_MB=0) at 10 connections (goal p99 ≤ 50 ms). Real server processes
// with the SSR build (npm run build) on a fresh SQLite file holding the bench's 200 products; both
// reads cycle through every product, with a browser's Accept-Encoding, in interleaved rounds.
import { rmSync } from 'node:fs';
import { seedBenchCatalogIntoSqlite } from '../tests/support/products.ts';
import { freshDataDir, repoRoot, startServer } from '../tests/support/server.ts';
import { needsWebBuild } from '../scripts/web-build.mjs';
import { measure, summarise, tableRow } from './measure.mjs';

const CONNECTIONS = 10;
const CATALOG_SIZE = 200;
const TARGETS = { ratio: 0.8, p99Ms: 50 };
const SERVER_ENV = { SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production' };
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' };
/** The load generator leaves the bodies unread (load.mjs, skipBodies): a compressed page is not its slow path. */
const LOAD = { headers: HEADERS, connections: CONNECTIONS, skipBodies: true };

export async function runPagesBench({ seconds, rounds, progress }) {
  if (needsWebBuild(repoRoot)) throw new Error('The pages bench measures the SSR build: run npm run build first (dist/ or dist-server/ is missing or stale).');
  const dataDir = freshDataDir('bulkhead-bench-pages');
  const { ids } = await seedBenchCatalogIntoSqlite(dataDir, { total: CATALOG_SIZE, extra: [] });
  const json = ids.map((id) => `/api/products/${id}`);
  const html = ids.map((id) => `/product/${id}`);
  const lines = [];
  const verdicts = [];
  const cached = await startServer({ dataDir, env: SERVER_ENV, discardOutput: true });
  const uncached = await startServer({ dataDir, env: { ...SERVER_ENV, CATALOGUE_CACHE_MB: '0' }, discardOutput: true });
  try {
    const page = await fetch(`${cached.url}${html[0]}`);
    if (page.status !== 200 || !(await page.text()).includes('<h1')) throw new Error(`the product page is not rendered (HTTP ${page.status}): is dist-server/ built?`);
    // Warm-up: every page and product read once into the caches (a render is slow enough that a
    // short timed warm-up leaves most pages unrendered, and the cached figures would be renders),
    // then a little load for the JIT.
    progress('pages: filling the caches');
    for (const path of [...json, ...html]) await (await fetch(`${cached.url}${path}`, { headers: HEADERS })).arrayBuffer();
    for (const paths of [json, html]) await measure(cached.pid, { url: cached.url, paths, ...LOAD, duration: 2 });
    await measure(uncached.pid, { url: uncached.url, paths: html, ...LOAD, duration: 2 });

    const [reads, pages, renders] = [[], [], []];
    for (let round = 0; round < rounds; round++) {
      progress(`pages: round ${round + 1} of ${rounds}`);
      reads.push(await measure(cached.pid, { url: cached.url, paths: json, ...LOAD, duration: seconds }));
      pages.push(await measure(cached.pid, { url: cached.url, paths: html, ...LOAD, duration: seconds }));
      renders.push(await measure(uncached.pid, { url: uncached.url, paths: html, ...LOAD, duration: seconds }));
    }
    const [read, cachedPage, render] = [summarise(reads), summarise(pages), summarise(renders)];
    lines.push(
      tableRow('GET /api/products/:id (cached)', CONNECTIONS, 'Bulkhead', read),
      tableRow('GET /product/:id HTML (cached)', CONNECTIONS, 'Bulkhead', cachedPage, read),
      tableRow('GET /product/:id HTML (rendered)', CONNECTIONS, 'Bulkhead', render, read),
    );
    const failures = read.failures + cachedPage.failures + render.failures;
    const ratio = cachedPage.rps / read.rps;
    verdicts.push(
      { what: `cached product page HTML ≥ ${TARGETS.ratio}× the cached JSON product read (${ratio.toFixed(2)}×: ${Math.round(cachedPage.rps)} vs ${Math.round(read.rps)} req/s)`, ok: ratio >= TARGETS.ratio && failures === 0 },
      { what: `product page rendered on every request, p99 ≤ ${TARGETS.p99Ms} ms at ${CONNECTIONS} connections (${render.p99} ms, p50 ${render.p50} ms, ${Math.round(render.rps)} req/s)`, ok: render.p99 <= TARGETS.p99Ms && failures === 0 },
    );
    if (failures > 0) lines.push(`  (${failures} requests failed or answered other than 2xx)`);
    return { lines, verdicts };
  } finally {
    await Promise.all([cached.stop(), uncached.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
