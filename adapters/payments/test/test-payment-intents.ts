/**
 * Where the offline test provider keeps its intents: in the shop's own database (every storage
 * adapter implements this port: memory, SQLite, PostgreSQL), so an intent outlives a restart and
 * every instance on one database sees the same ones (docs/operations.md, "Running several instances"), as
 * Stripe keeps them on its server.
 */

/** An intent as the test provider keeps it: `open` until paid (`succeeded`) or `canceled`. */
export interface StoredTestIntent {
  id: string;
  clientSecret: string;
  orderId: string;
  amountCents: number;
  currency: string;
  state: 'open' | 'succeeded' | 'canceled';
  createdAt: Date;
}

/** Money the test provider gave back on a succeeded intent, once per idempotency key. */
export interface StoredTestRefund {
  id: string;
  intentId: string;
  amountCents: number;
  idempotencyKey: string;
  createdAt: Date;
}

/** Why the test provider gave nothing back: more than is left of the payment, or a payment that did not succeed (or is unknown). */
export type TestRefundRefusal = 'exceeds-payment' | 'not-paid';

export interface TestPaymentIntents {
  /**
   * Keeps `intent` (open) unless its order already has a live one, open or succeeded: an order
   * has at most one (a unique index), so two instances starting a payment at once hand out the
   * same intent and a paid order never gets a second one. Answers the order's live intent: the
   * new one, or the one already there.
   */
  open(intent: StoredTestIntent): Promise<StoredTestIntent>;
  findById(id: string): Promise<StoredTestIntent | null>;
  findByClientSecret(clientSecret: string): Promise<StoredTestIntent | null>;
  /**
   * open → `to` in one conditional write, so two confirmations at once charge once. Answers the
   * intent as it then stands and whether this call moved it; null when the id is unknown.
   */
  settle(id: string, to: 'succeeded' | 'canceled'): Promise<{ intent: StoredTestIntent; moved: boolean } | null>;
  /**
   * Gives back part of a succeeded intent in one atomic step: never more than the intent's amount
   * in all (of two refunds at once that together pass it, one is refused); the same idempotency
   * key again answers the refund it made first and moves no more money.
   */
  refund(refund: StoredTestRefund): Promise<StoredTestRefund | TestRefundRefusal>;
}
