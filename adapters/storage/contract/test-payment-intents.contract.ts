import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoredTestIntent } from '../../payments/test/test-payment-intents.ts';
import type { StoreHarness } from './store-harness.ts';

/**
 * TestPaymentIntents (the offline test provider's intents in the shop's database): one live
 * intent per order, and open → succeeded or canceled exactly once, however many ask at once.
 */
export function describeTestPaymentIntentsContract(h: StoreHarness): void {
  describe('test payment intents', () => {
    const intents = () => h.storage.testPaymentIntents;
    const newIntent = (orderId: string, overrides: Partial<StoredTestIntent> = {}): StoredTestIntent => {
      const id = `pi_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
      return { id, clientSecret: `${id}_secret_${randomUUID()}`, orderId, amountCents: 187_500, currency: 'usd', state: 'open', createdAt: h.at(5), ...overrides };
    };

    it('keeps an intent as given, found by its id and by its client secret, and knows no other', async () => {
      const intent = newIntent(randomUUID(), { amountCents: 1_234_567_890_12 });
      expect(await intents().open(intent)).toEqual(intent);
      expect(await intents().findById(intent.id)).toEqual(intent);
      expect(await intents().findByClientSecret(intent.clientSecret)).toEqual(intent);
      expect(await intents().findById('pi_unknown')).toBeNull();
      expect(await intents().findByClientSecret(`${intent.id}_secret_other`)).toBeNull();
      expect(await intents().settle('pi_unknown', 'succeeded')).toBeNull();
    });

    it('keeps one live intent per order: a second open answers the first, succeeded too; after a cancel a new one is kept', async () => {
      const orderId = randomUUID();
      const first = newIntent(orderId);
      await intents().open(first);
      expect(await intents().open(newIntent(orderId, { amountCents: 1 }))).toEqual(first);
      expect(await intents().settle(first.id, 'succeeded')).toEqual({ intent: { ...first, state: 'succeeded' }, moved: true });
      const afterPaid = newIntent(orderId);
      expect(await intents().open(afterPaid)).toEqual({ ...first, state: 'succeeded' });
      expect(await intents().findById(afterPaid.id)).toBeNull();

      const other = randomUUID();
      const stale = newIntent(other);
      await intents().open(stale);
      expect((await intents().settle(stale.id, 'canceled'))?.moved).toBe(true);
      const fresh = newIntent(other, { amountCents: 99 });
      expect(await intents().open(fresh)).toEqual(fresh);
      expect(await intents().findById(stale.id)).toMatchObject({ state: 'canceled' });
    });

    it('settles an open intent once: a settled one stays as it is and says it did not move', async () => {
      const paid = newIntent(randomUUID());
      await intents().open(paid);
      await intents().settle(paid.id, 'succeeded');
      expect(await intents().settle(paid.id, 'canceled')).toEqual({ intent: { ...paid, state: 'succeeded' }, moved: false });
      const canceled = newIntent(randomUUID());
      await intents().open(canceled);
      await intents().settle(canceled.id, 'canceled');
      expect(await intents().settle(canceled.id, 'succeeded')).toEqual({ intent: { ...canceled, state: 'canceled' }, moved: false });
    });

    it('two confirmations at once: exactly one moves the intent to succeeded', async () => {
      const intent = newIntent(randomUUID());
      await intents().open(intent);
      const outcomes = await Promise.all([intents().settle(intent.id, 'succeeded'), intents().settle(intent.id, 'succeeded')]);
      expect(outcomes.map((outcome) => outcome?.moved).sort()).toEqual([false, true]);
      expect(outcomes.map((outcome) => outcome?.intent.state)).toEqual(['succeeded', 'succeeded']);
    });

    it('two starts at once for one order keep one live intent, and both answer it', async () => {
      const orderId = randomUUID();
      const [a, b] = [newIntent(orderId), newIntent(orderId)];
      const answers = await Promise.all([intents().open(a), intents().open(b)]);
      expect(answers[0]).toEqual(answers[1]);
      const kept = answers[0]!;
      expect([a.id, b.id]).toContain(kept.id);
      expect(await intents().findById(kept.id === a.id ? b.id : a.id)).toBeNull();
    });
  });
}
