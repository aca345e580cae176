import type { StoredTestIntent, StoredTestRefund, TestPaymentIntents } from '../../payments/test/test-payment-intents.ts';
import { copy, copyOrNull } from './tables.ts';

/**
 * The test provider's intents in a Map (the memory store's, or a fresh one). Each method does its
 * work between awaits, so "one live intent per order" and open → settled hold as the SQL stores'
 * unique index and conditional update make them hold.
 */
export function createMemoryTestPaymentIntents(
  intents: Map<string, StoredTestIntent> = new Map(),
  refunds: Map<string, StoredTestRefund> = new Map(),
): TestPaymentIntents {
  const liveOf = (orderId: string) => [...intents.values()].find((intent) => intent.orderId === orderId && intent.state !== 'canceled');
  return {
    async open(intent) {
      const live = liveOf(intent.orderId);
      if (live) return copy(live);
      intents.set(intent.id, copy(intent));
      return copy(intent);
    },
    async findById(id) {
      return copyOrNull(intents.get(id));
    },
    async findByClientSecret(clientSecret) {
      return copyOrNull([...intents.values()].find((intent) => intent.clientSecret === clientSecret));
    },
    async settle(id, to) {
      const intent = intents.get(id);
      if (!intent) return null;
      const moved = intent.state === 'open';
      if (moved) intent.state = to;
      return { intent: copy(intent), moved };
    },
    async refund(refund) {
      const earlier = refunds.get(refund.idempotencyKey);
      if (earlier) return copy(earlier);
      const intent = intents.get(refund.intentId);
      if (intent?.state !== 'succeeded') return 'not-paid';
      const given = [...refunds.values()].filter((one) => one.intentId === intent.id).reduce((sum, one) => sum + one.amountCents, 0);
      if (given + refund.amountCents > intent.amountCents) return 'exceeds-payment';
      refunds.set(refund.idempotencyKey, copy(refund));
      return copy(refund);
    },
  };
}
