/**
 * A SQLite database that cannot serve (docs/operations.md, "When something fails"): its failures are named
 * so the edge answers 503, and a write that meets another writer's lock waits for it without
 * holding the event loop, on a real file with a real second connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { ProductRecord } from '#domain/catalog/product.ts';
import { created } from '../product-fixture.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storageFailureOf } from '../storage-failure.ts';
import type { Storage } from '../storage.ts';
import { openSqliteStorage } from './sqlite-store.ts';
import type { LockWait } from './wait-for-lock.ts';

/** Pauses the test releases itself, so no test waits on a clock. */
const steppedWait = (totalMs: number) => {
  const pending: Array<() => void> = [];
  let paused = 0;
  const wait: LockWait = {
    totalMs,
    pause: (ms) => {
      paused += ms;
      return new Promise((resolve) => pending.push(resolve));
    },
  };
  return {
    wait,
    pausedMs: () => paused,
    /** Resolves once a write is waiting, and lets that pause end. */
    async next() {
      while (pending.length === 0) await new Promise((resolve) => setImmediate(resolve));
      pending.shift()!();
    },
  };
};

const product = (sku: string): ProductRecord => ({
  id: randomUUID(),
  createdAt: new Date('2026-11-27T12:00:00Z'),
  name: `Bolt ${sku}`,
  sku,
  description: 'A bolt',
  imageUrl: '/images/bolt.svg',
  priceCents: 100,
  stock: 1000,
});

describe('SQLite when it cannot serve', () => {
  let dir: string;
  let file: string;
  let storage: Storage | undefined;
  let outside: Database.Database | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bulkhead-sqlite-failures-'));
    file = join(dir, 'shop.db');
  });
  afterEach(async () => {
    outside?.close();
    outside = undefined;
    await storage?.lifecycle.close();
    storage = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('names a full database, a read-only one and a held lock, through drizzle\'s wrapper too', async () => {
    storage = openSqliteStorage(file);
    const raw = new Database(file);
    raw.pragma('busy_timeout = 0');
    try {
      // A full disk and a database at its page limit answer SQLite's one "full" code.
      const pages = raw.pragma('page_count', { simple: true }) as number;
      raw.pragma(`max_page_count = ${pages}`);
      const full = (() => {
        try {
          raw.exec("CREATE TABLE ballast (x); INSERT INTO ballast VALUES (zeroblob(100000))");
        } catch (error) {
          return error;
        }
      })();
      expect(storageFailureOf(full)).toBe('full');
      expect(storageFailureOf(new Error('wrapped', { cause: full }))).toBe('full');
    } finally {
      raw.close();
    }
    const readOnly = new Database(file, { readonly: true });
    try {
      expect(storageFailureOf(catching(() => readOnly.exec('DELETE FROM products')))).toBe('read-only');
    } finally {
      readOnly.close();
    }
    outside = new Database(file);
    outside.exec('BEGIN IMMEDIATE');
    const second = new Database(file);
    second.pragma('busy_timeout = 0');
    try {
      expect(storageFailureOf(catching(() => second.exec('DELETE FROM products')))).toBe('busy');
    } finally {
      second.close();
    }
    // A refused write of ours is no outage: a constraint, a bug.
    expect(storageFailureOf(catching(() => outside!.exec('INSERT INTO no_such_table VALUES (1)')))).toBeNull();
    expect(storageFailureOf(new Error('something else'))).toBeNull();
    expect(storage.lifecycle.failureOf(catching(() => outside!.exec('BEGIN')))).toBeNull();
  });

  it('keeps answering reads while a write waits for a lock held from outside, then makes the write', async () => {
    const stepped = steppedWait(5_000);
    storage = openSqliteStorage(file, { lockWait: stepped.wait });
    const { products } = storage.repositories;
    const first = await created(products.create(product('B-1')));
    outside = new Database(file);
    outside.exec('BEGIN IMMEDIATE');
    outside.prepare('UPDATE products SET name = ? WHERE id = ?').run('held', first.id);

    const write = products.create(product('B-2'));
    await stepped.next(); // the write met the lock and waits off the event loop
    // Meanwhile reads answer: the outside writer's change is not committed, so they see the old name.
    expect((await products.findById(first.id))?.name).toBe('Bolt B-1');
    expect(await storage.lifecycle.ping()).toBeUndefined();

    outside.exec('COMMIT');
    await stepped.next();
    const made = await created(write);
    expect(made.sku).toBe('B-2');
    expect((await products.findById(made.id))?.sku).toBe('B-2');
    expect((await products.findById(first.id))?.name).toBe('held');
  });

  it('refuses a write as busy once the wait is spent, and leaves nothing half done', async () => {
    const stepped = steppedWait(40);
    storage = openSqliteStorage(file, { lockWait: stepped.wait });
    outside = new Database(file);
    outside.exec('BEGIN IMMEDIATE');
    const write = storage.repositories.products.create(product('B-3'));
    const refused = write.then(
      () => null,
      (error: unknown) => error,
    );
    for (let step = 0; step < 3; step++) await stepped.next();
    const error = await refused;
    expect(storage.lifecycle.failureOf(error)).toBe('busy');
    expect(stepped.pausedMs()).toBeLessThanOrEqual(40);
    outside.exec('ROLLBACK');
    expect(await storage.repositories.products.findBySku('B-3')).toBeNull();
  });
});

const catching = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};
