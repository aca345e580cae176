import type { AuditNote } from '../audit/audit-log.ts';
import type { AfterSaleMailKind } from '../mail/mail-outbox.ts';
import type { Order } from '../ordering/order.ts';
import type { Page, PageRequest } from '../shared/page.ts';
import type { Result } from '../shared/result.ts';
import type { NewRefund, NewReturn, Refund, Return, ReturnLine, ReturnStatus } from './after-sale.ts';

/**
 * Why recording a refund wrote nothing: the order is in no state for it (`not-refundable`; for a
 * cancel, `not-cancellable`), the order's refunds would pass what was paid (`exceeds-paid`), or
 * its lines would give back more units of a product than were ordered (`exceeds-ordered`). Each
 * check and the write are one atomic step, so of two refunds at once that together pass a
 * ceiling, exactly one is recorded.
 */
export type RefundFailure = 'not-refundable' | 'not-cancellable' | 'exceeds-paid' | 'exceeds-ordered';

/**
 * Refunds and returns, kept beside the orders (docs/orders.md, "After the sale: cancel, refund,
 * return"). Every write is one transaction with the order's `refundedCents`, the credit-note or
 * return number (gapless per year), the stock it returns, its audit entry and its mails; `mail`
 * is queued about the refund (`refund-made`), the order (`order-cancelled`) or the return.
 */
export interface AfterSaleRepository {
  /**
   * pending → cancelled with the refund of what is left to refund, the lines' units back on the
   * shelf when the refund's lines say `restocked`; nothing when the order is no longer pending.
   */
  cancel(refund: NewRefund, audit?: AuditNote, mail?: readonly AfterSaleMailKind[]): Promise<Result<{ order: Order; refund: Refund }, RefundFailure>>;
  /**
   * Records a refund on a paid or shipped order (its restocked lines' units back on the shelf);
   * the same provider refund reported again returns the refund already recorded, unchanged.
   */
  refund(refund: NewRefund, audit?: AuditNote, mail?: readonly AfterSaleMailKind[]): Promise<Result<Refund, RefundFailure>>;
  /** The order's refunds, oldest first. */
  refundsOf(orderId: string): Promise<Refund[]>;
  findRefundByProvider(providerRefundId: string): Promise<Refund | null>;
  findRefund(id: string): Promise<Refund | null>;
  /** Records a buyer's return request with the year's next RMA number. */
  requestReturn(request: NewReturn, mail?: readonly AfterSaleMailKind[]): Promise<Return>;
  /** requested → approved | rejected with the answer; null when the return is not requested any more. */
  answerReturn(
    id: string,
    answer: { status: 'approved' | 'rejected'; answer: string | null; at: Date },
    audit?: AuditNote,
    mail?: readonly AfterSaleMailKind[],
  ): Promise<Return | null>;
  /**
   * approved → received with the units received per line, and the refund of them (null when
   * nothing came back worth money), in one step; `not-refundable` when the return is not approved
   * any more, `exceeds-paid` as for `refund`.
   */
  receiveReturn(
    id: string,
    received: { lines: ReturnLine[]; at: Date; refund: NewRefund | null },
    audit?: AuditNote,
    mail?: readonly AfterSaleMailKind[],
  ): Promise<Result<{ ret: Return; refund: Refund | null }, RefundFailure>>;
  findReturn(id: string): Promise<Return | null>;
  /** The order's returns, oldest first. */
  returnsOf(orderId: string): Promise<Return[]>;
  /** Every return (or those in `status`), newest first (createdAt desc, id desc); the cursor is opaque. */
  listReturns(status: ReturnStatus | undefined, page: PageRequest): Promise<Page<Return>>;
}
