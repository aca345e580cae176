import { describe, expect, it } from 'vitest';
import type { PaymentToRefund } from '#domain/ordering/payment-to-refund.ts';
import type { StoreHarness } from './store-harness.ts';

/** RefundRepository: each succeeded payment kept once, listed newest first in pages, counted. */
export function describeRefundContract(h: StoreHarness): void {
  describe('payments to refund', () => {
    const payment = (id: string, ms: number, overrides: Partial<PaymentToRefund> = {}): PaymentToRefund => ({
      id,
      orderId: `order-of-${id}`,
      amountCents: 1_234_567_890_12,
      currency: 'usd',
      reason: 'order-gone',
      createdAt: h.at(ms),
      ...overrides,
    });

    it('keeps a payment once: the same intent reported again changes nothing', async () => {
      const first = payment('pi_1', 1);
      await h.store.refunds.record(first);
      await h.store.refunds.record(payment('pi_1', 5, { reason: 'order-paid-otherwise', amountCents: 1 }));
      expect(await h.store.refunds.count()).toBe(1);
      expect(await h.store.refunds.list({ limit: 10 })).toEqual({ items: [first], nextCursor: null });
    });

    it('lists newest first in pages, ties broken by intent id', async () => {
      for (const [id, ms] of [['pi_a', 1], ['pi_b', 2], ['pi_c', 2], ['pi_d', 3]] as const) {
        await h.store.refunds.record(payment(id, ms, { orderId: null }));
      }
      expect(await h.walk((page) => h.store.refunds.list(page), 3, (item) => item.id)).toEqual([
        ['pi_d', 'pi_c', 'pi_b'],
        ['pi_a'],
      ]);
      expect(await h.store.refunds.count()).toBe(4);
    });
  });
}
