import { auditNote } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import type { OrderRepository } from '../ordering/order-repository.ts';
import type { OrderDocuments } from '../ordering/order-documents.ts';
import type { OrderPaper } from '../ordering/order-papers.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { forbidden, invalid, notFound, type ErrorOf, type FieldProblems } from '../shared/errors.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import {
  checkAfterSaleLines,
  priceRefundLines,
  refundableUnits,
  returnableUnits,
  returnWindowOpen,
  sumCents,
  type AfterSaleLine,
  type Refund,
  type Return,
  type ReturnStatus,
} from './after-sale.ts';
import type { AfterSaleRepository } from './after-sale-repository.ts';
import { askProvider, checkReason, storeRefusal, REFUND_REASON_MAX, type RefundError } from './refund-order.ts';

export type RequestReturnPorts = {
  store: { orders: Pick<OrderRepository, 'findById'>; afterSale: Pick<AfterSaleRepository, 'returnsOf' | 'requestReturn'> };
  clock: Clock;
  ids: IdGenerator;
};

/**
 * The buyer asks to send goods back, within 30 days of shipping: each line at most what was
 * shipped less what other returns already hold. Someone else's order does not exist.
 */
export const requestReturn = async (
  { store, clock, ids }: RequestReturnPorts,
  input: { actor: User; orderId: string; lines: AfterSaleLine[]; reason: string },
): Promise<Result<Return, ErrorOf<'NOT_FOUND' | 'VALIDATION_FAILED' | 'RETURN_NOT_ALLOWED'>>> => {
  const order = await store.orders.findById(input.orderId);
  if (!order || order.userId !== input.actor.id) return fail(notFound('order'));
  const at = clock.now();
  if (order.status !== 'shipped') return fail({ code: 'RETURN_NOT_ALLOWED', reason: 'not-shipped' });
  if (!returnWindowOpen(order, at)) return fail({ code: 'RETURN_NOT_ALLOWED', reason: 'window-closed' });
  const problems: FieldProblems = { ...checkReason(input.reason) };
  if (input.lines.length === 0) problems['lines'] = { rule: 'refundEmpty' };
  Object.assign(problems, checkAfterSaleLines(input.lines, returnableUnits(order, await store.afterSale.returnsOf(order.id))));
  if (Object.keys(problems).length > 0) return fail(invalid(problems));
  const requested = await store.afterSale.requestReturn(
    {
      id: ids.newId(),
      orderId: order.id,
      userId: order.userId,
      status: 'requested',
      lines: input.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, receivedQuantity: null })),
      reason: input.reason.trim(),
      answer: null,
      refundId: null,
      createdAt: at,
      answeredAt: null,
      receivedAt: null,
    },
    ['return-requested'],
  );
  return ok(requested);
};

export type AnswerReturnPorts = { store: { afterSale: Pick<AfterSaleRepository, 'findReturn' | 'answerReturn'> }; clock: Clock };

const checkAnswer = (answer: string | null, required: boolean): FieldProblems => {
  const text = (answer ?? '').trim();
  if (text.length === 0) return required ? { answer: { rule: 'reasonRequired' } } : {};
  return text.length > REFUND_REASON_MAX ? { answer: { rule: 'tooLong', max: REFUND_REASON_MAX } } : {};
};

const answerReturn = async (
  { store, clock }: AnswerReturnPorts,
  input: { actor: User; returnId: string; answer: string | null },
  status: 'approved' | 'rejected',
): Promise<Result<Return, ErrorOf<'FORBIDDEN' | 'VALIDATION_FAILED' | 'NOT_FOUND' | 'RETURN_NOT_OPEN'>>> => {
  if (!isAdmin(input.actor)) return fail(forbidden());
  const problems = checkAnswer(input.answer, status === 'rejected');
  if (Object.keys(problems).length > 0) return fail(invalid(problems));
  const ret = await store.afterSale.findReturn(input.returnId);
  if (!ret) return fail(notFound('return'));
  if (ret.status !== 'requested') return fail({ code: 'RETURN_NOT_OPEN', status: ret.status });
  const at = clock.now();
  const answer = input.answer?.trim() || null;
  const answered = await store.afterSale.answerReturn(
    ret.id,
    { status, answer, at },
    auditNote(input.actor, at, {
      kind: status === 'approved' ? 'return-approved' : 'return-rejected',
      subjectId: ret.id,
      summary: `${status === 'approved' ? 'Approved' : 'Rejected'} the return ${ret.number}`,
      before: { status: ret.status },
      after: { status, answer },
    }),
    [status === 'approved' ? 'return-approved' : 'return-rejected'],
  );
  if (answered) return ok(answered);
  const now = await store.afterSale.findReturn(ret.id);
  return fail(now ? { code: 'RETURN_NOT_OPEN', status: now.status } : notFound('return'));
};

/** An admin agrees to take the goods back, with instructions (optional). */
export const approveReturn = (ports: AnswerReturnPorts, input: { actor: User; returnId: string; answer: string | null }) => answerReturn(ports, input, 'approved');
/** An admin refuses the return, saying why (required). */
export const rejectReturn = (ports: AnswerReturnPorts, input: { actor: User; returnId: string; answer: string }) => answerReturn(ports, input, 'rejected');

export type ReceiveReturnPorts = {
  store: { orders: Pick<OrderRepository, 'findById'>; afterSale: Pick<AfterSaleRepository, 'findReturn' | 'receiveReturn' | 'refundsOf'> };
  payments: Parameters<typeof askProvider>[0]['payments'];
  clock: Clock;
  ids: IdGenerator;
};

/**
 * An approved return arrives: per line, how many units came back and whether they go back on the
 * shelf. The units received are refunded at the price paid for them (asked of the provider
 * first), and the return becomes `received`.
 */
export const receiveReturn = async (
  ports: ReceiveReturnPorts,
  input: { actor: User; returnId: string; lines: (AfterSaleLine & { restock: boolean })[] },
): Promise<Result<{ ret: Return; refund: Refund | null }, RefundError | ErrorOf<'RETURN_NOT_OPEN'>>> => {
  const { store, clock } = ports;
  if (!isAdmin(input.actor)) return fail(forbidden());
  const ret = await store.afterSale.findReturn(input.returnId);
  if (!ret) return fail(notFound('return'));
  if (ret.status !== 'approved') return fail({ code: 'RETURN_NOT_OPEN', status: ret.status });
  const order = await store.orders.findById(ret.orderId);
  if (!order) return fail(notFound('order'));
  const asked = input.lines.filter((line) => line.quantity !== 0);
  // Every line of the return named, or some: an empty list says nothing about what arrived.
  if (input.lines.length === 0) return fail(invalid({ lines: { rule: 'refundEmpty' } }));
  const problems = checkAfterSaleLines(asked, new Map(ret.lines.map((line) => [line.productId, line.quantity])));
  // Zero received of a line is allowed (nothing came back of it); the check above skipped those.
  for (const [index, line] of input.lines.entries()) {
    if (line.quantity === 0 && !ret.lines.some((own) => own.productId === line.productId)) problems[`lines.${index}.productId`] = { rule: 'lineNotInOrder' };
  }
  if (Object.keys(problems).length > 0) return fail(invalid(problems));
  // Units an admin already refunded (a damaged-goods refund, say) are not paid for twice when they come back.
  const refundable = refundableUnits(order, await store.afterSale.refundsOf(order.id));
  const priced = asked.flatMap((line) => {
    const units = Math.min(line.quantity, refundable.get(line.productId) ?? 0);
    return units > 0 ? priceRefundLines(order, [{ productId: line.productId, quantity: units }], line.restock) : [];
  });
  const amountCents = sumCents(priced);
  let refundIds: { id: string; providerRefundId: string } | null = null;
  if (amountCents > 0) {
    const asking = await askProvider(ports, order, amountCents);
    if (!asking.ok) return asking;
    refundIds = asking.value;
  }
  const at = clock.now();
  const lines = ret.lines.map((line) => ({ ...line, receivedQuantity: asked.find((one) => one.productId === line.productId)?.quantity ?? 0 }));
  const received = await store.afterSale.receiveReturn(
    ret.id,
    {
      lines,
      at,
      refund: refundIds && {
        id: refundIds.id,
        orderId: order.id,
        amountCents,
        lines: priced,
        reason: `Return ${ret.number}`,
        providerRefundId: refundIds.providerRefundId,
        source: 'shop',
        createdAt: at,
      },
    },
    auditNote(input.actor, at, {
      kind: 'return-received',
      subjectId: ret.id,
      summary: `Received the return ${ret.number}`,
      before: { status: ret.status },
      after: { status: 'received', lines: priced },
    }),
    ['return-received'],
  );
  if (received.ok) return received;
  if (received.error === 'not-refundable') {
    const now = await store.afterSale.findReturn(ret.id);
    return fail(now ? { code: 'RETURN_NOT_OPEN', status: now.status } : notFound('return'));
  }
  return fail((await storeRefusal(store, order, received.error)) as RefundError);
};

export type ListReturnsPorts = { store: { afterSale: Pick<AfterSaleRepository, 'listReturns'> } };

/** Admins: every return, or those in one status, newest first. */
export const listReturns = async (
  { store }: ListReturnsPorts,
  { actor, status, ...page }: { actor: User; status?: ReturnStatus | undefined; limit?: number | undefined; cursor?: string | null | undefined },
): Promise<Result<Page<Return>, ErrorOf<'FORBIDDEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  return ok(await store.afterSale.listReturns(status, pageRequest(page)));
};

export type OrderAfterSalePorts = {
  store: { orders: Pick<OrderRepository, 'findById'>; afterSale: Pick<AfterSaleRepository, 'refundsOf' | 'returnsOf'> };
};

/** An order's refunds and returns, for its owner or an admin (anyone else: the order does not exist). */
export const orderAfterSale = async (
  { store }: OrderAfterSalePorts,
  { actor, orderId }: { actor: User; orderId: string },
): Promise<Result<{ refunds: Refund[]; returns: Return[] }, ErrorOf<'NOT_FOUND'>>> => {
  const order = await store.orders.findById(orderId);
  if (!order || (order.userId !== actor.id && !isAdmin(actor))) return fail(notFound('order'));
  const [refunds, returns] = await Promise.all([store.afterSale.refundsOf(order.id), store.afterSale.returnsOf(order.id)]);
  return ok({ refunds, returns });
};

export type CreditNotePorts = OrderAfterSalePorts & { store: { afterSale: Pick<AfterSaleRepository, 'findRefund'> }; documents: Pick<OrderDocuments, 'creditNote'> };

/** A refund's credit note (PDF), for the order's owner or an admin; anyone else: the order does not exist. */
export const creditNote = async (
  { store, documents }: CreditNotePorts,
  { actor, orderId, refundId }: { actor: User; orderId: string; refundId: string },
): Promise<Result<OrderPaper, ErrorOf<'NOT_FOUND'>>> => {
  const order = await store.orders.findById(orderId);
  if (!order || (order.userId !== actor.id && !isAdmin(actor))) return fail(notFound('order'));
  const refund = await store.afterSale.findRefund(refundId);
  // A refund exists only on a paid order, which has its invoice number.
  if (!refund || refund.orderId !== order.id || order.invoiceNumber === null) return fail(notFound('refund'));
  const bytes = await documents.creditNote({ ...order, invoiceNumber: order.invoiceNumber }, refund);
  return ok({ fileName: `${refund.number}.pdf`, bytes });
};
