import type { RefundRepository } from '#domain/ordering/payment-to-refund.ts';
import { toPage } from '../page-cursor.ts';
import type { PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { paymentsToRefund } from './schema.ts';

export function createPgRefunds(db: PgDb): RefundRepository {
  return {
    async record(payment) {
      await db.insert(paymentsToRefund).values(payment).onConflictDoNothing();
    },
    async list(page) {
      const query = newestFirst(db.select().from(paymentsToRefund).$dynamic(), { createdAt: paymentsToRefund.createdAt, key: paymentsToRefund.id }, page);
      return toPage(await query, page.limit);
    },
    async count() {
      return db.$count(paymentsToRefund);
    },
  };
}
