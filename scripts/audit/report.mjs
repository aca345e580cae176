// The printed report: one table, then what misses a target and why.
import { CATEGORIES, LIGHTHOUSE_TARGETS, missedAxe, missedLighthouse } from './targets.mjs';

const kB = (bytes) => (bytes / 1024).toFixed(1);

const scoreCell = (result) => {
  if (!result) return '-';
  if (result.error && !Object.keys(result.scores).length) return 'failed';
  return CATEGORIES.map((category) => result.scores[category] ?? '?').join('/');
};

const pad = (text, width) => String(text).padEnd(width);
const padStart = (text, width) => String(text).padStart(width);

/**
 * rows: [{ page, path, as, axe: {violations, size, status, finalPath, error}, lighthouse: {mobile, desktop} }]
 * Returns the list of missed targets (also printed).
 */
export function printReport(rows, { log = console.log } = {}) {
  const header = ['page', 'as', 'path', 'axe', 'JS gz kB', 'JS br kB', 'CSS gz kB', 'LH mobile', 'LH desktop'];
  const lines = rows.map((row) => {
    const axe = row.axe;
    const axeCell = axe?.error ? 'error' : axe ? String(axe.violations.length) : '-';
    const redirected = axe && !axe.error && axe.finalPath !== row.path.split('?')[0] ? ` -> ${axe.finalPath}` : '';
    return [
      row.page,
      row.as,
      `${row.path}${redirected}`,
      axeCell,
      axe?.size ? kB(axe.size.js.gzip) : '-',
      axe?.size ? kB(axe.size.js.transfer) : '-',
      axe?.size ? kB(axe.size.css.gzip) : '-',
      scoreCell(row.lighthouse?.mobile),
      scoreCell(row.lighthouse?.desktop),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => String(line[column]).length)));
  const numeric = new Set([3, 4, 5, 6]);
  const format = (cells) =>
    cells.map((cell, column) => (numeric.has(column) ? padStart(cell, widths[column]) : pad(cell, widths[column]))).join('  ');
  log('');
  log(format(header));
  log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) log(format(line));
  log('');
  log(`LH = Lighthouse ${CATEGORIES.join('/')}. JS/CSS = every script and stylesheet a cold visit loads before`);
  log('any scrolling (gz: gzip -9 of the built files; br: bytes on the wire, served precompressed with brotli).');
  const mobile = LIGHTHOUSE_TARGETS.mobile;
  log(
    `Targets: Lighthouse mobile performance >= ${mobile.performance}, accessibility = ${mobile.accessibility}, ` +
      `best practices >= ${mobile['best-practices']}, SEO >= ${mobile.seo}; axe: 0 violations.`,
  );

  const indexes = rows.flatMap((row) => ['mobile', 'desktop'].map((f) => row.lighthouse?.[f]?.benchmarkIndex).filter(Boolean));
  if (indexes.length) {
    const low = Math.min(...indexes);
    log(
      `Lighthouse benchmarkIndex of this machine during the runs: ${low}-${Math.max(...indexes)}` +
        (low < 1000 ? ' (below 1,000: a slow or busy machine, so performance scores are pessimistic; rerun when it is idle).' : '.'),
    );
  }

  const missed = [];
  for (const row of rows) {
    const label = `${row.path} (${row.as})`;
    if (row.axe?.error) missed.push(`${label}: the axe visit failed: ${row.axe.error}`);
    else if (row.axe) missed.push(...missedAxe(label, row.axe.violations));
    for (const formFactor of ['mobile', 'desktop']) {
      const result = row.lighthouse?.[formFactor];
      if (result) missed.push(...missedLighthouse(row.path, formFactor, result.scores));
    }
  }
  log('');
  if (missed.length === 0) log('All targets met.');
  else {
    log(`TARGETS MISSED (${missed.length}):`);
    for (const line of missed) log(`  - ${line}`);
  }

  const withViolations = rows.filter((row) => row.axe?.violations?.length);
  if (withViolations.length) {
    log('');
    log('axe violations (rule, impact, elements):');
    for (const row of withViolations) {
      log(`  ${row.path} (${row.as}, ${row.page})`);
      for (const violation of row.axe.violations) {
        const targets = violation.nodes.slice(0, 4).map((node) => node.target);
        const more = violation.nodes.length > 4 ? ` +${violation.nodes.length - 4} more` : '';
        log(`    ${violation.id} [${violation.impact}] ${violation.help}: ${targets.join(' | ')}${more}`);
      }
    }
  }

  const lighthouseLosses = rows.flatMap((row) =>
    ['mobile', 'desktop'].flatMap((formFactor) => {
      const result = row.lighthouse?.[formFactor];
      if (!result) return [];
      const targets = LIGHTHOUSE_TARGETS[formFactor];
      return Object.keys(targets)
        .filter((category) => (result.scores[category] ?? 0) < targets[category] && result.lost?.[category]?.length)
        .map((category) => `  ${row.path} ${formFactor} ${category}: ${result.lost[category].slice(0, 6).join(', ')}`);
    }),
  );
  if (lighthouseLosses.length) {
    log('');
    log('Lighthouse audits costing points where a target is missed:');
    for (const line of lighthouseLosses) log(line);
  }
  return missed;
}
