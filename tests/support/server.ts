/**
 * Starts the REAL server (the bundle of http/main.ts that `npm start` runs, rebuilt when stale) as a child process in its own process
 * group, on a free port, with a fresh DATA_DIR, and stops the whole group afterwards, so no test
 * leaves a server or a port behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from '../../scripts/server-build.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const TEST_ADMIN = { email: 'admin@bulkhead.test', password: 'admin-password-1' } as const;
/** Fixed so that several processes on one database accept each other's tokens. */
export const TEST_JWT_SECRET = 'test-secret-for-bulkhead-system-tests-0123456789';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** The server's own process, e.g. for the bench's memory readings. */
  pid: number;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** All of stdout since the start (the JSON log lines), for tests that read the log. */
  stdout: () => string;
  /**
   * Sends `signal` to the server's process group and resolves once it has exited and its output
   * is read to the end: SIGKILL for the crash tests, SIGTERM for the graceful-shutdown test.
   */
  kill: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** Extra or overriding environment variables (e.g. DATABASE_URL). */
  env?: Record<string, string>;
  /** Reuse a data directory (e.g. prepared beforehand); a fresh temp one otherwise. */
  dataDir?: string;
  /**
   * Keep only the last few kB of output (for failure messages) instead of all of it: for the
   * bench, whose servers log every request at info level, as in production.
   */
  discardOutput?: boolean;
  /** Health wait; a cold start with migrations takes a few seconds on two busy cores. */
  startTimeoutMs?: number;
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export const freshDataDir = (label = 'bulkhead'): string => mkdtempSync(join(tmpdir(), `${label}-`));

/** Only the variables we mean to pass: a developer's Stripe keys or DATABASE_URL must not leak in. */
const baseEnv = (): Record<string, string> => {
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'NODE_OPTIONS', 'npm_config_nodedir', 'TMPDIR'];
  return Object.fromEntries(keep.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitForHealth = async (url: string, child: ChildProcess, timeoutMs: number, output: () => string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before answering:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok && ((await response.json()) as { status?: string }).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
};

const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? freshDataDir();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [await ensureServerBuild(repoRoot)], {
    cwd: repoRoot,
    detached: true, // its own process group: stop() kills it and anything it spawned
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...baseEnv(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      AUTH_RATE_LIMIT: '10000',
      SIGNUP_RATE_LIMIT: '10000',
      // Journeys and benches place many orders per buyer; the cap's own tests set it low.
      MAX_UNPAID_ORDERS_PER_ACCOUNT: '1000000',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let log = '';
  let stdout = '';
  const keep = (text: string) => (options.discardOutput ? text.slice(-4000) : text);
  child.stdout?.on('data', (chunk: Buffer) => {
    log = keep(log + chunk.toString());
    stdout = keep(stdout + chunk.toString());
  });
  child.stderr?.on('data', (chunk: Buffer) => (log = keep(log + chunk.toString())));
  const output = () => log.slice(-4000);
  // 'close' (not 'exit'): by then stdout and stderr are drained too.
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const kill = (signal: NodeJS.Signals) => {
    killGroup(child, signal);
    return closed;
  };

  const stop = async () => {
    killGroup(child, 'SIGTERM');
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    const timedOut = await Promise.race([exited.then(() => false), sleep(5000).then(() => true)]);
    if (timedOut) {
      killGroup(child, 'SIGKILL');
      await exited;
    }
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, options.startTimeoutMs ?? 60_000, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, pid: child.pid!, output, stdout: () => stdout, kill, stop };
}
