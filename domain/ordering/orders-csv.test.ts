import { describe, expect, it } from 'vitest';
import { exportPeriod } from './orders-csv.ts';

const today = new Date('2026-11-24T15:30:00Z');
const day = (text: string) => new Date(`${text}T00:00:00.000Z`);

describe('exportPeriod', () => {
  it('is the last 30 days, today included, by default; both ends are whole UTC days, both included', () => {
    expect(exportPeriod({}, today)).toEqual({ ok: true, value: { from: day('2026-10-26'), before: day('2026-11-25') } });
    expect(exportPeriod({ from: '2026-01-01', to: '2026-01-31' }, today)).toEqual({ ok: true, value: { from: day('2026-01-01'), before: day('2026-02-01') } });
    expect(exportPeriod({ to: '2026-03-01' }, today)).toEqual({ ok: true, value: { from: day('2026-01-31'), before: day('2026-03-02') } });
  });

  it('refuses days that are not YYYY-MM-DD or do not exist, a reversed period and more than a year', () => {
    expect(exportPeriod({ from: '2026-02-30' }, today)).toEqual({ ok: false, error: { from: { rule: 'dayFormat' } } });
    expect(exportPeriod({ from: '24/11/2026', to: 'yesterday' }, today)).toEqual({ ok: false, error: { from: { rule: 'dayFormat' }, to: { rule: 'dayFormat' } } });
    expect(exportPeriod({ from: '2026-05-02', to: '2026-05-01' }, today)).toEqual({ ok: false, error: { from: { rule: 'periodReversed' } } });
    expect(exportPeriod({ from: '2024-12-31', to: '2026-01-01' }, today)).toEqual({ ok: false, error: { from: { rule: 'periodTooLong', days: 366 } } });
    expect(exportPeriod({ from: '2025-01-02', to: '2026-01-02' }, today).ok).toBe(true);
  });
});
