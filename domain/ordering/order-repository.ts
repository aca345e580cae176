import type { Page, PageRequest } from '../shared/page.ts';
import type { Order, OrderStatus } from './order.ts';

/** `duplicate-key`: the same user already has an order with this idempotency key. */
export type ReservationFailure = 'insufficient-stock' | 'product-not-found' | 'duplicate-key';

export interface OrderRepository {
  /**
   * Atomically reserves `order.quantity` units of `order.productId` and inserts the order, or
   * does nothing at all. Implementations use one conditional decrement
   * (`stock = stock - q WHERE stock >= q`) in the same transaction as the insert.
   */
  placeReservingStock(
    order: Order,
  ): Promise<{ ok: true; order: Order } | { ok: false; reason: ReservationFailure }>;
  findById(id: string): Promise<Order | null>;
  findByIdempotencyKey(userId: string, key: string): Promise<Order | null>;
  /** One page of the user's orders, newest first (createdAt desc, id desc); the cursor is opaque. */
  listByUser(userId: string, page: PageRequest): Promise<Page<Order>>;
  /** All orders, newest first. */
  listAll(): Promise<Order[]>;
  countByStatus(status: OrderStatus): Promise<number>;
  /**
   * Atomically deletes the order if it is still unpaid and returns its units to the product (if
   * the product still exists). Returns false and changes nothing otherwise.
   */
  deleteUnpaidReturningStock(id: string): Promise<boolean>;
  /** unpaid → pending, only if still unpaid; returns the updated order or null. */
  markPaid(id: string, transactionId: string, paidAt: Date): Promise<Order | null>;
  /** pending → shipped, only if still pending; returns the updated order or null. */
  markShipped(id: string, shippedAt: Date): Promise<Order | null>;
}
