/**
 * Orders as the SQL stores keep them: one `orders` row and its `order_lines` rows (the schemas'
 * orders and orderLines). Shared by SQLite and PostgreSQL so that both split and join an order
 * the same way.
 */
import type { OrderLine } from '#domain/ordering/order-lines.ts';
import { formatOrderNumber, numberingYear } from '#domain/ordering/order-number.ts';
import type { ReservationFailure } from '#domain/ordering/order-repository.ts';
import type { ApprovalReason } from '#domain/companies/approval.ts';
import type { NewOrder, Order } from '#domain/ordering/order.ts';

/** The approval record as the row keeps it, flat (docs/companies.md, "Approvals"). */
export interface ApprovalColumns {
  approvalReason: ApprovalReason | null;
  approvalDecidedBy: string | null;
  approvalDecidedAt: Date | null;
  rejectionReason: string | null;
}
export type OrderRow = Omit<Order, 'lines' | 'approval'> & ApprovalColumns;

/** The order (without its lines) a row holds. */
export const fromRow = (row: OrderRow): Omit<Order, 'lines'> => {
  const { approvalReason, approvalDecidedBy, approvalDecidedAt, rejectionReason, ...rest } = row;
  return {
    ...rest,
    approval: approvalReason === null ? null : { reason: approvalReason, decidedBy: approvalDecidedBy, decidedAt: approvalDecidedAt, rejectionReason },
  };
};

/** The row's approval columns for a placement that waits for `reason` (or not, when null). */
export const approvalColumns = (reason: ApprovalReason | null): ApprovalColumns => ({
  approvalReason: reason,
  approvalDecidedBy: null,
  approvalDecidedAt: null,
  rejectionReason: null,
});
export interface OrderLineRow extends OrderLine {
  orderId: string;
  position: number;
}

/** The order's row, numbered, and its line rows in the buyer's order. */
export const rowsOf = (order: NewOrder, sequence: number, waitingFor: ApprovalReason | null = null): { row: OrderRow; lines: OrderLineRow[] } => {
  const { lines, ...rest } = order;
  return {
    row: {
      ...rest,
      ...(waitingFor ? { status: 'awaiting-approval' as const } : {}),
      companyId: order.companyId ?? null,
      ...approvalColumns(waitingFor),
      number: formatOrderNumber(numberingYear(order.createdAt), sequence),
      refundedCents: 0,
      carrier: null,
      trackingNumber: null,
      invoiceNumber: null,
    },
    lines: lines.map((line, position) => ({ orderId: order.id, position, ...line })),
  };
};

/** Orders from their rows and every line of those rows (in any order). */
export const joinLines = (rows: readonly OrderRow[], lineRows: readonly OrderLineRow[]): Order[] => {
  const byOrder = new Map<string, OrderLineRow[]>();
  for (const line of lineRows) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return rows.map((row) => ({
    ...fromRow(row),
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
