import type { Cents } from '../shared/money.ts';
import type { OrderLine } from './order-lines.ts';

/**
 * How many unpaid orders one account may hold at once, and how long an unpaid order holds its
 * stock: the defaults of `MAX_UNPAID_ORDERS_PER_ACCOUNT` and `UNPAID_ORDER_TTL_HOURS`, so nobody
 * can tie up the shelf with orders they never pay.
 */
export const DEFAULT_MAX_UNPAID_ORDERS = 5;
export const DEFAULT_UNPAID_ORDER_TTL_HOURS = 48;

/**
 * unpaid → pending (paid, verified with the provider) → shipped; pending → cancelled (an admin
 * refunds the whole payment before shipping: docs/orders.md, "After the sale: cancel, refund,
 * return"). No other transition exists; refunds and returns are kept beside the order.
 */
export type OrderStatus = 'unpaid' | 'pending' | 'shipped' | 'cancelled';

/**
 * One order: many lines, one payment, one delivery (docs/orders.md, "Orders, cart, quick order"). Payment, shipping and
 * deletion always cover the whole order.
 */
export interface Order {
  id: string;
  /** The short human number (`BH-2026-000123`, order-number.ts) the order is named by everywhere; the store gives it at placement. */
  number: string;
  userId: string;
  email: string;
  customerName: string;
  /** At least one; each product once, in the order the buyer listed them. */
  lines: OrderLine[];
  /** Units across every line. */
  itemCount: number;
  totalCents: Cents;
  /** Money given back so far (refunds, domain/after-sale): never more than `totalCents`. */
  refundedCents: Cents;
  phone: string;
  address: string;
  /** The buyer's purchase-order reference, for their accounts payable. */
  poNumber: string | null;
  note: string | null;
  status: OrderStatus;
  transactionId: string | null;
  /** The provider's intent opened to pay this order (while unpaid), asked before the order is deleted. */
  paymentIntentId: string | null;
  idempotencyKey: string | null;
  createdAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  /** Given by the admin when shipping, for the buyer to follow the parcel. */
  carrier: string | null;
  trackingNumber: string | null;
  /** `INV-2026-000001`, given when the order is paid (order-number.ts); never reused. */
  invoiceNumber: string | null;
}

/** Where a shipped order went with whom, as the admin gave it when shipping (both optional). */
export interface ShippingDetails {
  carrier: string | null;
  trackingNumber: string | null;
}

/** An order as the use case hands it to the store, before the store numbers it; shipping and invoicing fill the rest later. */
export type NewOrder = Omit<Order, 'number' | 'carrier' | 'trackingNumber' | 'invoiceNumber' | 'refundedCents'>;

export const canDelete = (order: Pick<Order, 'status'>): boolean => order.status === 'unpaid';
export const canPay = (order: Pick<Order, 'status'>): boolean => order.status === 'unpaid';
export const canShip = (order: Pick<Order, 'status'>): boolean => order.status === 'pending';
