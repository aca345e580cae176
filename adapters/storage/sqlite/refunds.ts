import type { RefundRepository } from '#domain/ordering/payment-to-refund.ts';
import { toPage } from '../page-cursor.ts';
import type { SqliteDb } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { paymentsToRefund } from './schema.ts';

export function createSqliteRefunds(db: SqliteDb): RefundRepository {
  const newest = newestFirstReader(() => db.select().from(paymentsToRefund).$dynamic(), {
    createdAt: paymentsToRefund.createdAt,
    key: paymentsToRefund.id,
  });
  return {
    async record(payment) {
      db.insert(paymentsToRefund).values(payment).onConflictDoNothing().run();
    },
    async list(page) {
      return toPage(newest(page), page.limit);
    },
    async count() {
      return db.$count(paymentsToRefund);
    },
  };
}
