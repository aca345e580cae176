import type { Page, PageRequest } from '../shared/page.ts';
import type { Result } from '../shared/result.ts';
import type { Order, OrderStatus } from './order.ts';

/**
 * Why a reservation wrote nothing, keyed by code. `duplicate-key`: the same user already has an
 * order with this idempotency key.
 */
export type ReservationFailure = { code: 'insufficient-stock' } | { code: 'product-not-found' } | { code: 'duplicate-key' };

/**
 * What the admins' order list can be narrowed to. `q` matches an order by one of its search keys,
 * exactly: its id, or the customer's e-mail (case-insensitive). Each adapter keeps those keys in
 * one list, so a further key (a purchase-order number) is one more entry there.
 */
export interface OrderSearch {
  status?: OrderStatus | undefined;
  q?: string | undefined;
}

export interface OrderRepository {
  /**
   * Atomically reserves `order.quantity` units of `order.productId` and inserts the order, or
   * does nothing at all. Implementations use one conditional decrement
   * (`stock = stock - q WHERE stock >= q`) in the same transaction as the insert.
   */
  placeReservingStock(order: Order): Promise<Result<Order, ReservationFailure>>;
  findById(id: string): Promise<Order | null>;
  findByIdempotencyKey(userId: string, key: string): Promise<Order | null>;
  /** One page of the user's orders, newest first (createdAt desc, id desc); the cursor is opaque. */
  listByUser(userId: string, page: PageRequest): Promise<Page<Order>>;
  /** One page of every customer's orders matching `search`, newest first (createdAt desc, id desc). */
  listAll(search: OrderSearch, page: PageRequest): Promise<Page<Order>>;
  /** How many orders match `search` (one count query). */
  count(search: OrderSearch): Promise<number>;
  /**
   * Atomically deletes the order if it is still unpaid and returns its units to the product (if
   * the product still exists). Returns false and changes nothing otherwise.
   */
  deleteUnpaidReturningStock(id: string): Promise<boolean>;
  /** Notes the intent opened to pay the order, only while it is unpaid; false otherwise. */
  attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean>;
  /** Unpaid orders placed before `cutoff`, oldest first, at most `limit` (the expiry sweep's batch). */
  listUnpaidPlacedBefore(cutoff: Date, limit: number): Promise<Order[]>;
  /** How many unpaid orders the user has (the per-account cap). */
  countUnpaidOf(userId: string): Promise<number>;
  /** unpaid → pending, only if still unpaid; returns the updated order or null. */
  markPaid(id: string, transactionId: string, paidAt: Date): Promise<Order | null>;
  /** pending → shipped, only if still pending; returns the updated order or null. */
  markShipped(id: string, shippedAt: Date): Promise<Order | null>;
}
