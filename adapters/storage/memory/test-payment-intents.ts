import type { StoredTestIntent, TestPaymentIntents } from '../../payments/test/test-payment-intents.ts';
import { copy, copyOrNull } from './tables.ts';

/**
 * The test provider's intents in a Map (the memory store's, or a fresh one). Each method does its
 * work between awaits, so "one live intent per order" and open → settled hold as the SQL stores'
 * unique index and conditional update make them hold.
 */
export function createMemoryTestPaymentIntents(intents: Map<string, StoredTestIntent> = new Map()): TestPaymentIntents {
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
  };
}
