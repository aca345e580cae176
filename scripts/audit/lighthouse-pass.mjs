// Lighthouse 12 through its own CLI (it launches and closes Chromium itself), one run per call.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES } from './targets.mjs';

export const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const run = (command, args, env) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });

/** The audits that cost points in a category, worst first: what to fix. */
const lostPoints = (report, category) =>
  report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ...report.audits[ref.id], weight: ref.weight }))
    .filter((audit) => audit.score !== null && audit.score < 1)
    .sort((a, b) => b.weight * (1 - b.score) - a.weight * (1 - a.score))
    .map((audit) => `${audit.id} (${Math.round(audit.score * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);

/**
 * Scores one URL; `formFactor` is 'mobile' (Lighthouse's default: Moto G power, slow 4G,
 * simulated) or 'desktop' (its desktop preset). The JSON report is kept in `reportDir`.
 */
export async function lighthouse({ root, url, formFactor, reportDir, name }) {
  mkdirSync(reportDir, { recursive: true });
  const outputPath = join(reportDir, `${name}-${formFactor}.json`);
  const args = [
    join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const { code, output } = await run(process.execPath, args, { ...process.env, CHROME_PATH: CHROMIUM });
  if (code !== 0) return { scores: {}, lost: {}, error: output.trim().split('\n').slice(-5).join('\n') };
  const report = JSON.parse(readFileSync(outputPath, 'utf8'));
  const scores = {};
  const lost = {};
  for (const category of CATEGORIES) {
    const score = report.categories[category]?.score;
    scores[category] = typeof score === 'number' ? Math.round(score * 100) : null;
    lost[category] = report.categories[category] ? lostPoints(report, category) : [];
  }
  const metrics = {
    fcpMs: report.audits['first-contentful-paint']?.numericValue,
    lcpMs: report.audits['largest-contentful-paint']?.numericValue,
    tbtMs: report.audits['total-blocking-time']?.numericValue,
    cls: report.audits['cumulative-layout-shift']?.numericValue,
  };
  // Lighthouse's own measure of this machine's speed at the time (a quiet modern desktop is about
  // 1,500-2,500); performance scores from a slow or busy machine are pessimistic.
  const benchmarkIndex = Math.round(report.environment?.benchmarkIndex ?? 0);
  return { scores, lost, metrics, benchmarkIndex, error: report.runtimeError?.message ?? null };
}

/** The run with the median performance score out of `runs` (Lighthouse's own advice for noise). */
export async function medianLighthouse(options, runs) {
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await lighthouse({ ...options, name: runs > 1 ? `${options.name}-${i + 1}` : options.name }));
  const scored = results.filter((result) => typeof result.scores.performance === 'number');
  if (scored.length === 0) return results[0];
  scored.sort((a, b) => a.scores.performance - b.scores.performance);
  return scored[Math.floor(scored.length / 2)];
}
