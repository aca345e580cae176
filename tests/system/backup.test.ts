/**
 * `npm run db:backup` against a live server that keeps taking orders: the copies open, pass
 * SQLite's integrity check, hold the rows, and are consistent snapshots (stock + ordered units of
 * the copy == the starting stock, even though orders were being written while it was taken).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, signUpCustomer } from '../support/api.ts';
import { seedProductsIntoSqlite } from '../support/products.ts';
import { freshDataDir, repoRoot, startServer, TEST_ADMIN, type RunningServer } from '../support/server.ts';

const STOCK = 1_000_000;

const runBackup = (env: Record<string, string>, args: string[] = []) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-backup.mjs', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

const inspect = (file: string, productId: string) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const ordered = db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(quantity), 0) AS units FROM order_lines WHERE product_id = ?').get(productId) as {
      n: number;
      units: number;
    };
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      journalMode: db.pragma('journal_mode', { simple: true }),
      stock: (db.prepare('SELECT stock FROM products WHERE id = ?').get(productId) as { stock: number }).stock,
      orders: ordered.n,
      units: ordered.units,
      emails: (db.prepare('SELECT email FROM users').all() as { email: string }[]).map((row) => row.email),
    };
  } finally {
    db.close();
  }
};

describe('npm run db:backup (SQLite, server running)', () => {
  const dataDir = freshDataDir('bulkhead-backup');
  const elsewhere = freshDataDir('bulkhead-backup-target');
  let server: RunningServer;
  let productId: string;
  let buyerEmail: string;
  let buyer: string;

  beforeAll(async () => {
    const [product] = await seedProductsIntoSqlite(dataDir, [{ name: 'Backup Test Flange', stock: STOCK, priceCents: 450 }]);
    productId = product!.id;
    server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
    buyerEmail = `backup-buyer-${Date.now()}@bulkhead.test`;
    buyer = await signUpCustomer(server, buyerEmail);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('copies a consistent snapshot while orders are being written', async () => {
    // Four writers keep ordering until both backups are done.
    let writing = true;
    let placed = 0;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const reply = await placeOrder(server.url, buyer, productId, 100);
        expect(reply.status).toBe(201);
        placed += 1;
      }
    });
    while (placed < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    const toDefault = await runBackup({ DATA_DIR: dataDir });
    const explicit = join(elsewhere, 'nested', 'nightly.db');
    const toPath = await runBackup({ DATA_DIR: dataDir }, [explicit]);
    writing = false;
    await Promise.all(writers);

    expect(toDefault.stderr).toBe('');
    expect(toDefault.code).toBe(0);
    expect(toPath.code).toBe(0);
    const backups = readdirSync(join(dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^bulkhead-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/);
    const defaultCopy = join(dataDir, 'backups', backups[0]!);
    expect(toDefault.stdout).toContain(`to ${defaultCopy}`);
    expect(toDefault.stdout).toContain('integrity ok');
    expect(toPath.stdout).toContain(`to ${explicit}`);

    for (const copy of [defaultCopy, explicit]) {
      const state = inspect(copy, productId);
      expect(state.integrity).toBe('ok');
      // A single self-contained file: no WAL that would have to travel with it.
      expect(state.journalMode).toBe('delete');
      expect(existsSync(`${copy}-wal`)).toBe(false);
      expect(state.emails).toEqual(expect.arrayContaining([TEST_ADMIN.email, buyerEmail]));
      expect(state.orders).toBeGreaterThanOrEqual(20);
      expect(state.orders).toBeLessThanOrEqual(placed);
      expect(state.stock + state.units).toBe(STOCK);
    }
    // The server kept serving throughout and still does.
    expect((await placeOrder(server.url, buyer, productId, 100)).status).toBe(201);
  });

  it('never overwrites an existing file', async () => {
    const existing = join(elsewhere, 'keep-me.db');
    writeFileSync(existing, 'precious');
    const result = await runBackup({ DATA_DIR: dataDir }, [existing]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('already exists');
    expect(readFileSync(existing, 'utf8')).toBe('precious');
  });

  it('says clearly when there is no database yet', async () => {
    const empty = freshDataDir('bulkhead-backup-empty');
    try {
      const result = await runBackup({ DATA_DIR: empty });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`No SQLite database at ${join(empty, 'bulkhead.db')}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('points at pg_dump for PostgreSQL, without printing the password', async () => {
    const result = await runBackup({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://shop:pw-Secret-81@db.example.com:5432/bulkhead' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pg_dump');
    expect(result.stderr).toContain('db.example.com:5432/bulkhead');
    expect(result.stderr + result.stdout).not.toContain('pw-Secret-81');
  });
});
