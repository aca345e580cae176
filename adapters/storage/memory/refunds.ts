import type { RefundRepository } from '#domain/ordering/payment-to-refund.ts';
import { byId } from '../page-cursor.ts';
import { recordAudit } from './audit.ts';
import { newestFirst } from './newest-first.ts';
import { copy, copyOrNull, type MemoryTables } from './tables.ts';

export function createMemoryRefunds(tables: MemoryTables): RefundRepository {
  const { paymentsToRefund } = tables;
  return {
    async record(payment) {
      if (!paymentsToRefund.has(payment.id)) paymentsToRefund.set(payment.id, { ...copy(payment), refundedAt: null, providerRefundId: null });
    },
    async find(id) {
      return copyOrNull(paymentsToRefund.get(id));
    },
    async markRefunded(id, { providerRefundId, at }, audit) {
      const payment = paymentsToRefund.get(id);
      if (!payment || payment.refundedAt !== null) return null;
      Object.assign(payment, { refundedAt: at, providerRefundId });
      recordAudit(tables, audit, null);
      return copy(payment);
    },
    async list(page) {
      return newestFirst(paymentsToRefund.values(), page, byId);
    },
    async count() {
      return [...paymentsToRefund.values()].filter((payment) => payment.refundedAt === null).length;
    },
  };
}
