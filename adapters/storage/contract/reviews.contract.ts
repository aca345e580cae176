import { describe, expect, it } from 'vitest';
import type { StoreHarness } from './store-harness.ts';

/** ReviewRepository: newest-first pages and deletion. */
export function describeReviewContract(h: StoreHarness): void {
  describe('reviews', () => {
    it('lists reviews newest first in pages and deletes them', async () => {
      const old = await h.store.reviews.create(h.newReview({ createdAt: h.at(1), rating: 3 }));
      const mid = await h.store.reviews.create(h.newReview({ createdAt: h.at(2) }));
      const recent = await h.store.reviews.create(h.newReview({ createdAt: h.at(3) }));
      const first = await h.store.reviews.list({ limit: 2 });
      expect(first.items.map((r) => r.id)).toEqual([recent.id, mid.id]);
      const second = await h.store.reviews.list({ limit: 2, cursor: first.nextCursor });
      expect(second).toEqual({ items: [old], nextCursor: null });
      expect(await h.store.reviews.delete(mid.id)).toBe(true);
      expect(await h.store.reviews.delete(mid.id)).toBe(false);
      expect((await h.store.reviews.list({ limit: 10 })).items.map((r) => r.id)).toEqual([recent.id, old.id]);
    });

  });
}
