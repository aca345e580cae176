/**
 * The edge when the database cannot serve (docs/operations.md, "When something fails"): 503 with a clear
 * message and Retry-After, never 500; health says so with the reason until the database serves
 * again; the outage is logged once, not per request; liveness never asks the database. A real
 * SQLite file whose lock another connection holds, so the failure is SQLite's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '#adapters/storage/sqlite/sqlite-store.ts';
import type { Storage } from '#adapters/storage/storage.ts';
import { messages } from '#domain/messages.ts';
import { FAILURE_HOLD_MS } from './storage-watch.ts';
import { addProduct, createTestApp, expectError, keptLogger } from './test-support.ts';

describe('a database that cannot serve', () => {
  let dir: string;
  let storage: Storage;
  let outside: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bulkhead-outage-'));
    const file = join(dir, 'shop.db');
    // No waiting for the lock: the first busy answer is refused, as one past the wait would be.
    storage = openSqliteStorage(file, { lockWait: { totalMs: 0, pause: async () => undefined } });
    outside = new Database(file);
  });
  afterEach(async () => {
    if (outside.inTransaction) outside.exec('ROLLBACK');
    outside.close();
    await storage.lifecycle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After, reports it on health until it serves again, and logs the outage once', async () => {
    let now = new Date('2026-11-27T12:00:00Z').getTime();
    const { logger, lines } = keptLogger();
    const { call, signUp } = createTestApp({ storage, logger, clock: { now: () => new Date(now) } });
    const buyer = await signUp();
    const product = await addProduct(storage.repositories);
    const cartOf = (quantity: number) => ({ cookie: buyer.token, body: { lines: [{ productId: product.id, quantity }] } });
    expect(await call('GET', '/api/health')).toMatchObject({ status: 200, json: { status: 'ok' } });

    outside.exec('BEGIN IMMEDIATE');
    const refusals = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      refusals.push(await call('PUT', '/api/cart', cartOf(100 + attempt)));
    }
    for (const refused of refusals) {
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(expectError(refused.json)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: messages.storageUnavailable.busy });
    }
    // Reads go on while the lock is held.
    expect((await call('GET', '/api/products?limit=5')).status).toBe(200);
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.json).toEqual({ status: 'unavailable', reason: 'busy', message: messages.storageUnavailable.busy });
    expect(health.headers.get('retry-after')).toBe('5');
    expect(await call('GET', '/api/health/live')).toMatchObject({ status: 200, json: { status: 'ok' } });

    // One line for the outage, naming SQLite's own cause; no 500s, no stack per request.
    const outage = lines.filter((line) => line.message === 'the database cannot serve requests');
    expect(outage).toHaveLength(1);
    expect(outage[0]).toMatchObject({ level: 'error', details: { failure: 'busy' } });
    expect(String(outage[0]!.details!.error)).toMatch(/^SQLITE_BUSY/);
    expect(lines.some((line) => line.message === 'unhandled error')).toBe(false);
    const refusedLines = lines.filter((line) => line.message === 'request' && line.details?.path === '/api/cart');
    expect(refusedLines.map((line) => [line.level, line.details?.status])).toEqual(Array.from({ length: 3 }, () => ['warn', 503]));

    outside.exec('ROLLBACK');
    // The write goes through as soon as the lock is free; nothing of the refused ones was kept.
    expect((await call('GET', '/api/cart', { cookie: buyer.token })).json.lines).toEqual([]);
    expect((await call('PUT', '/api/cart', cartOf(200))).json.lines).toMatchObject([{ productId: product.id, quantity: 200 }]);
    // Health keeps the instance out for a moment after the last failure, then lets it back.
    expect((await call('GET', '/api/health')).status).toBe(503);
    now += FAILURE_HOLD_MS;
    expect(await call('GET', '/api/health')).toMatchObject({ status: 200, json: { status: 'ok' } });
    expect(lines.filter((line) => line.message === 'the database serves requests again')).toHaveLength(1);
  });

  it('reports a database that does not answer at all', async () => {
    const { call } = createTestApp({ storage });
    await storage.lifecycle.close();
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({ status: 'unavailable', reason: 'unreachable' });
    expect((await call('GET', '/api/health/live')).status).toBe(200);
  });
});
