import type { AuditNote } from '../audit/audit-log.ts';
import type { ApprovalReason } from '../companies/approval.ts';
import type { CompanyOrderMailKind, OrderMailKind } from '../mail/mail-outbox.ts';
import type { Page, PageRequest } from '../shared/page.ts';
import type { Result } from '../shared/result.ts';
import type { NewOrder, Order, OrderStatus, ShippingDetails } from './order.ts';

/** A line the reservation found short: its index in the order and the units the product had. */
export interface ShortLine {
  index: number;
  available: number;
}

/**
 * Why a reservation wrote nothing, keyed by code: every short line, or the first line whose
 * product is gone, or `duplicate-key` (the same user already has an order with this
 * idempotency key).
 */
export type ReservationFailure =
  | { code: 'insufficient-stock'; short: ShortLine[] }
  | { code: 'product-not-found'; index: number }
  | { code: 'duplicate-key' };

/**
 * What the admins' order list can be narrowed to. `q` matches an order by one of its search keys:
 * its id exactly, any tail of its number (`000001`, `2026-000001`, `BH-2026-000001`, any case:
 * order-number.ts, `orderNumberTail`), the customer's e-mail (case-insensitive), or the start of its
 * purchase-order number (as typed). Each adapter keeps those keys in one list, each served by an
 * index (docs/orders.md, "Finding an order").
 */
export interface OrderSearch {
  status?: OrderStatus | undefined;
  /** One company's orders (docs/companies.md, "Approvals"), along orders_company_newest_idx. */
  companyId?: string | undefined;
  q?: string | undefined;
  /** Placed in [from, before): the orders export's period. */
  placed?: { from: Date; before: Date } | undefined;
}

/**
 * A company buyer's placement (docs/companies.md, "Approvals"): inside the placing transaction,
 * after every earlier order of the member is settled (SQLite's IMMEDIATE transaction; PostgreSQL
 * locks the member's company_members row first), the store sums what the buyer spent for
 * `companyId` since `monthStart` (their orders for that company in SPENDING_STATUSES; what they
 * bought on their own before joining is not the company's) and asks `decide`; a reason makes the order wait
 * (`awaiting-approval`, its approval record set) and queues `waitingMail` instead of the placement's
 * `mail`. Two orders at once therefore cannot both slip under one limit.
 */
export interface PlacementApproval {
  /** The buyer's company, the one the order is placed for. */
  companyId: string;
  monthStart: Date;
  decide: (spentThisMonthCents: number) => ApprovalReason | null;
  waitingMail: readonly CompanyOrderMailKind[];
}

/** A manager's decision on a waiting order (docs/companies.md, "Approvals"). */
export type ApprovalDecision =
  | { approve: true; by: string; at: Date }
  | { approve: false; by: string; at: Date; reason: string };

/** What a company's order list can be narrowed to: a status, one member's orders. */
export interface CompanyOrderSearch {
  status?: OrderStatus | undefined;
  userId?: string | undefined;
}

/**
 * `mail`, on the methods that change an order, is what the domain decided the change sends
 * (order-mail.ts): each kind is queued about the order, at the change's time, in the same
 * transaction, only when the change happens (docs/email.md, "E-mail"). The store adds none of its own.
 */
export interface OrderRepository {
  /**
   * Atomically reserves every line's units and inserts the order with its lines and its next
   * number (order-number.ts, restarting each year), or does nothing at all: all lines or none.
   * PostgreSQL locks the products in one fixed order (by id), so that concurrent orders with
   * overlapping lines can never deadlock. `mail` is queued at `order.createdAt`.
   */
  placeReservingStock(order: NewOrder, mail?: readonly OrderMailKind[], approval?: PlacementApproval): Promise<Result<Order, ReservationFailure>>;
  /**
   * awaiting-approval → unpaid (approved) or → rejected (its units back on the shelf, where the
   * product still exists), as one atomic check-and-set with `audit` and `mail`: of two managers
   * deciding at once, one gets the order, the other null. Null when the order is missing or no
   * longer waiting.
   */
  decideApproval(id: string, decision: ApprovalDecision, audit?: AuditNote, mail?: readonly CompanyOrderMailKind[]): Promise<Order | null>;
  /** One page of a company's orders matching `search`, newest first (createdAt desc, id desc); the cursor is opaque. */
  listByCompany(companyId: string, search: CompanyOrderSearch, page: PageRequest): Promise<Page<Order>>;
  findById(id: string): Promise<Order | null>;
  findByIdempotencyKey(userId: string, key: string): Promise<Order | null>;
  /**
   * One page of the user's orders, newest first (createdAt desc, id desc); the cursor is opaque.
   * `q` narrows them by the same keys as the admins' search (OrderSearch), among this user's only.
   */
  listByUser(userId: string, page: PageRequest, search?: Pick<OrderSearch, 'q'>): Promise<Page<Order>>;
  /** One page of every customer's orders matching `search`, newest first (createdAt desc, id desc). */
  listAll(search: OrderSearch, page: PageRequest): Promise<Page<Order>>;
  /** How many orders match `search` (one count query). */
  count(search: OrderSearch): Promise<number>;
  /**
   * Atomically deletes the order if it still holds stock (unpaid or awaiting approval) and returns every line's units to its
   * product (where the product still exists), recording `audit` when given (an admin deleting a
   * buyer's order). Returns false and changes nothing otherwise.
   */
  deleteUnpaidReturningStock(id: string, audit?: AuditNote): Promise<boolean>;
  /** Notes the intent opened to pay the order, only while it is unpaid; false otherwise. */
  attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean>;
  /**
   * Orders holding stock (unpaid or awaiting approval) whose unpaid clock started before `cutoff`
   * (placed before it, and approved before it when approved: expire-unpaid-orders.ts,
   * unpaidClockStart), oldest placed first, at most `limit` (the expiry sweep's batch).
   */
  listUnpaidPlacedBefore(cutoff: Date, limit: number): Promise<Order[]>;
  /**
   * How many orders holding stock (unpaid or awaiting approval) the user has, counting no further than `atMost` (the per-account cap):
   * the check reads at most that many rows however many a buyer holds.
   */
  countUnpaidOf(userId: string, atMost: number): Promise<number>;
  /**
   * The user's unpaid orders that carry a payment intent, oldest first, at most `limit`: before
   * refusing an order past the cap, their payments are asked about (one may have gone through).
   */
  listUnpaidWithIntentOf(userId: string, limit: number): Promise<Order[]>;
  /**
   * unpaid → pending, only if still unpaid, giving the order the next invoice number of the year
   * it is paid in, in the same transaction (a number is never handed out twice nor skipped by a
   * lost race); returns the updated order or null. `mail` is queued at `paidAt`.
   */
  markPaid(id: string, transactionId: string, paidAt: Date, mail?: readonly OrderMailKind[]): Promise<Order | null>;
  /**
   * A paid order without an invoice number (paid before invoices existed) takes the next one of
   * the year it was paid in, in one transaction that hands it out only while the order has none;
   * an order that has one keeps it. Returns the order, or null when it is missing or unpaid.
   */
  issueInvoiceNumber(id: string): Promise<Order | null>;
  /**
   * pending → shipped with the carrier and tracking number given, only if still pending; returns
   * the updated order or null. `mail` is queued at `shippedAt`.
   */
  markShipped(id: string, shippedAt: Date, shipping: ShippingDetails, audit?: AuditNote, mail?: readonly OrderMailKind[]): Promise<Order | null>;
}
