/**
 * `npm start` reads a `.env` file from the directory it runs in, and a variable set in the
 * environment wins over the file: the real start script, started from a folder holding a .env.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, TEST_JWT_SECRET } from '../support/server.ts';

describe('.env file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'bulkhead-envfile-'));
  const child: { stop?: () => void } = {};
  afterAll(() => {
    child.stop?.();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is read by npm start, and the environment wins over it', async () => {
    const [filePort, envPort] = [await freePort(), await freePort()];
    const dataDir = join(folder, 'data-from-env-file');
    writeFileSync(
      join(folder, '.env'),
      [`# written by the test`, `PORT=${filePort}`, `DATA_DIR=${dataDir}`, `SEED_DEMO="false"`, `JWT_SECRET=${TEST_JWT_SECRET}`, ''].join('\n'),
    );
    const { PORT: _port, DATA_DIR: _dataDir, ...inherited } = process.env;
    const server = spawn(process.execPath, [join(repoRoot, 'scripts', 'start.mjs')], {
      cwd: folder,
      env: { ...inherited, PORT: String(envPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stop = () => server.kill('SIGTERM');
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const deadline = Date.now() + 60_000;
    let health: Response | null = null;
    while (!health && Date.now() < deadline) {
      health = await fetch(`http://127.0.0.1:${envPort}/api/health`).catch(() => null);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.status, output).toBe(200);
    expect(output).toContain(`Settings read from ${join(folder, '.env')}`);
    // DATA_DIR and SEED_DEMO came from the file; PORT from the environment.
    expect(existsSync(join(dataDir, 'bulkhead.db'))).toBe(true);
    const products = (await (await fetch(`http://127.0.0.1:${envPort}/api/products`)).json()) as { items: unknown[] };
    expect(products.items).toEqual([]);
    expect(await fetch(`http://127.0.0.1:${filePort}/api/health`).catch(() => null)).toBeNull();

    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    child.stop = undefined;
  });
});
