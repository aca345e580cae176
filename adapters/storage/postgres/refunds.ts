import { and, eq, isNull } from 'drizzle-orm';
import type { RefundRepository } from '#domain/ordering/payment-to-refund.ts';
import { toPage } from '../page-cursor.ts';
import { recordAudit } from './audit.ts';
import { firstRow, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { paymentsToRefund } from './schema.ts';

export function createPgRefunds(db: PgDb): RefundRepository {
  return {
    async record(payment) {
      await db.insert(paymentsToRefund).values(payment).onConflictDoNothing();
    },
    async find(id) {
      return firstRow(db.select().from(paymentsToRefund).where(eq(paymentsToRefund.id, id)));
    },
    async markRefunded(id, { providerRefundId, at }, audit) {
      // The conditional UPDATE takes the row: a second one at once waits, re-checks and matches nothing.
      return db.transaction(async (tx) => {
        const marked = await firstRow(
          tx
            .update(paymentsToRefund)
            .set({ refundedAt: at, providerRefundId })
            .where(and(eq(paymentsToRefund.id, id), isNull(paymentsToRefund.refundedAt)))
            .returning(),
        );
        if (marked) await recordAudit(tx, audit, null);
        return marked;
      });
    },
    async list(page) {
      const query = newestFirst(db.select().from(paymentsToRefund).$dynamic(), { createdAt: paymentsToRefund.createdAt, key: paymentsToRefund.id }, page);
      return toPage(await query, page.limit);
    },
    async count() {
      return db.$count(paymentsToRefund, isNull(paymentsToRefund.refundedAt));
    },
  };
}
