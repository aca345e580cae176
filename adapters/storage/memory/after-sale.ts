import type { AfterSaleRepository } from '#domain/after-sale/after-sale-repository.ts';
import { linesFitOrder, type NewRefund, type Refund } from '#domain/after-sale/after-sale.ts';
import { formatCreditNoteNumber, formatReturnNumber, numberingYear } from '#domain/ordering/order-number.ts';
import { fail, ok } from '#domain/shared/result.ts';
import { byId } from '../page-cursor.ts';
import { CREDIT_NOTE_SEQUENCE, RETURN_SEQUENCE } from '../order-rows.ts';
import { recordAudit } from './audit.ts';
import { newestFirst } from './newest-first.ts';
import { queueMails } from './outbox.ts';
import { copy, copyOrNull, nextNumber, type MemoryTables } from './tables.ts';

/**
 * Refunds and returns in Maps. Each method works synchronously between awaits, so the check of
 * what is left to refund and the write are one atomic step, as in the SQL stores.
 */
export function createMemoryAfterSale(tables: MemoryTables): AfterSaleRepository {
  const next = (kind: string, at: Date): number => nextNumber(tables, kind, numberingYear(at));
  const byProvider = (providerRefundId: string) => [...tables.refunds.values()].find((refund) => refund.providerRefundId === providerRefundId);

  /** The refund's write, after its order's state was checked: all of it or (a ceiling passed) nothing. */
  const write = (refund: NewRefund): Refund | 'exceeds-paid' | 'exceeds-ordered' => {
    const order = tables.orders.get(refund.orderId)!;
    if (refund.amountCents < 0 || order.refundedCents + refund.amountCents > order.totalCents) return 'exceeds-paid';
    const earlier = [...tables.refunds.values()].filter((one) => one.orderId === order.id);
    if (!linesFitOrder(order, earlier, refund.lines)) return 'exceeds-ordered';
    order.refundedCents += refund.amountCents;
    for (const line of refund.lines) {
      const product = line.restocked ? tables.products.get(line.productId) : undefined;
      if (!product) continue;
      product.stock += line.quantity;
      tables.catalog.changed(null);
    }
    const stored: Refund = { ...copy(refund), number: formatCreditNoteNumber(numberingYear(refund.createdAt), next(CREDIT_NOTE_SEQUENCE, refund.createdAt)) };
    tables.refunds.set(stored.id, stored);
    return stored;
  };

  return {
    async cancel(refund, audit, mail) {
      const order = tables.orders.get(refund.orderId);
      if (order?.status !== 'pending') return fail('not-cancellable');
      const stored = write(refund);
      if (typeof stored === 'string') return fail(stored);
      order.status = 'cancelled';
      queueMails(tables, mail, order.id, refund.createdAt);
      recordAudit(tables, audit, null);
      return ok({ order: copy(order), refund: copy(stored) });
    },
    async refund(refund, audit, mail) {
      const again = byProvider(refund.providerRefundId);
      if (again) return ok(copy(again));
      const order = tables.orders.get(refund.orderId);
      if (order?.status !== 'pending' && order?.status !== 'shipped') return fail('not-refundable');
      const stored = write(refund);
      if (typeof stored === 'string') return fail(stored);
      queueMails(tables, mail, stored.id, refund.createdAt);
      recordAudit(tables, audit, null);
      return ok(copy(stored));
    },
    async refundsOf(orderId) {
      return [...tables.refunds.values()]
        .filter((refund) => refund.orderId === orderId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.number.localeCompare(b.number))
        .map(copy);
    },
    async findRefund(id) {
      return copyOrNull(tables.refunds.get(id));
    },
    async findRefundByProvider(providerRefundId) {
      return copyOrNull(byProvider(providerRefundId));
    },
    async requestReturn(request, mail) {
      const stored = { ...copy(request), number: formatReturnNumber(numberingYear(request.createdAt), next(RETURN_SEQUENCE, request.createdAt)) };
      tables.returns.set(stored.id, stored);
      queueMails(tables, mail, stored.id, request.createdAt);
      return copy(stored);
    },
    async answerReturn(id, { status, answer, at }, audit, mail) {
      const ret = tables.returns.get(id);
      if (ret?.status !== 'requested') return null;
      Object.assign(ret, { status, answer, answeredAt: at });
      queueMails(tables, mail, id, at);
      recordAudit(tables, audit, null);
      return copy(ret);
    },
    async receiveReturn(id, { lines, at, refund }, audit, mail) {
      const ret = tables.returns.get(id);
      if (ret?.status !== 'approved') return fail('not-refundable');
      const stored = refund ? write(refund) : null;
      if (typeof stored === 'string') return fail(stored);
      Object.assign(ret, { status: 'received', lines: copy(lines), receivedAt: at, refundId: stored?.id ?? null });
      queueMails(tables, mail, id, at);
      recordAudit(tables, audit, null);
      return ok({ ret: copy(ret), refund: stored && copy(stored) });
    },
    async findReturn(id) {
      return copyOrNull(tables.returns.get(id));
    },
    async returnsOf(orderId) {
      return [...tables.returns.values()]
        .filter((ret) => ret.orderId === orderId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.number.localeCompare(b.number))
        .map(copy);
    },
    async listReturns(status, page) {
      return newestFirst([...tables.returns.values()].filter((ret) => status === undefined || ret.status === status), page, byId);
    },
  };
}
