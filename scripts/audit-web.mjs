#!/usr/bin/env node
// `npm run audit:web`: builds the SPA when stale, starts the real server on a fresh DATA_DIR (demo
// data), visits every page with axe (signed out, as a customer, as the admin) measuring the JS and
// CSS each one loads cold, scores the public pages with Lighthouse 12 (mobile and desktop), and
// prints one table plus the targets it misses. It is a report: the exit code is 0 unless the
// audit itself could not run.
//
// Options: --runs=N        Lighthouse runs per page and form factor, the median is kept (default 1)
//          --no-lighthouse axe and sizes only
//          --only=TEXT     only pages whose name or path contains TEXT
//          --no-build      audit dist/ as it is, even when older than its sources
//          --slow-only     only the slow-network pass (phone, 400 ms / 400 kbit/s)
//          --no-slow       skip the slow-network pass
//          --weights-only  only each page's first-load JS and CSS: no axe, no Lighthouse, no slow pass
// Reports (Lighthouse JSON, summary.json) are kept in .test-results/audit/.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../tests/support/browser.ts';
import { repoRoot, startServer } from '../tests/support/server.ts';
import { auditPage, signIn } from './audit/axe-pass.mjs';
import { medianLighthouse } from './audit/lighthouse-pass.mjs';
import { PAGES, prepareFixtures } from './audit/pages.mjs';
import { printReport } from './audit/report.mjs';
import { printSlowNetwork, slowNetworkAudit } from './audit/slow-network.mjs';
import { buildWeb, needsWebBuild } from './web-build.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    'slow-only': { type: 'boolean', default: false },
    'no-slow': { type: 'boolean', default: false },
    'weights-only': { type: 'boolean', default: false },
  },
});
if (options['weights-only']) Object.assign(options, { 'no-lighthouse': true, 'no-slow': true });
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error('--runs must be a whole number from 1 to 9.');
  process.exit(2);
}

const distDir = join(repoRoot, 'dist');
const reportDir = join(repoRoot, '.test-results', 'audit');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

if (!options['no-build'] && needsWebBuild(repoRoot)) {
  console.log('Building the web app (dist/ is missing or older than its sources)...');
  const code = await buildWeb(repoRoot, { quiet: true });
  if (code !== 0) {
    console.error(`The web build failed (exit ${code}).`);
    process.exit(code);
  }
}

const pages = PAGES.filter(
  (page) =>
    !options['slow-only'] && (!options.only || page.name.includes(options.only) || page.path({ productId: '', orderId: '' }).includes(options.only)),
);

const log = (text) => process.stdout.write(`${text}\n`);
const started = Date.now();
const server = await startServer();
let browser;
const rows = [];
try {
  log(`Server on ${server.url} (fresh DATA_DIR, demo data). Load average: ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${availableParallelism()} cores.`);
  const fixtures = await prepareFixtures(server);
  browser = await launchBrowser();
  for (const page of pages) {
    const path = page.path(fixtures);
    process.stdout.write(`axe  ${page.as.padEnd(8)} ${path} ... `);
    let axe;
    try {
      axe = await auditPage(browser, {
        baseUrl: server.url,
        distDir,
        url: path,
        account: fixtures.accounts[page.as],
        viewport: { width: 1280, height: 900 },
        axe: !options['weights-only'],
      });
      log(options['weights-only'] ? `${(axe.size.js.gzip / 1024).toFixed(1)} kB JS gzipped` : `${axe.violations.length} violation(s)`);
    } catch (error) {
      axe = { error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
      log(`failed: ${axe.error}`);
    }
    rows.push({ page: page.name, as: page.as, path, lighthouse: page.lighthouse, axe });
  }
  let slowNetwork = null;
  if (!options['no-slow']) {
    log('slow network: home page and route changes on a 390 px phone at 400 ms / 400 kbit/s ...');
    slowNetwork = await slowNetworkAudit(browser, { baseUrl: server.url, fixtures, signIn });
  }
  await browser.close();
  browser = undefined;

  if (!options['no-lighthouse'] && !options['slow-only']) {
    // One at a time and after the browser is closed: Lighthouse's timings need the cores.
    for (const row of rows.filter((candidate) => candidate.lighthouse)) {
      const results = {};
      for (const formFactor of ['mobile', 'desktop']) {
        process.stdout.write(`lighthouse ${formFactor.padEnd(7)} ${row.path} ... `);
        const name = row.page.replace(/[^a-z0-9]+/gi, '-');
        results[formFactor] = await medianLighthouse({ root: repoRoot, url: `${server.url}${row.path}`, formFactor, reportDir, name }, runs);
        log(results[formFactor].error ? `failed: ${results[formFactor].error}` : Object.values(results[formFactor].scores).join('/'));
      }
      row.lighthouse = results;
    }
  }
  for (const row of rows) if (row.lighthouse === true || row.lighthouse === undefined) row.lighthouse = null;

  const missed = rows.length ? printReport(rows, { log }) : [];
  if (slowNetwork) {
    printSlowNetwork(slowNetwork, log);
    missed.push(...slowNetwork.missed);
  }
  writeFileSync(join(reportDir, 'summary.json'), `${JSON.stringify({ date: new Date().toISOString(), runs, rows, slowNetwork, missed }, null, 2)}\n`);
  log('');
  log(`Audit finished in ${Math.round((Date.now() - started) / 1000)} s; reports in .test-results/audit/.`);
} finally {
  await browser?.close().catch(() => undefined);
  await server.stop();
}
