import type { ApprovalReason } from '../companies/approval.ts';
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
 * return"). A company buyer's order may start one step earlier (docs/companies.md, "Approvals"):
 * awaiting-approval → unpaid (a manager approves) or → rejected (a manager refuses; stock back).
 * No other transition exists; refunds and returns are kept beside the order.
 */
export type OrderStatus = 'awaiting-approval' | 'unpaid' | 'pending' | 'shipped' | 'cancelled' | 'rejected';
export const ORDER_STATUSES: readonly OrderStatus[] = ['awaiting-approval', 'unpaid', 'pending', 'shipped', 'cancelled', 'rejected'];

/**
 * Why a company order waited for a manager, and what the manager decided (docs/companies.md,
 * "Approvals"): `decidedBy`/`decidedAt` once approved or rejected, `rejectionReason` when rejected.
 */
export interface OrderApproval {
  reason: ApprovalReason;
  decidedBy: string | null;
  decidedAt: Date | null;
  rejectionReason: string | null;
}

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
  /**
   * The company the buyer belonged to when placing it (docs/companies.md, "Approvals"): the order
   * stays the company's even after the buyer leaves. Null for a buyer without a company.
   */
  companyId: string | null;
  /** Set when the order had to wait for a manager's approval; null otherwise. */
  approval: OrderApproval | null;
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

/**
 * An order as the use case hands it to the store, before the store numbers it; shipping and
 * invoicing fill the rest later. `companyId` defaults to null; the store sets `approval` (and the
 * waiting status) when the placement's approval rule says so (order-repository.ts, PlacementApproval).
 */
export type NewOrder = Omit<Order, 'number' | 'carrier' | 'trackingNumber' | 'invoiceNumber' | 'refundedCents' | 'companyId' | 'approval'> & {
  companyId?: string | null;
};

/** The states that hold their units on the shelf for the buyer (the unpaid cap and the expiry clock count them). */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['unpaid', 'awaiting-approval'];
export const holdsStock = (order: Pick<Order, 'status'>): boolean => HOLDING_STATUSES.includes(order.status);
/**
 * The states whose money counts as sold (the sales report) and once paid: every state past unpaid
 * but rejected, which never was.
 */
export const COUNTED_STATUSES: readonly OrderStatus[] = ['pending', 'shipped', 'cancelled'];
/**
 * The states that count against a member's monthly limit (docs/companies.md, "Approvals"): every
 * order still standing, waiting or not, that was not rejected or cancelled (deleted and expired
 * orders are gone).
 */
export const SPENDING_STATUSES: readonly OrderStatus[] = ['awaiting-approval', 'unpaid', 'pending', 'shipped'];

/** The buyer (or an admin) can withdraw an order still holding stock: unpaid, or still waiting for approval. */
export const canDelete = (order: Pick<Order, 'status'>): boolean => holdsStock(order);
export const canPay = (order: Pick<Order, 'status'>): boolean => order.status === 'unpaid';
export const awaitsApproval = (order: Pick<Order, 'status'>): boolean => order.status === 'awaiting-approval';
/**
 * When an order's unpaid clock started (docs/companies.md, "Approvals"): at placing, or, for a
 * company order a manager approved, at the approval, since only then can its buyer pay. The time
 * spent waiting for a manager is not taken from the time to pay.
 */
export const unpaidClockStart = (order: Pick<Order, 'createdAt' | 'approval'>): Date => order.approval?.decidedAt ?? order.createdAt;

/** A manager of the buyer's company said no (docs/companies.md, "Approvals"): never paid, never paid again. */
export const wasRejected = (order: Pick<Order, 'status'>): boolean => order.status === 'rejected';
export const canShip = (order: Pick<Order, 'status'>): boolean => order.status === 'pending';
