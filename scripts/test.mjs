#!/usr/bin/env node
// `npm test`: installs what the tests need when it is missing, builds the SPA if stale, runs every
// vitest project (domain, adapters, http, web, security, system, journeys) and ends with ONE line
// `N passed, N failed` that CI reads. Exit code 0 only when nothing failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const resultsDir = join(root, '.test-results');
const vitestJson = join(resultsDir, 'vitest.json');

/** Failures found before or outside vitest (a missing browser, a broken build), counted in the total. */
let extraFailed = 0;

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
};

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function ensureDependencies() {
  if (existsSync(join(root, 'node_modules', '.package-lock.json'))) return;
  console.log('node_modules is missing: running npm ci ...');
  if (run('npm', ['ci'], { env: { npm_config_nodedir: '/usr', ...process.env } }) !== 0) {
    console.error('npm ci failed; the tests cannot run.');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

/** Installs a Debian package the tests need (as root) when its binary is missing; false if it stays missing. */
function ensureDebianPackage(binary, pkg, why) {
  if (existsSync(binary)) return true;
  if (isRoot()) {
    console.log(`${binary} is missing: installing Debian's ${pkg} with apt-get ...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let code = run('apt-get', ['install', '-y', '-qq', pkg], { env });
    if (code !== 0) {
      run('apt-get', ['update', '-qq'], { env });
      code = run('apt-get', ['install', '-y', '-qq', pkg], { env });
    }
    if (code === 0 && existsSync(binary)) return true;
  }
  console.error(
    `\n${why} need ${pkg} at ${binary}. Install it as root with:\n` +
      `  sudo apt-get update && sudo apt-get install -y ${pkg}\n` +
      'then run npm test again. Those tests are counted as failed until then.\n',
  );
  return false;
}

const ensureChromium = () => ensureDebianPackage(CHROMIUM, 'chromium', 'The browser journeys');

async function ensureWebBuild() {
  const { needsWebBuild, buildWeb } = await import('./web-build.mjs');
  if (!needsWebBuild(root)) return true;
  console.log('Building the web app for the browser journeys ...');
  return (await buildWeb(root)) === 0;
}

/** Counts from vitest's JSON report; a run that crashed before writing it counts as one failure. */
function readVitestCounts() {
  if (!existsSync(vitestJson)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  // A test file that fails to load has no test results but is a failure all the same.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

ensureDependencies();
mkdirSync(resultsDir, { recursive: true });
rmSync(vitestJson, { force: true });

const chromiumReady = ensureChromium();
// The several-instances system test puts a real nginx in front of two servers; without it, it fails and says why.
ensureDebianPackage('/usr/sbin/nginx', 'nginx', 'The several-instances system test');
// The invoice and packing-slip tests read the PDFs' text back with poppler's pdftotext.
ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils', 'The invoice and packing-slip tests');
if (!(await ensureWebBuild())) {
  console.error('The web build failed: the browser journeys cannot run.');
  extraFailed += 1;
}
// Once, before the projects start server processes in parallel (tests/support/server.ts would
// otherwise race to build it). A build error fails those tests with esbuild's message.
await import('./server-build.mjs').then(({ ensureServerBuild }) => ensureServerBuild(root)).catch((error) => {
  console.error(`The server bundle could not be built: ${error instanceof Error ? error.message : error}`);
});

const vitestArgs = [
  join(root, 'node_modules', 'vitest', 'vitest.mjs'),
  'run',
  '--config',
  'vitest.workspace.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
  ...process.argv.slice(2),
];
if (!chromiumReady) {
  // Without a browser every journey is a failure; run the rest and say so in the total.
  const journeysDir = join(root, 'tests', 'journeys');
  const journeyFiles = existsSync(journeysDir) ? readdirSync(journeysDir).filter((name) => name.endsWith('.journey.ts')) : [];
  extraFailed += Math.max(journeyFiles.length, 1);
  for (const project of ['domain', 'adapters', 'http', 'web', 'security', 'system']) vitestArgs.push('--project', project);
}
if (process.env.TEST_DATABASE_URL) console.log(`PostgreSQL tests use TEST_DATABASE_URL (${process.env.TEST_DATABASE_URL}).`);
else console.log('TEST_DATABASE_URL is unset: the Postgres contract tests use PGlite.');

const started = Date.now();
const vitestCode = run(process.execPath, vitestArgs, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
const counts = readVitestCounts();
if (vitestCode !== 0 && counts.failed === 0) counts.failed = 1; // vitest failed for a reason it did not count
const failed = counts.failed + extraFailed;
console.log(`\nTests took ${((Date.now() - started) / 1000).toFixed(0)} s; ${counts.skipped ?? 0} skipped. Reports in .test-results/.`);
console.log(`${counts.passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
