import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, invalid, type ErrorOf } from '../shared/errors.ts';
import type { Clock } from '../shared/clock.ts';
import type { Cents } from '../shared/money.ts';
import { problem } from '../shared/field-problem.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { OrderRepository } from '../ordering/order-repository.ts';
import type { LowStockProduct, ReportRepository, SalesDay, TopProduct } from './report-repository.ts';
import { LOW_STOCK_BELOW } from './shop-overview.ts';

/**
 * The admin overview's pictures (docs/reports.md, "Reports"): what sold per day, what sells most, what
 * is about to run out and what waits to be shipped. Sales are paid orders (paid, shipped), counted
 * on the UTC day they were placed.
 */
export const REPORT_PERIODS = [30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const TOP_PRODUCTS = 5;
export const LOW_STOCK_LISTED = 10;

export interface SalesReport {
  days: ReportPeriod;
  /** Every day of the period, oldest first, days without sales included as zeros. */
  perDay: SalesDay[];
  /** Gross revenue beside what was refunded of it and the net (gross less refunds). */
  totals: { orders: number; revenueCents: Cents; refundedCents: Cents; netRevenueCents: Cents };
  topProducts: TopProduct[];
  lowStock: LowStockProduct[];
  awaitingShipment: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** The period's days, oldest first, each with the sales found for it or zeros. */
export const fillDays = (found: readonly SalesDay[], from: Date, days: number): SalesDay[] => {
  const byDay = new Map(found.map((day) => [day.day, day]));
  return Array.from({ length: days }, (_, i) => {
    const day = dayOf(new Date(from.getTime() + i * DAY_MS));
    return byDay.get(day) ?? { day, orders: 0, revenueCents: 0, refundedCents: 0 };
  });
};

export const parseReportPeriod = (text: string | undefined): ReportPeriod | null => {
  const days = Number(text ?? '30');
  return (REPORT_PERIODS as readonly number[]).includes(days) ? (days as ReportPeriod) : null;
};

export type SalesReportPorts = {
  store: { reports: Pick<ReportRepository, 'salesPerDay' | 'topProducts' | 'lowStock'>; orders: Pick<OrderRepository, 'count'> };
  clock: Clock;
};

export const salesReport = async (
  { store, clock }: SalesReportPorts,
  { actor, ...input }: { actor: User; days?: string | undefined },
): Promise<Result<SalesReport, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const days = parseReportPeriod(input.days);
  if (days === null) return fail(invalid({ days: problem('reportPeriod') }));
  // Whole UTC days: today and the days before it.
  const startOfToday = new Date(`${dayOf(clock.now())}T00:00:00.000Z`);
  const to = new Date(startOfToday.getTime() + DAY_MS);
  const from = new Date(to.getTime() - days * DAY_MS);
  const [found, topProducts, lowStock, awaitingShipment] = await Promise.all([
    store.reports.salesPerDay(from, to),
    store.reports.topProducts(from, to, TOP_PRODUCTS),
    store.reports.lowStock(LOW_STOCK_BELOW, LOW_STOCK_LISTED),
    store.orders.count({ status: 'pending' }),
  ]);
  const perDay = fillDays(found, from, days);
  const sums = perDay.reduce(
    (sum, day) => ({ orders: sum.orders + day.orders, revenueCents: sum.revenueCents + day.revenueCents, refundedCents: sum.refundedCents + day.refundedCents }),
    { orders: 0, revenueCents: 0, refundedCents: 0 },
  );
  const totals = { ...sums, netRevenueCents: sums.revenueCents - sums.refundedCents };
  return ok({ days, perDay, totals, topProducts, lowStock, awaitingShipment });
};
