import { and, eq, isNull } from 'drizzle-orm';
import type { RefundRepository } from '#domain/ordering/payment-to-refund.ts';
import { toPage } from '../page-cursor.ts';
import { auditRecorder } from './audit.ts';
import type { SqliteConnection } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { paymentsToRefund } from './schema.ts';

export function createSqliteRefunds(db: SqliteConnection): RefundRepository {
  const recordAudit = auditRecorder(db);
  const newest = newestFirstReader(() => db.select().from(paymentsToRefund).$dynamic(), {
    createdAt: paymentsToRefund.createdAt,
    key: paymentsToRefund.id,
  });
  return {
    async record(payment) {
      db.insert(paymentsToRefund).values(payment).onConflictDoNothing().run();
    },
    async find(id) {
      return db.select().from(paymentsToRefund).where(eq(paymentsToRefund.id, id)).get() ?? null;
    },
    async markRefunded(id, { providerRefundId, at }, audit) {
      // One conditional UPDATE with its audit entry, in one transaction: of two at once, one matches.
      return db.transaction(
        () => {
          const marked = db
            .update(paymentsToRefund)
            .set({ refundedAt: at, providerRefundId })
            .where(and(eq(paymentsToRefund.id, id), isNull(paymentsToRefund.refundedAt)))
            .returning()
            .get();
          if (marked) recordAudit(audit, null);
          return marked ?? null;
        },
        { behavior: 'immediate' },
      );
    },
    async list(page) {
      return toPage(newest(page), page.limit);
    },
    async count() {
      return db.$count(paymentsToRefund, isNull(paymentsToRefund.refundedAt));
    },
  };
}
