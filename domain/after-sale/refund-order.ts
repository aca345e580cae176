import { auditNote } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import type { Order } from '../ordering/order.ts';
import type { OrderRepository } from '../ordering/order-repository.ts';
import type { PaymentGateway } from '../ordering/payment-gateway.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { forbidden, invalid, notFound, refusal, type ErrorOf, type FieldProblems } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import {
  canCancel,
  canRefund,
  checkAfterSaleLines,
  priceRefundLines,
  refundableCents,
  refundableUnits,
  sumCents,
  type AfterSaleLine,
  type NewRefund,
  type Refund,
  type RefundLine,
} from './after-sale.ts';
import type { AfterSaleRepository, RefundFailure } from './after-sale-repository.ts';

/** A refund's reason: required, one short paragraph. */
export const REFUND_REASON_MAX = 500;

export const checkReason = (reason: string, field = 'reason'): FieldProblems => {
  const text = reason.trim();
  if (text.length === 0) return { [field]: { rule: 'reasonRequired' } };
  if (text.length > REFUND_REASON_MAX) return { [field]: { rule: 'tooLong', max: REFUND_REASON_MAX } };
  return {};
};

export type RefundError = ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED' | 'NOT_FOUND' | 'ORDER_NOT_REFUNDABLE' | 'REFUND_EXCEEDS_PAID' | 'REFUND_REFUSED'>;

type RefundPorts = {
  store: { orders: Pick<OrderRepository, 'findById'> };
  payments: Pick<PaymentGateway, 'refund'>;
  clock: Clock;
  ids: IdGenerator;
};

/** The refusal a store failure becomes, with what is left to refund as the store now has it. */
export const storeRefusal = async (
  store: { orders: Pick<OrderRepository, 'findById'> },
  order: Order,
  failure: RefundFailure,
): Promise<ErrorOf<'REFUND_EXCEEDS_PAID' | 'ORDER_NOT_REFUNDABLE' | 'ORDER_NOT_CANCELLABLE'>> => {
  if (failure === 'not-refundable') return refusal('ORDER_NOT_REFUNDABLE');
  if (failure === 'not-cancellable') return refusal('ORDER_NOT_CANCELLABLE');
  // A cancel's lines are what was left of each product when it began: another refund took some since.
  const now = (await store.orders.findById(order.id)) ?? order;
  return { code: 'REFUND_EXCEEDS_PAID', refundableCents: refundableCents(now) };
};

/**
 * Asks the provider for the money FIRST (docs/orders.md, "After the sale: cancel, refund,
 * return"): a refused refund changes nothing and says why. The refund's own id is the provider's
 * idempotency key, so a retried request never gives the money back twice.
 */
export const askProvider = async (
  { payments, ids }: Pick<RefundPorts, 'payments' | 'ids'>,
  order: Order,
  amountCents: number,
): Promise<Result<{ id: string; providerRefundId: string }, ErrorOf<'ORDER_NOT_REFUNDABLE' | 'REFUND_REFUSED'>>> => {
  if (order.transactionId === null) return fail(refusal('ORDER_NOT_REFUNDABLE'));
  const id = ids.newId();
  // Nothing left to give back (a cancel after full refunds): no money moves, the provider is not asked.
  if (amountCents === 0) return ok({ id, providerRefundId: `none-${id}` });
  const given = await payments.refund({ paymentIntentId: order.transactionId, amountCents, idempotencyKey: `refund-${id}` });
  if (!given.ok) return fail({ code: 'REFUND_REFUSED', ...given.error });
  return ok({ id, providerRefundId: given.value.id });
};

export type RefundOrderPorts = RefundPorts & { store: { afterSale: Pick<AfterSaleRepository, 'refund' | 'refundsOf'> } };

/**
 * An admin gives money back on a paid or shipped order: lines at the price paid for them (their
 * units back on the shelf when `restock`), or an amount, or lines for an amount the admin names
 * (less a restocking fee, say). The total refunded never passes what was paid.
 */
export const refundOrder = async (
  ports: RefundOrderPorts,
  input: { actor: User; orderId: string; lines: AfterSaleLine[] | null; amountCents?: number | undefined; reason: string; restock: boolean },
): Promise<Result<Refund, RefundError>> => {
  const { store, clock } = ports;
  if (!isAdmin(input.actor)) return fail(forbidden());
  const order = await store.orders.findById(input.orderId);
  if (!order) return fail(notFound('order'));
  if (!canRefund(order)) return fail(refusal('ORDER_NOT_REFUNDABLE'));
  const asked = input.lines ?? [];
  const problems: FieldProblems = { ...checkReason(input.reason) };
  if (asked.length === 0 && input.amountCents === undefined) problems['lines'] = { rule: 'refundEmpty' };
  Object.assign(problems, checkAfterSaleLines(asked, refundableUnits(order, await store.afterSale.refundsOf(order.id))));
  const lines: RefundLine[] = priceRefundLines(order, asked, input.restock);
  const amountCents = input.amountCents ?? sumCents(lines);
  const left = refundableCents(order);
  if (input.amountCents !== undefined && (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1)) {
    problems['amountCents'] = { rule: 'refundAmount', max: left };
  }
  if (Object.keys(problems).length > 0) return fail(invalid(problems));
  if (amountCents > left) return fail({ code: 'REFUND_EXCEEDS_PAID', refundableCents: left });
  const asking = await askProvider(ports, order, amountCents);
  if (!asking.ok) return asking;
  const at = clock.now();
  const refund: NewRefund = {
    id: asking.value.id,
    orderId: order.id,
    amountCents,
    lines,
    reason: input.reason.trim(),
    providerRefundId: asking.value.providerRefundId,
    source: 'shop',
    createdAt: at,
  };
  const record = (newRefund: NewRefund) =>
    store.afterSale.refund(
      newRefund,
      auditNote(input.actor, at, {
        kind: 'order-refunded',
        subjectId: order.id,
        summary: `Refunded ${amountCents} cents on the order ${order.number}`,
        before: { refundedCents: order.refundedCents },
        after: { refundedCents: order.refundedCents + amountCents, lines: newRefund.lines, reason: newRefund.reason },
      }),
      ['refund-made'],
    );
  let recorded = await record(refund);
  // Another refund of the same units landed between the check above and this write (the store
  // checks again, atomically), after the provider had already given the money back: the money is
  // recorded as an amount alone, so the books match the provider and no unit is refunded (or put
  // back on the shelf) twice (docs/orders.md, "After the sale: cancel, refund, return").
  if (!recorded.ok && recorded.error === 'exceeds-ordered') recorded = await record({ ...refund, lines: [] });
  // The refund port never answers not-cancellable (that is the cancel's own).
  return recorded.ok ? recorded : fail((await storeRefusal(store, order, recorded.error)) as RefundError);
};

export type CancelOrderPorts = RefundPorts & { store: { afterSale: Pick<AfterSaleRepository, 'cancel' | 'refundsOf'> } };

/**
 * An admin cancels a paid order that has not shipped: the whole payment (what is left of it) is
 * given back first, then the order becomes `cancelled`, its stock back on the shelf when
 * `restock`. A refused refund changes nothing.
 */
export const cancelOrder = async (
  ports: CancelOrderPorts,
  input: { actor: User; orderId: string; reason: string; restock: boolean },
): Promise<Result<{ order: Order; refund: Refund }, Exclude<RefundError, ErrorOf<'ORDER_NOT_REFUNDABLE'>> | ErrorOf<'ORDER_NOT_CANCELLABLE' | 'ORDER_NOT_REFUNDABLE'>>> => {
  const { store, clock } = ports;
  if (!isAdmin(input.actor)) return fail(forbidden());
  const problems = checkReason(input.reason);
  if (Object.keys(problems).length > 0) return fail(invalid(problems));
  const order = await store.orders.findById(input.orderId);
  if (!order) return fail(notFound('order'));
  if (!canCancel(order)) return fail(refusal('ORDER_NOT_CANCELLABLE'));
  const amountCents = refundableCents(order);
  const asking = await askProvider(ports, order, amountCents);
  if (!asking.ok) return asking;
  const at = clock.now();
  // What is left of each line: units an earlier refund gave back (and perhaps restocked) are not again.
  const left = refundableUnits(order, await store.afterSale.refundsOf(order.id));
  const lines = priceRefundLines(
    order,
    [...left].filter(([, quantity]) => quantity > 0).map(([productId, quantity]) => ({ productId, quantity })),
    input.restock,
  );
  const cancelled = await store.afterSale.cancel(
    { id: asking.value.id, orderId: order.id, amountCents, lines, reason: input.reason.trim(), providerRefundId: asking.value.providerRefundId, source: 'shop', createdAt: at },
    auditNote(input.actor, at, {
      kind: 'order-cancelled',
      subjectId: order.id,
      summary: `Cancelled the order ${order.number}`,
      before: { status: order.status, refundedCents: order.refundedCents },
      after: { status: 'cancelled', refundedCents: order.refundedCents + amountCents, restock: input.restock, reason: input.reason.trim() },
    }),
    ['order-cancelled'],
  );
  return cancelled.ok ? cancelled : fail(await storeRefusal(store, order, cancelled.error));
};
