// One cold visit per page in a fresh browser context: axe's violations and the JS/CSS it loaded.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';

/** A page is settled when nothing has been in flight for this long. */
const QUIET_MS = 700;
/** The home page mounts its deferred forms 1.5 s after load: wait past that. */
const MIN_SETTLE_MS = 2000;
const MAX_SETTLE_MS = 15_000;

/** Resolves once the page has had no request in flight for QUIET_MS (at least minMs after start). */
const settle = (page, minMs = MIN_SETTLE_MS) =>
  new Promise((resolve) => {
    const started = Date.now();
    const inFlight = new Set();
    let lastActivity = Date.now();
    const onRequest = (request) => {
      inFlight.add(request);
      lastActivity = Date.now();
    };
    const onDone = (request) => {
      inFlight.delete(request);
      lastActivity = Date.now();
    };
    page.on('request', onRequest);
    page.on('requestfinished', onDone);
    page.on('requestfailed', onDone);
    const timer = setInterval(() => {
      const now = Date.now();
      const quiet = inFlight.size === 0 && now - lastActivity >= QUIET_MS && now - started >= minMs;
      if (quiet || now - started >= MAX_SETTLE_MS) {
        clearInterval(timer);
        page.off('request', onRequest);
        page.off('requestfinished', onDone);
        page.off('requestfailed', onDone);
        resolve();
      }
    }, 100);
  });

/** gzip -9 size of a built file (its .gz sibling when the build wrote one), or null if not ours. */
const gzipSizeOf = (distDir, url) => {
  const { pathname } = new URL(url);
  const file = join(distDir, decodeURIComponent(pathname));
  if (!file.startsWith(distDir) || !existsSync(file) || !statSync(file).isFile()) return null;
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
};

/** Sums what a list of finished script/stylesheet requests weighs: gzip -9 and on the wire. */
const sizeOf = async (assets, distDir) => {
  const size = { js: { gzip: 0, transfer: 0, files: [] }, css: { gzip: 0, transfer: 0, files: [] } };
  for (const { type, request } of assets) {
    const bucket = type === 'script' ? size.js : size.css;
    const sizes = await request.sizes();
    bucket.transfer += sizes.responseBodySize;
    bucket.gzip += gzipSizeOf(distDir, request.url()) ?? sizes.responseBodySize;
    bucket.files.push(new URL(request.url()).pathname);
  }
  return size;
};

/**
 * Scrolls down a viewport at a time (so every near-viewport section mounts, not only the last
 * one), lets the page settle, and returns to the top for axe.
 */
const scrollThrough = async (page) => {
  for (let step = 0; step < 30; step += 1) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atBottom) break;
  }
  await settle(page, QUIET_MS);
  await page.evaluate(() => window.scrollTo(0, 0));
};

/** Signs the context in through the API: the HttpOnly session cookie lands in the context's jar. */
export const signIn = async (context, baseUrl, account) => {
  const response = await context.request.post(`${baseUrl}/api/auth/sign-in`, {
    data: account,
    headers: { origin: baseUrl },
  });
  if (!response.ok()) throw new Error(`Sign-in of ${account.email} failed: HTTP ${response.status()}`);
};

/**
 * Visits `url` cold, lets it settle, scrolls once to the bottom (near-viewport sections mount),
 * then runs axe with its default rules (WCAG 2.x A/AA and best practices).
 */
export async function auditPage(browser, { baseUrl, distDir, url, account, viewport, axe: runAxe = true }) {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(20_000);
  const assets = [];
  const consoleErrors = [];
  try {
    if (account) await signIn(context, baseUrl, account);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type === 'script' || type === 'stylesheet') assets.push({ type, request });
    });
    const settled = settle(page);
    const response = await page.goto(`${baseUrl}${url}`, { waitUntil: 'load' });
    await settled;
    // The size figures are the cold load, before the visitor scrolls.
    const coldAssets = assets.slice();
    const finalPath = new URL(page.url()).pathname;
    if (!runAxe) return { status: response?.status() ?? null, finalPath, violations: [], size: await sizeOf(coldAssets, distDir), afterScroll: null, consoleErrors };
    await scrollThrough(page);

    const axe = await new AxeBuilder({ page }).analyze();
    const violations = axe.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary })),
    }));

    return {
      status: response?.status() ?? null,
      finalPath,
      violations,
      size: await sizeOf(coldAssets, distDir),
      afterScroll: await sizeOf(assets, distDir),
      consoleErrors,
    };
  } finally {
    await context.close();
  }
}
