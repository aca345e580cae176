// Measuring helpers for bench/run.mjs: one load run in a child process while the server's
// resident memory is sampled, medians over rounds, and the printed table.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const LOAD_SCRIPT = fileURLToPath(new URL('./load.mjs', import.meta.url));
const RSS_SAMPLE_MS = 100;

/** Resident memory of a process in MB from /proc (Linux), or null where there is no /proc. */
export const rssMb = (pid, field = 'VmRSS') => {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
};

/** CPU time (user + system) a process has used so far, in microseconds, from /proc/<pid>/stat. */
const CLOCK_TICK_US = 10_000; // USER_HZ is 100 on Linux
export const cpuUs = (pid) => {
  try {
    // The command name (field 2) may hold spaces; count fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
  } catch {
    return null;
  }
};

const runLoadProcess = (options) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LOAD_SCRIPT, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the load generator exited with ${code}`))));
  });

/**
 * One run of `connections` × `duration` s against `url` + `paths`, with the server's peak
 * resident memory (VmRSS sampled every 100 ms while the load runs).
 */
export async function measure(serverPid, options) {
  let peak = rssMb(serverPid) ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(serverPid) ?? 0)), RSS_SAMPLE_MS);
  const cpuBefore = cpuUs(serverPid);
  try {
    const result = await runLoadProcess(options);
    const cpuAfter = cpuUs(serverPid);
    return {
      // Server CPU per request: unlike req/s, hardly moved by other work on a shared machine.
      cpuUsPerRequest: cpuBefore === null || cpuAfter === null || !result.requests.total ? null : (cpuAfter - cpuBefore) / result.requests.total,
      rps: result.requests.average,
      requests: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts,
      rssMb: Math.max(peak, rssMb(serverPid) ?? 0),
    };
  } finally {
    clearInterval(sampler);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The median of each figure over the rounds; memory is the peak of all rounds; failures add up. */
export const summarise = (runs) => ({
  rps: median(runs.map((run) => run.rps)),
  p50: median(runs.map((run) => run.p50)),
  p99: median(runs.map((run) => run.p99)),
  cpuUsPerRequest: runs.some((run) => run.cpuUsPerRequest === null) ? null : median(runs.map((run) => run.cpuUsPerRequest)),
  failures: runs.reduce((sum, run) => sum + run.failures, 0),
  rssMb: Math.max(...runs.map((run) => run.rssMb)),
  rounds: runs.length,
});

const cell = (value, width) => String(value).padStart(width);

export const tableHeader = () =>
  `${'scenario'.padEnd(34)} ${'conns'.padStart(5)} ${'server'.padEnd(9)} ${cell('req/s', 7)} ${cell('p50 ms', 7)} ${cell('p99 ms', 7)} ${cell('peak RSS', 9)} ${cell('CPU µs/req', 10)} ${cell('vs bare', 8)}`;

export const tableRow = (scenario, connections, server, summary, baseline) =>
  `${scenario.padEnd(34)} ${cell(connections, 5)} ${server.padEnd(9)} ${cell(Math.round(summary.rps), 7)} ${cell(summary.p50, 7)} ${cell(summary.p99, 7)} ${cell(`${Math.round(summary.rssMb)} MB`, 9)} ${cell(summary.cpuUsPerRequest === null ? '-' : Math.round(summary.cpuUsPerRequest), 10)} ${cell(baseline ? `${(summary.rps / baseline.rps).toFixed(2)}x` : '', 8)}` +
  (summary.failures ? `   (${summary.failures} non-2xx/errors)` : '');
