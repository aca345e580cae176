import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TestPaymentIntents } from '../../payments/test/test-payment-intents.ts';
import { firstRow, type PgDb } from './database.ts';
import { testPaymentIntents, testPaymentRefunds } from './schema.ts';

/** How often `open` inserts again when the live intent it collided with was cancelled before it could read it. */
const OPEN_ATTEMPTS = 3;

/**
 * The test provider's intents in PostgreSQL. Instances share them: the partial unique index keeps
 * one live intent per order (a concurrent insert collides and reads the winner), and a settle is
 * one conditional UPDATE, so of two confirmations on two instances one moves the row.
 */
export function createPgTestPaymentIntents(db: PgDb): TestPaymentIntents {
  const byId = (id: string) => firstRow(db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)));
  return {
    async open(intent) {
      for (let attempt = 0; attempt < OPEN_ATTEMPTS; attempt += 1) {
        const inserted = await firstRow(db.insert(testPaymentIntents).values(intent).onConflictDoNothing().returning());
        if (inserted) return inserted;
        const live = await firstRow(
          db
            .select()
            .from(testPaymentIntents)
            .where(and(eq(testPaymentIntents.orderId, intent.orderId), inArray(testPaymentIntents.state, ['open', 'succeeded']))),
        );
        if (live) return live;
      }
      throw new Error(`test payment intents: no live intent could be kept for order ${intent.orderId}`);
    },
    findById: byId,
    async findByClientSecret(clientSecret) {
      return firstRow(db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret)));
    },
    async settle(id, to) {
      const moved = await firstRow(
        db
          .update(testPaymentIntents)
          .set({ state: to })
          .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.state, 'open')))
          .returning(),
      );
      if (moved) return { intent: moved, moved: true };
      const intent = await byId(id);
      return intent ? { intent, moved: false } : null;
    },
    async refund(refund) {
      const earlierOf = () => firstRow(db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, refund.idempotencyKey)));
      const earlier = await earlierOf();
      if (earlier) return earlier;
      // The intent's row is locked first: refunds of one intent, from any instance, add up one at a time.
      const given = await db.transaction(async (tx) => {
        const intent = await firstRow(tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, refund.intentId)).for('update'));
        if (intent?.state !== 'succeeded') return 'not-paid' as const;
        const sum = await firstRow(
          tx
            .select({ sum: sql<string>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)` })
            .from(testPaymentRefunds)
            .where(eq(testPaymentRefunds.intentId, intent.id)),
        );
        if (Number(sum?.sum ?? 0) + refund.amountCents > intent.amountCents) return 'exceeds-payment' as const;
        const inserted = await firstRow(tx.insert(testPaymentRefunds).values(refund).onConflictDoNothing().returning());
        return inserted ?? null;
      });
      // null: the same key was used at the same moment by another request, whose refund is the answer.
      return given ?? (await earlierOf()) ?? 'not-paid';
    },
  };
}
