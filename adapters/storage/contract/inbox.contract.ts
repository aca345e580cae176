import { describe, expect, it } from 'vitest';
import type { StoreHarness } from './store-harness.ts';

/** InboxRepository: one subscription per e-mail, subscribers and contact messages in newest-first pages. */
export function describeInboxContract(h: StoreHarness): void {
  describe('inbox', () => {
    it('keeps the first subscription when an e-mail subscribes twice', async () => {
      const first = await h.store.inbox.subscribe({ email: 'news@example.com', createdAt: h.at(1) });
      const again = await h.store.inbox.subscribe({ email: 'News@Example.com', createdAt: h.at(2) });
      expect(again).toEqual(first);
      await h.store.inbox.subscribe({ email: 'other@example.com', createdAt: h.at(3) });
      expect(await h.store.inbox.listSubscribers({ limit: 10 })).toEqual({
        items: [{ email: 'other@example.com', createdAt: h.at(3) }, first],
        nextCursor: null,
      });
    });

    it('lists subscribers newest first in pages, ties broken by e-mail, the last page with a null cursor', async () => {
      const subscribe = (email: string, ms: number) => h.store.inbox.subscribe({ email, createdAt: h.at(ms) });
      const oldest = await subscribe('c@example.com', 1);
      const tiedLow = await subscribe('a@example.com', 2);
      const tiedHigh = await subscribe('b@example.com', 2);
      const newer = await subscribe('d@example.com', 3);
      // The key is the whole e-mail, so a cursor may carry one of the longest allowed.
      const newest = await subscribe(`${'x'.repeat(64)}@${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`, 4);
      const newestFirst = [newest, newer, tiedHigh, tiedLow, oldest].map((s) => s.email);
      const emailOf = (subscriber: { email: string }) => subscriber.email;
      expect(await h.walk((page) => h.store.inbox.listSubscribers(page), 2, emailOf)).toEqual([
        newestFirst.slice(0, 2),
        newestFirst.slice(2, 4),
        newestFirst.slice(4),
      ]);
      expect(await h.walk((page) => h.store.inbox.listSubscribers(page), 1, emailOf)).toEqual(newestFirst.map((email) => [email]));
      expect(await h.store.inbox.listSubscribers({ limit: 10 })).toEqual({ items: [newest, newer, tiedHigh, tiedLow, oldest], nextCursor: null });
    });

    it('lists contact messages newest first in pages, ties broken by id, the last page with a null cursor', async () => {
      const message = (letter: string, ms: number) =>
        h.store.inbox.addContactMessage({ id: h.keyed(letter), name: 'Lin', email: 'lin@example.com', message: `hello ${ms}`, createdAt: h.at(ms), readAt: null });
      const old = await message('b', 1);
      const tiedLow = await message('a', 2);
      const tiedHigh = await message('c', 2);
      const recent = await message('a', 3);
      const newestFirst = [recent.id, tiedHigh.id, tiedLow.id, old.id];
      expect(await h.walk((page) => h.store.inbox.listContactMessages(page), 2)).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2)]);
      expect(await h.walk((page) => h.store.inbox.listContactMessages(page), 3)).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3)]);
      expect(await h.store.inbox.listContactMessages({ limit: 10 })).toEqual({ items: [recent, tiedHigh, tiedLow, old], nextCursor: null });
      expect(await h.store.inbox.listContactMessages({ limit: 1, cursor: '%%not-a-cursor%%' })).toEqual({
        items: [recent],
        nextCursor: expect.any(String),
      });
    });

    it('marks a contact message read and unread, and counts only the unread ones', async () => {
      const add = (letter: string) =>
        h.store.inbox.addContactMessage({ id: h.keyed(letter), name: 'Lin', email: 'lin@example.com', message: 'Please call me', createdAt: h.at(1), readAt: null });
      const first = await add('a');
      const second = await add('b');
      expect(await h.store.inbox.countUnreadContactMessages()).toBe(2);
      expect(await h.store.inbox.setContactMessageReadAt(first.id, h.at(5))).toEqual({ ...first, readAt: h.at(5) });
      expect(await h.store.inbox.countUnreadContactMessages()).toBe(1);
      expect(await h.store.inbox.countContactMessages()).toBe(2);
      expect((await h.store.inbox.listContactMessages({ limit: 10 })).items.find((m) => m.id === first.id)?.readAt).toEqual(h.at(5));
      expect(await h.store.inbox.setContactMessageReadAt(first.id, null)).toEqual(first);
      expect(await h.store.inbox.countUnreadContactMessages()).toBe(2);
      expect(await h.store.inbox.setContactMessageReadAt(h.keyed('z'), h.at(6))).toBeNull();
      expect(await h.store.inbox.listContactMessages({ limit: 10 })).toEqual({ items: [second, first].sort((x, y) => (x.id < y.id ? 1 : -1)), nextCursor: null });
    });
  });
}
