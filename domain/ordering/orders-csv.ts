import { problem } from '../shared/field-problem.ts';
import type { FieldProblems } from '../shared/errors.ts';
import { centsAsDollars } from '../shared/money.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Order } from './order.ts';

/**
 * The orders file (docs/reports.md, "Reports"): one row per order line, the order's own columns repeated
 * on each, so a spreadsheet can sum by product or by order alike. Money in dollars with two
 * decimals, times in UTC ISO 8601.
 */
export const ORDER_EXPORT_COLUMNS = [
  'orderNumber',
  'placedAt',
  'status',
  'customerName',
  'email',
  'poNumber',
  'phone',
  'address',
  'orderTotal',
  // Given back so far (refunds and a cancel: docs/orders.md, "After the sale: cancel, refund, return").
  'refunded',
  'paidAt',
  'transactionId',
  'invoiceNumber',
  'shippedAt',
  'carrier',
  'trackingNumber',
  'line',
  'sku',
  'product',
  'unit',
  'quantity',
  'unitPrice',
  'lineTotal',
] as const;

export type OrderExportColumn = (typeof ORDER_EXPORT_COLUMNS)[number];

const time = (date: Date | null) => date?.toISOString() ?? '';

export const orderExportRows = (order: Order): Record<OrderExportColumn, string>[] =>
  order.lines.map((line, index) => ({
    orderNumber: order.number,
    placedAt: time(order.createdAt),
    status: order.status,
    customerName: order.customerName,
    email: order.email,
    poNumber: order.poNumber ?? '',
    phone: order.phone,
    address: order.address,
    orderTotal: centsAsDollars(order.totalCents),
    refunded: centsAsDollars(order.refundedCents),
    paidAt: time(order.paidAt),
    transactionId: order.transactionId ?? '',
    invoiceNumber: order.invoiceNumber ?? '',
    shippedAt: time(order.shippedAt),
    carrier: order.carrier ?? '',
    trackingNumber: order.trackingNumber ?? '',
    line: String(index + 1),
    sku: line.sku,
    product: line.productName,
    unit: line.unit,
    quantity: String(line.quantity),
    unitPrice: centsAsDollars(line.unitPriceCents),
    lineTotal: centsAsDollars(line.lineTotalCents),
  }));

/** A year at most per file; the default is the last 30 days. */
export const MAX_EXPORT_DAYS = 366;
const DEFAULT_EXPORT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const parseDay = (text: string): Date | null => {
  if (!DATE.test(text)) return null;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
};

/**
 * The export's period from `from` and `to` (both days as `2026-11-24`, UTC, both included), each
 * optional: placed in [from, the day after to).
 */
export const exportPeriod = (
  input: { from?: string | undefined; to?: string | undefined },
  today: Date,
): Result<{ from: Date; before: Date }, FieldProblems> => {
  const fields: FieldProblems = {};
  const to = input.to === undefined ? new Date(`${today.toISOString().slice(0, 10)}T00:00:00.000Z`) : parseDay(input.to);
  if (to === null) fields.to = problem('dayFormat');
  const from = input.from === undefined ? (to ? new Date(to.getTime() - (DEFAULT_EXPORT_DAYS - 1) * DAY_MS) : null) : parseDay(input.from);
  if (from === null && input.from !== undefined) fields.from = problem('dayFormat');
  if (Object.keys(fields).length > 0 || !from || !to) return fail(fields);
  if (from > to) return fail({ from: problem('periodReversed') });
  const before = new Date(to.getTime() + DAY_MS);
  if ((before.getTime() - from.getTime()) / DAY_MS > MAX_EXPORT_DAYS) return fail({ from: { rule: 'periodTooLong', days: MAX_EXPORT_DAYS } });
  return ok({ from, before });
};
