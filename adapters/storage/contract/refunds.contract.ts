import { describe, expect, it } from 'vitest';
import type { AuditNote } from '#domain/audit/audit-log.ts';
import type { NewPaymentToRefund } from '#domain/ordering/payment-to-refund.ts';
import type { StoreHarness } from './store-harness.ts';

/** RefundRepository: each succeeded payment kept once, listed newest first in pages, counted while waiting, refunded once. */
export function describeRefundContract(h: StoreHarness): void {
  describe('payments to refund', () => {
    const payment = (id: string, ms: number, overrides: Partial<NewPaymentToRefund> = {}): NewPaymentToRefund => ({
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
      expect(await h.store.refunds.list({ limit: 10 })).toEqual({ items: [{ ...first, refundedAt: null, providerRefundId: null }], nextCursor: null });
    });

    it('marks a waiting payment refunded once, with its audit entry, even two at once; then it no longer counts as waiting', async () => {
      await h.store.refunds.record(payment('pi_r', 1));
      await h.store.refunds.record(payment('pi_w', 2));
      const note: AuditNote = { actorId: 'admin-1', actorEmail: 'admin@example.com', at: h.at(9), kind: 'payment-refunded', subjectId: 'pi_r', summary: 'Refunded', before: null };
      const marks = await Promise.all([
        h.store.refunds.markRefunded('pi_r', { providerRefundId: 're_1', at: h.at(9) }, note),
        h.store.refunds.markRefunded('pi_r', { providerRefundId: 're_1', at: h.at(10) }, note),
      ]);
      expect(marks.filter((marked) => marked !== null)).toEqual([{ ...payment('pi_r', 1), refundedAt: h.at(9), providerRefundId: 're_1' }]);
      expect(await h.store.refunds.find('pi_r')).toMatchObject({ refundedAt: h.at(9), providerRefundId: 're_1' });
      expect(await h.store.refunds.markRefunded('pi_r', { providerRefundId: 're_2', at: h.at(11) }, note)).toBeNull();
      expect(await h.store.refunds.markRefunded('pi_none', { providerRefundId: 're_3', at: h.at(11) }, note)).toBeNull();
      expect(await h.store.refunds.find('pi_none')).toBeNull();
      expect((await h.store.audit.list({}, { limit: 10 })).items.map((entry) => entry.kind)).toEqual(['payment-refunded']);
      expect(await h.store.refunds.count()).toBe(1);
      expect((await h.store.refunds.list({ limit: 10 })).items.map((item) => item.id)).toEqual(['pi_w', 'pi_r']);
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
