import type { AuditNote } from '../audit/audit-log.ts';
import type { Cents } from '../shared/money.ts';
import type { Page, PageRequest } from '../shared/page.ts';

/**
 * A card payment that succeeded but that no order can take: its order was deleted or expired
 * before the payment landed, or the order was already paid by another intent. The buyer's money
 * must not be lost: it is kept here until an admin refunds it through the payment port, once (docs/api.md,
 * "Payments to refund").
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
  /** When an admin refunded it (null: still waiting), and the provider's refund. */
  refundedAt: Date | null;
  providerRefundId: string | null;
}

/** A payment as first reported: nothing refunded yet. */
export type NewPaymentToRefund = Omit<PaymentToRefund, 'refundedAt' | 'providerRefundId'>;

export interface RefundRepository {
  /** Keeps the payment; the same intent reported again (a webhook retry) changes nothing. */
  record(payment: NewPaymentToRefund): Promise<void>;
  find(id: string): Promise<PaymentToRefund | null>;
  /**
   * Marks a waiting payment refunded, with its audit entry in the same write; null (and nothing
   * written) when it does not exist or was already marked: of two at once, exactly one is.
   */
  markRefunded(id: string, refund: { providerRefundId: string; at: Date }, audit?: AuditNote): Promise<PaymentToRefund | null>;
  /** Newest first (createdAt desc, id desc), refunded ones too; the cursor is opaque. */
  list(page: PageRequest): Promise<Page<PaymentToRefund>>;
  /** The payments still waiting for a refund. */
  count(): Promise<number>;
}
