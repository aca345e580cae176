import type { Cents } from '../shared/money.ts';
import type { FieldProblems } from '../shared/errors.ts';
import type { Order } from '../ordering/order.ts';

/**
 * After the sale (docs/orders.md, "After the sale: cancel, refund, return"): money and goods put
 * right after an order was paid. Refunds and returns are kept BESIDE the order, never as new
 * order states: the pay-then-ship machine stays as it is, with one more end, `cancelled`,
 * reachable only from a paid order that has not shipped.
 */

/** Days after shipping during which the buyer may ask to return goods. */
export const RETURN_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One line of a refund or a return: which product, how many units (and, for a refund, for how much). */
export interface AfterSaleLine {
  productId: string;
  quantity: number;
}

export interface RefundLine extends AfterSaleLine {
  /** The units at the price paid for them. */
  amountCents: Cents;
  /** Whether the units went back on the shelf. */
  restocked: boolean;
}

/**
 * Money given back on a paid order, with its credit note's number (`CN-2026-000001`, gapless like
 * invoices, taken when the refund is recorded). A refund made in the provider's own dashboard is
 * recorded too (`source: 'provider'`), from the provider's event.
 */
export interface Refund {
  id: string;
  orderId: string;
  number: string;
  amountCents: Cents;
  lines: RefundLine[];
  reason: string;
  /** The provider's refund id: one record per provider refund, however often it is reported. */
  providerRefundId: string;
  source: 'shop' | 'provider';
  createdAt: Date;
}
export type NewRefund = Omit<Refund, 'number'>;

/** requested → approved | rejected; approved → received. */
export type ReturnStatus = 'requested' | 'approved' | 'rejected' | 'received';
export const RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'rejected', 'received'];

export interface ReturnLine extends AfterSaleLine {
  /** Units the shop received back (set when the return is received). */
  receivedQuantity: number | null;
}

/** A buyer's request to send goods back (`RMA-2026-000001`), and what the shop answered and received. */
export interface Return {
  id: string;
  number: string;
  orderId: string;
  userId: string;
  status: ReturnStatus;
  lines: ReturnLine[];
  reason: string;
  /** The shop's instructions (approved) or why not (rejected). */
  answer: string | null;
  /** The refund made for the received units, once received. */
  refundId: string | null;
  createdAt: Date;
  answeredAt: Date | null;
  receivedAt: Date | null;
}
export type NewReturn = Omit<Return, 'number'>;

/** An order can be cancelled only while paid and not shipped. */
export const canCancel = (order: Pick<Order, 'status'>): boolean => order.status === 'pending';
/** Money can be given back on a paid order, shipped or not (a cancelled one was refunded whole). */
export const canRefund = (order: Pick<Order, 'status'>): boolean => order.status === 'pending' || order.status === 'shipped';
/** What is left to refund: never more than was paid. */
export const refundableCents = (order: Pick<Order, 'totalCents' | 'refundedCents'>): Cents => Math.max(0, order.totalCents - order.refundedCents);

/** Whether a return may still be asked for at `now`: shipped, and within the window. */
export const returnWindowOpen = (order: Pick<Order, 'status' | 'shippedAt'>, now: Date): boolean =>
  order.status === 'shipped' && order.shippedAt !== null && now.getTime() - order.shippedAt.getTime() <= RETURN_WINDOW_DAYS * DAY_MS;

/** Units per product over some lines. */
const unitsByProduct = (lines: readonly AfterSaleLine[]): Map<string, number> => {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
};

/**
 * Checks asked lines against a ceiling per product (what was ordered less what was refunded, or
 * shipped less what is already being returned): each product of the order at most once, a whole
 * number of units from 1 to its ceiling. The problems are keyed `lines.N.productId` and
 * `lines.N.quantity`, as the request's fields.
 */
export const checkAfterSaleLines = (asked: readonly AfterSaleLine[], ceiling: ReadonlyMap<string, number>): FieldProblems => {
  const problems: FieldProblems = {};
  const seen = new Set<string>();
  asked.forEach((line, index) => {
    const max = ceiling.get(line.productId);
    if (max === undefined) problems[`lines.${index}.productId`] = { rule: 'lineNotInOrder' };
    else if (seen.has(line.productId)) problems[`lines.${index}.productId`] = { rule: 'lineRepeated' };
    else if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > max) {
      problems[`lines.${index}.quantity`] = { rule: 'afterSaleQuantity', max };
    }
    seen.add(line.productId);
  });
  return problems;
};

/** What of each product may still be refunded: ordered less already refunded. */
export const refundableUnits = (order: Pick<Order, 'lines'>, refunds: readonly Pick<Refund, 'lines'>[]): Map<string, number> => {
  const refunded = unitsByProduct(refunds.flatMap((refund) => refund.lines));
  const ceiling = new Map<string, number>();
  for (const line of order.lines) {
    if (line.productId !== null) ceiling.set(line.productId, line.quantity - (refunded.get(line.productId) ?? 0));
  }
  return ceiling;
};

/**
 * What of each product may still be asked back: shipped less what other returns hold (a rejected
 * return holds nothing; a received one holds what arrived).
 */
export const returnableUnits = (order: Pick<Order, 'lines'>, returns: readonly Pick<Return, 'status' | 'lines'>[]): Map<string, number> => {
  const held = unitsByProduct(
    returns
      .filter((ret) => ret.status !== 'rejected')
      .flatMap((ret) => ret.lines.map((line) => ({ productId: line.productId, quantity: ret.status === 'received' ? (line.receivedQuantity ?? 0) : line.quantity }))),
  );
  const ceiling = new Map<string, number>();
  for (const line of order.lines) {
    if (line.productId !== null) ceiling.set(line.productId, line.quantity - (held.get(line.productId) ?? 0));
  }
  return ceiling;
};

/**
 * Whether a refund's lines fit what is left of each product (ordered less already refunded): the
 * check every store makes again inside the refund's own transaction, after it holds the order, so
 * two line refunds at once never give back more units than were bought.
 */
export const linesFitOrder = (order: Pick<Order, 'lines'>, refunds: readonly Pick<Refund, 'lines'>[], lines: readonly AfterSaleLine[]): boolean =>
  lines.length === 0 || Object.keys(checkAfterSaleLines(lines, refundableUnits(order, refunds))).length === 0;

/** Lines at the price paid for them (the order line's unit price): what a line refund gives back. */
export const priceRefundLines = (order: Pick<Order, 'lines'>, lines: readonly AfterSaleLine[], restock: boolean): RefundLine[] =>
  lines.map((line) => {
    const ordered = order.lines.find((own) => own.productId === line.productId);
    return { productId: line.productId, quantity: line.quantity, amountCents: (ordered?.unitPriceCents ?? 0) * line.quantity, restocked: restock };
  });

export const sumCents = (lines: readonly Pick<RefundLine, 'amountCents'>[]): Cents => lines.reduce((sum, line) => sum + line.amountCents, 0);
