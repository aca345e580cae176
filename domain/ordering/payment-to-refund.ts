import type { Cents } from '../shared/money.ts';
import type { Page, PageRequest } from '../shared/page.ts';

/**
 * A card payment that succeeded but that no order can take: its order was deleted or expired
 * before the payment landed, or the order was already paid by another intent. The buyer's money
 * must not be lost: it is kept here for an admin to refund from the provider's dashboard.
 */
export interface PaymentToRefund {
  /** The provider's payment intent id: one record per payment. */
  id: string;
  orderId: string | null;
  amountCents: Cents;
  currency: string;
  reason: 'order-gone' | 'order-paid-otherwise';
  /** When the payment was reported to us. */
  createdAt: Date;
}

export interface RefundRepository {
  /** Keeps the payment; the same intent reported again (a webhook retry) changes nothing. */
  record(payment: PaymentToRefund): Promise<void>;
  /** Newest first (createdAt desc, id desc); the cursor is opaque. */
  list(page: PageRequest): Promise<Page<PaymentToRefund>>;
  count(): Promise<number>;
}
