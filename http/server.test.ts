import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from './logger.ts';
import { startServer, type RunningServer } from './server.ts';

describe('the real server (SQLite file, test payments)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bulkhead-server-'));
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds, bootstraps the admin, serves on the port and shuts down cleanly', async () => {
    server = await startServer(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'secret-boss' },
      { logger: silentLogger, webRoot: join(dataDir, 'no-build') },
    );
    expect(server.banner).toBe(
      `Bulkhead listening on http://localhost:${server.port}; store: SQLite ${join(dataDir, 'bulkhead.db')}; ` +
        `payments: offline test provider (no real charges); mail: outbox ${join(dataDir, 'outbox')}; ` +
        `images: local ${join(dataDir, 'uploads')}; Google sign-in: not configured`,
    );
    expect(existsSync(join(dataDir, 'bulkhead.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);

    const base = `http://127.0.0.1:${server.port}`;
    // Health carries the event loop's delays, read off Node's histogram (docs/operations.md, "Logs").
    const health = (await (await fetch(`${base}/api/health`)).json()) as { status: string; eventLoop: { p99Ms: number; maxMs: number } };
    expect(health.status).toBe('ok');
    expect(health.eventLoop).toEqual({ p99Ms: expect.any(Number), maxMs: expect.any(Number), longestGcMs: expect.any(Number) });
    expect(health.eventLoop.maxMs).toBeGreaterThanOrEqual(health.eventLoop.p99Ms);
    const products = (await (await fetch(`${base}/api/products?limit=6`)).json()) as { items: unknown[] };
    expect(products.items).toHaveLength(6);

    // Only the security headers a current browser acts on.
    const product = await fetch(`${base}/api/products?limit=1`);
    expect(product.headers.get('x-frame-options')).toBe('DENY');
    expect(product.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const legacy of ['x-xss-protection', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-dns-prefetch-control', 'origin-agent-cluster']) {
      expect(product.headers.has(legacy)).toBe(false);
    }

    const signIn = await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'secret-boss' }),
    });
    const session = (await signIn.json()) as { user: { role: string }; token: string };
    expect(session.user.role).toBe('admin');
    const users = await fetch(`${base}/api/admin/users`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(users.status).toBe(200);

    expect((await fetch(`${base}/`)).status).toBe(200);

    // The admin deletes every demo product: a restart on the same file does not bring them back.
    const auth = { authorization: `Bearer ${session.token}` };
    const all = (await (await fetch(`${base}/api/products?limit=100`)).json()) as { items: { id: string }[] };
    for (const { id } of all.items) expect((await fetch(`${base}/api/products/${id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    await server.close();
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    server = null;

    server = await startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }, { logger: silentLogger, webRoot: join(dataDir, 'no-build') });
    const again = (await (await fetch(`http://127.0.0.1:${server.port}/api/products`)).json()) as { items: unknown[] };
    expect(again.items).toEqual([]);
  });
});
