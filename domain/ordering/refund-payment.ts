import { auditNote } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import type { Clock } from '../shared/clock.ts';
import { forbidden, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import type { PaymentToRefund, RefundRepository } from './payment-to-refund.ts';

export type RefundPaymentPorts = {
  store: { refunds: Pick<RefundRepository, 'find' | 'markRefunded'> };
  payments: Pick<PaymentGateway, 'refund'>;
  clock: Clock;
};

export type RefundPaymentError = ErrorOf<'FORBIDDEN' | 'NOT_FOUND' | 'PAYMENT_ALREADY_REFUNDED' | 'REFUND_REFUSED'>;

/**
 * Admins give back a succeeded payment no order could take (docs/api.md, "Payments to refund"):
 * the whole payment, through the payment port FIRST, then it is marked refunded with its audit
 * entry. The provider's idempotency key is the payment's own id, so two clicks at once (two admins,
 * a retried request) move the money once: the provider answers both with the same refund, and
 * the store marks the payment once; the later one hears 409 `PAYMENT_ALREADY_REFUNDED`. A refused
 * refund changes nothing and says why; a provider that cannot be reached throws (503), changing
 * nothing either.
 */
export const refundPayment = async (
  { store, payments, clock }: RefundPaymentPorts,
  { actor, id }: { actor: User; id: string },
): Promise<Result<PaymentToRefund, RefundPaymentError>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const payment = await store.refunds.find(id);
  if (!payment) return fail(notFound('payment'));
  if (payment.refundedAt !== null) return fail(refusal('PAYMENT_ALREADY_REFUNDED'));
  const given = await payments.refund({ paymentIntentId: payment.id, amountCents: payment.amountCents, idempotencyKey: `payment-to-refund-${payment.id}` });
  if (!given.ok) return fail({ code: 'REFUND_REFUSED', ...given.error });
  const at = clock.now();
  const marked = await store.refunds.markRefunded(
    payment.id,
    { providerRefundId: given.value.id, at },
    auditNote(actor, at, {
      kind: 'payment-refunded',
      subjectId: payment.id,
      summary: `Refunded the payment ${payment.id} (${payment.amountCents} cents) no order could take`,
      before: { refundedAt: null },
      after: { refundedAt: at.toISOString(), providerRefundId: given.value.id, amountCents: payment.amountCents },
    }),
  );
  return marked ? ok(marked) : fail(refusal('PAYMENT_ALREADY_REFUNDED'));
};
