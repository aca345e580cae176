import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StoredTestIntent, TestPaymentIntents } from '../../payments/test/test-payment-intents.ts';
import type { SqliteDb } from './database.ts';
import { testPaymentIntents, testPaymentRefunds } from './schema.ts';

/** The test provider's intents in SQLite: every write one statement or one IMMEDIATE transaction. */
export function createSqliteTestPaymentIntents(db: SqliteDb): TestPaymentIntents {
  const liveOf = (orderId: string) =>
    db
      .select()
      .from(testPaymentIntents)
      .where(and(eq(testPaymentIntents.orderId, orderId), inArray(testPaymentIntents.state, ['open', 'succeeded'])))
      .get() ?? null;
  return {
    async open(intent) {
      return db.transaction(
        (): StoredTestIntent => {
          const live = liveOf(intent.orderId);
          if (live) return live;
          db.insert(testPaymentIntents).values(intent).run();
          return intent;
        },
        { behavior: 'immediate' },
      );
    },
    async findById(id) {
      return db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).get() ?? null;
    },
    async findByClientSecret(clientSecret) {
      return db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret)).get() ?? null;
    },
    async settle(id, to) {
      // Only an open intent moves: of two confirmations at once, one updates a row.
      const moved = db
        .update(testPaymentIntents)
        .set({ state: to })
        .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.state, 'open')))
        .returning()
        .get();
      if (moved) return { intent: moved, moved: true };
      const intent = db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).get();
      return intent ? { intent, moved: false } : null;
    },
    async refund(refund) {
      // One IMMEDIATE transaction: the sum of the intent's refunds is read and added to with nobody else writing.
      return db.transaction(
        () => {
          const earlier = db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, refund.idempotencyKey)).get();
          if (earlier) return earlier;
          const intent = db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, refund.intentId)).get();
          if (intent?.state !== 'succeeded') return 'not-paid' as const;
          const given = db
            .select({ sum: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)` })
            .from(testPaymentRefunds)
            .where(eq(testPaymentRefunds.intentId, intent.id))
            .get();
          if ((given?.sum ?? 0) + refund.amountCents > intent.amountCents) return 'exceeds-payment' as const;
          db.insert(testPaymentRefunds).values(refund).run();
          return refund;
        },
        { behavior: 'immediate' },
      );
    },
  };
}
