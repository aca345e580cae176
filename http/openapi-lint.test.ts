import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '#adapters/payments/stripe/stripe-payment-gateway.ts';
import { createTestApp } from './test-support.ts';

/**
 * The API described (docs/api.md, "The API described"): Redocly's recommended rules, with the
 * exceptions `redocly.yaml` names and explains, find no error in /api/openapi.json, with the test
 * payment provider and with Stripe (each registers a route the other does not). Warnings are
 * printed, not failed. The CLI is the `@redocly/cli` devDependency; `REDOCLY_CLI` may name another
 * install's binary, to try a version before it is in the lock file.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REDOCLY = process.env.REDOCLY_CLI ?? join(ROOT, 'node_modules', '.bin', 'redocly');
const STRIPE = { secretKey: 'sk_test_openapi', publishableKey: 'pk_test_openapi', webhookSecret: 'whsec_openapi' };

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }[];
}

/** Runs `redocly lint --extends recommended` on the document; the JSON report, whatever the exit code. */
const lint = async (document: unknown): Promise<LintReport> => {
  const dir = await mkdtemp(join(tmpdir(), 'bulkhead-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const args = ['lint', '--config', join(ROOT, 'redocly.yaml'), '--extends', 'recommended', '--format', 'json', file];
    // No telemetry, no update check: the test asks nothing of the network.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };
    const stdout = await promisify(execFile)(REDOCLY, args, { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 }).then(
      (done) => done.stdout,
      // It exits 1 when it finds errors; the report on stdout says which.
      (failed: { stdout?: string; message: string }) => failed.stdout || Promise.reject(new Error(failed.message)),
    );
    return JSON.parse(stdout) as LintReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

const lines = (problems: LintReport['problems']) => problems.map(({ ruleId, message, location }) => `${ruleId} at ${location[0]?.pointer ?? '?'}: ${message}`);

describe("Redocly's recommended lint of /api/openapi.json", () => {
  it('finds the CLI (@redocly/cli, a devDependency)', () => {
    expect(existsSync(REDOCLY), `${REDOCLY}: run npm install`).toBe(true);
  });

  it.each([
    ['the test payment provider', () => createTestApp()],
    ['Stripe', () => createTestApp({ payments: createStripePaymentGateway(STRIPE) })],
  ])('finds no error, with %s', async (_name, app) => {
    const response = await app().call('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const report = await lint(response.json);
    const warnings = report.problems.filter((problem) => problem.severity !== 'error');
    if (warnings.length > 0) console.warn(`Redocly warnings:\n${lines(warnings).join('\n')}`);
    expect(lines(report.problems.filter((problem) => problem.severity === 'error'))).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });
});
