import { REPORT_PERIODS } from '#domain/admin/sales-report.ts';

/**
 * The day key of the SQL stores' sales roll-up (`sales_days`, `sales_day_products`): the UTC
 * calendar day, `2026-11-24`, as the triggers that keep it write it. The report asks for whole UTC
 * days (domain/admin/sales-report.ts), so [from, to) is the days from `from`'s to before `to`'s.
 */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from one day key to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The report period a range of whole days is, if it is one (30 or 90 days): the SQL stores keep a
 * window of totals per period (`sales_windows`, docs/reports.md, "Reports") starting on `firstDay`.
 */
export const reportWindowOf = (from: Date, to: Date): { days: number; firstDay: string; endDay: string } | null => {
  const firstDay = dayOf(from);
  const endDay = dayOf(to);
  const days = daysBetween(firstDay, endDay);
  return (REPORT_PERIODS as readonly number[]).includes(days) ? { days, firstDay, endDay } : null;
};

/**
 * How a window moves from the first day it holds to another (docs/reports.md, "Reports"): summed
 * afresh when it held none or moves by a whole period or more, else the days between taken out
 * (moving on) or added (moving back, as a test's clock may).
 */
export const windowMove = (
  held: string | undefined,
  firstDay: string,
  days: number,
): { kind: 'none' } | { kind: 'rebuild' } | { kind: 'shift'; start: string; end: string; sign: 1 | -1 } => {
  if (held === firstDay) return { kind: 'none' };
  if (held === undefined || Math.abs(daysBetween(held, firstDay)) >= days) return { kind: 'rebuild' };
  return held < firstDay ? { kind: 'shift', start: held, end: firstDay, sign: -1 } : { kind: 'shift', start: firstDay, end: held, sign: 1 };
};
