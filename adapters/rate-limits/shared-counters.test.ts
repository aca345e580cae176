/**
 * The attempt counters two instances share: on a real PostgreSQL (the `rate_limits` table its
 * migration made) and on the real Redis at 127.0.0.1:6379, what one instance counts the other
 * sees; memory stays per process.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresStorage } from '../storage/postgres/postgres-store.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../tests/support/postgres.ts';
import { openSharedCounters, type SharedCounters } from './shared-counters.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const opened: SharedCounters[] = [];
let database: ScratchDatabase | undefined;
afterAll(async () => {
  for (const counters of opened) await counters.close();
  await database?.drop();
});

const twoInstances = async (settings: { redisUrl: string | null; postgresUrl: string | null }) => {
  const [a, b] = [await openSharedCounters(settings), await openSharedCounters(settings)];
  opened.push(a, b);
  return [a, b] as const;
};

const budget = (keyPrefix: string) => ({ keyPrefix, points: 1_000, duration: 60 });

describe.each([
  ['PostgreSQL', async () => {
    database = await createScratchDatabase('counters');
    await (await openPostgresStorage(database.url)).lifecycle.close(); // the migrations make rate_limits
    return { redisUrl: null, postgresUrl: database.url };
  }],
  ['Redis', async () => ({ redisUrl: REDIS_URL, postgresUrl: null })],
] as const)('shared counters on %s', (kind, settingsFor) => {
  it('counts what either instance counts, per rule and key, in one window', async () => {
    const [a, b] = await twoInstances(await settingsFor());
    expect(a.kind).toBe(kind === 'Redis' ? 'redis' : 'postgres');
    const rule = `sign-in-${randomBytes(4).toString('hex')}`;
    const onA = a.store(budget(rule));
    const onB = b.store(budget(rule));
    for (let n = 0; n < 6; n++) await onA.consume('203.0.113.7');
    for (let n = 0; n < 4; n++) await onB.consume('203.0.113.7');
    expect((await onB.consume('203.0.113.7')).consumedPoints).toBe(11);
    expect((await onA.get('203.0.113.7'))?.consumedPoints).toBe(11);
    // Another key, and another rule with the same key, start from nothing.
    expect((await onA.consume('198.51.100.1')).consumedPoints).toBe(1);
    expect((await a.store(budget(`${rule}-other`)).consume('203.0.113.7')).consumedPoints).toBe(1);
  });
});

describe('counters without a shared store', () => {
  it('keep each process its own count', async () => {
    const [a, b] = await twoInstances({ redisUrl: null, postgresUrl: null });
    expect(a.kind).toBe('memory');
    await a.store(budget('memory')).consume('k');
    expect((await b.store(budget('memory')).consume('k')).consumedPoints).toBe(1);
  });
});
