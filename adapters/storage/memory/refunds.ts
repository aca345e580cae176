import type { RefundRepository } from '#domain/ordering/payment-to-refund.ts';
import { byId } from '../page-cursor.ts';
import { newestFirst } from './newest-first.ts';
import { copy, type MemoryTables } from './tables.ts';

export function createMemoryRefunds({ paymentsToRefund }: MemoryTables): RefundRepository {
  return {
    async record(payment) {
      if (!paymentsToRefund.has(payment.id)) paymentsToRefund.set(payment.id, copy(payment));
    },
    async list(page) {
      return newestFirst(paymentsToRefund.values(), page, byId);
    },
    async count() {
      return paymentsToRefund.size;
    },
  };
}
