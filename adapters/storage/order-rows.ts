/**
 * Orders as the SQL stores keep them: one `orders` row and its `order_lines` rows (the schemas'
 * orders and orderLines). Shared by SQLite and PostgreSQL so that both split and join an order
 * the same way.
 */
import type { OrderLine } from '#domain/ordering/order-lines.ts';
import { formatOrderNumber, numberingYear } from '#domain/ordering/order-number.ts';
import type { ReservationFailure } from '#domain/ordering/order-repository.ts';
import type { NewOrder, Order } from '#domain/ordering/order.ts';

export type OrderRow = Omit<Order, 'lines'>;
export interface OrderLineRow extends OrderLine {
  orderId: string;
  position: number;
}

/** The order's row, numbered, and its line rows in the buyer's order. */
export const rowsOf = (order: NewOrder, sequence: number): { row: OrderRow; lines: OrderLineRow[] } => {
  const { lines, ...rest } = order;
  return {
    row: { ...rest, number: formatOrderNumber(numberingYear(order.createdAt), sequence), refundedCents: 0, carrier: null, trackingNumber: null, invoiceNumber: null },
    lines: lines.map((line, position) => ({ orderId: order.id, position, ...line })),
  };
};

/** Orders from their rows and every line of those rows (in any order). */
export const joinLines = (rows: readonly OrderRow[], lineRows: readonly OrderLineRow[]): Order[] => {
  const byOrder = new Map<string, OrderLineRow[]>();
  for (const line of lineRows) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return rows.map((row) => ({
    ...row,
    lines: (byOrder.get(row.id) ?? []).sort((a, b) => a.position - b.position).map(({ orderId: _order, position: _position, ...line }) => line),
  }));
};

/** Thrown inside a placement's transaction to undo what it reserved and report why. */
export class PlacementRefused extends Error {
  constructor(readonly failure: ReservationFailure) {
    super(`order not placed: ${failure.code}`);
  }
}

/** The sequence kinds order and invoice numbers are taken from (`number_sequences`). */
export const ORDER_SEQUENCE = 'order';
export const INVOICE_SEQUENCE = 'invoice';
/** The sequence kinds credit notes and returns are numbered from (domain/after-sale). */
export const CREDIT_NOTE_SEQUENCE = 'credit-note';
export const RETURN_SEQUENCE = 'return';
