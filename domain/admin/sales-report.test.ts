import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createWorld } from '../testing/world.ts';
import { fillDays, parseReportPeriod, salesReport } from './sales-report.ts';

describe('sales report', () => {
  it('lists every day of the period oldest first, zeros where nothing sold', () => {
    const from = new Date('2026-02-27T00:00:00Z');
    expect(fillDays([{ day: '2026-03-01', orders: 2, revenueCents: 500, refundedCents: 100 }], from, 4)).toEqual([
      { day: '2026-02-27', orders: 0, revenueCents: 0, refundedCents: 0 },
      { day: '2026-02-28', orders: 0, revenueCents: 0, refundedCents: 0 },
      { day: '2026-03-01', orders: 2, revenueCents: 500, refundedCents: 100 },
      { day: '2026-03-02', orders: 0, revenueCents: 0, refundedCents: 0 },
    ]);
  });

  it('takes 30 or 90 days, 30 when not said', () => {
    expect([undefined, '30', '90', '7', '30.0', ' 90', 'abc'].map(parseReportPeriod)).toEqual([30, 30, 90, null, 30, 90, null]);
  });

  it('is for admins only, and ends with today (UTC)', async () => {
    const world = createWorld(createMemoryStorage().repositories);
    const [admin, buyer] = [await world.addUser({ role: 'admin' }), await world.addUser()];
    expect(await salesReport(world.deps, { actor: buyer })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
    const report = await salesReport(world.deps, { actor: admin, days: '30' });
    expect(report.ok && report.value.perDay.map((day) => day.day).at(-1)).toBe(world.clock.now().toISOString().slice(0, 10));
    expect(report.ok && report.value.perDay).toHaveLength(30);
  });
});
