import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { QueuedMail } from '#domain/mail/mail-outbox.ts';
import { orderMail } from '#domain/ordering/order-mail.ts';
import type { StoreHarness } from './store-harness.ts';

/**
 * MailOutboxRepository: an order's e-mails, as the domain names them (order-mail.ts), are queued
 * with the change they tell of (placed, paid, shipped; nothing for a change that did not happen,
 * nothing the domain did not name), a sign-up's verification mail with the
 * account, an account's link asked for on its own; then taken by one sender at a time, marked
 * sent, or tried again later.
 */
export function describeOutboxContract(h: StoreHarness): void {
  describe('mail outbox', () => {
    const far = new Date('2100-01-01T00:00:00Z');
    const claimAll = async (now = far, heldUntil = new Date(far.getTime() + 60_000)) => h.store.outbox.claimDue(now, heldUntil, 100);
    const told = (mails: QueuedMail[]) => mails.map((mail) => [mail.kind, mail.subjectId]);

    it('queues the e-mails the domain names with each order placed, paid and shipped, and none for a change refused', async () => {
      const product = await h.addProduct({ stock: 400 });
      const order = await h.placeOk(h.newOrder(product, { quantity: 200 }));
      expect((await h.store.orders.placeReservingStock(h.newOrder(product, { quantity: 300 }), orderMail('placed'))).ok).toBe(false);
      expect(await h.store.orders.markShipped(order.id, h.at(2_000), { carrier: null, trackingNumber: null }, undefined, orderMail('shipped'))).toBeNull();
      await h.store.orders.markPaid(order.id, 'pi_1', h.at(3_000), orderMail('paid'));
      expect(await h.store.orders.markPaid(order.id, 'pi_2', h.at(3_500), orderMail('paid'))).toBeNull();
      await h.store.orders.markShipped(order.id, h.at(4_000), { carrier: 'UPS', trackingNumber: '1Z' }, undefined, orderMail('shipped'));
      // A change the domain named no mail for queues none: the store adds none of its own.
      expect((await h.store.orders.placeReservingStock(h.newOrder(product, { quantity: 100 }))).ok).toBe(true);
      expect(await h.store.outbox.countUnsent()).toBe(3);
      const queued = await claimAll();
      expect(told(queued)).toEqual([
        ['order-placed', order.id],
        ['order-paid', order.id],
        ['order-shipped', order.id],
      ]);
      expect(queued.map((mail) => mail.attempts)).toEqual([0, 0, 0]);
      expect(queued.map((mail) => mail.createdAt)).toEqual([order.createdAt, h.at(3_000), h.at(4_000)]);
    });

    it("queues a sign-up's verification mail with the account, none when the e-mail is taken, and an account's link asked for on its own", async () => {
      const user = { id: randomUUID(), email: `${randomUUID()}@example.com`, name: 'Ada', role: 'customer' as const, emailVerified: false, passwordHash: 'hash', sessionVersion: 1, createdAt: h.at(1_000) };
      expect(await h.store.users.create(user, 'verify-email')).toMatchObject({ id: user.id });
      expect(await h.store.users.create({ ...user, id: randomUUID(), email: user.email.toUpperCase() }, 'verify-email')).toBeNull();
      await h.addUser({ createdAt: h.at(1_500) }); // no mail asked for, none queued
      await h.store.outbox.queue('password-reset', user.id, h.at(2_000));
      const queued = await claimAll();
      expect(queued.map((mail) => [mail.kind, mail.subjectId, mail.createdAt, mail.attempts])).toEqual([
        ['verify-email', user.id, h.at(1_000), 0],
        ['password-reset', user.id, h.at(2_000), 0],
      ]);
    });

    it('hands a due mail to one sender until it is sent or its hold runs out; a failed try comes back when due, or never once given up', async () => {
      const product = await h.addProduct({ stock: 1_000 });
      const [first, second] = [await h.placeOk(h.newOrder(product)), await h.placeOk(h.newOrder(product, { createdAt: h.at(5_000) }))];
      const now = h.at(10_000);
      const heldUntil = h.at(70_000);
      // Two senders at once never take the same mail.
      const [a, b] = await Promise.all([h.store.outbox.claimDue(now, heldUntil, 100), h.store.outbox.claimDue(now, heldUntil, 100)]);
      expect([...told(a), ...told(b)].sort()).toEqual([['order-placed', first.id], ['order-placed', second.id]].sort());
      expect(await h.store.outbox.claimDue(h.at(20_000), heldUntil, 100)).toEqual([]);

      const [one, two] = [...a, ...b].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
      await h.store.outbox.markSent([one!.id], h.at(11_000));
      await h.store.outbox.markFailed(two!.id, { attempts: 1, retryAt: h.at(100_000), error: 'connection refused', at: h.at(11_000) });
      expect(await h.store.outbox.countUnsent()).toBe(1);
      // Not due before its retry, even once the hold has run out.
      expect(await h.store.outbox.claimDue(h.at(80_000), h.at(90_000), 100)).toEqual([]);
      const retried = await h.store.outbox.claimDue(h.at(100_000), h.at(200_000), 100);
      expect(retried.map((mail) => [mail.id, mail.attempts])).toEqual([[two!.id, 1]]);
      await h.store.outbox.markFailed(two!.id, { attempts: 2, retryAt: null, error: 'gave up', at: h.at(100_500) });
      expect(await h.store.outbox.countUnsent()).toBe(0);
      expect(await claimAll()).toEqual([]);
    });

    it('gives a mail whose sender died back once the hold runs out, oldest due first and at most the limit', async () => {
      const product = await h.addProduct({ stock: 1_000 });
      const orders = [];
      for (let i = 0; i < 3; i++) orders.push(await h.placeOk(h.newOrder(product, { createdAt: h.at(1_000 + i) })));
      expect(told(await h.store.outbox.claimDue(h.at(5_000), h.at(6_000), 2))).toEqual(orders.slice(0, 2).map((o) => ['order-placed', o.id]));
      expect(told(await h.store.outbox.claimDue(h.at(5_500), h.at(6_000), 5))).toEqual([['order-placed', orders[2]!.id]]);
      expect(told(await h.store.outbox.claimDue(h.at(6_000), h.at(9_000), 5))).toEqual(orders.map((o) => ['order-placed', o.id]));
    });

    it('renews the hold of the mails a sender still holds, and never of one marked or taken by another sender since', async () => {
      const product = await h.addProduct({ stock: 1_000 });
      const orders = [];
      for (let i = 0; i < 3; i++) orders.push(await h.placeOk(h.newOrder(product, { createdAt: h.at(1_000 + i) })));
      const taken = await h.store.outbox.claimDue(h.at(5_000), h.at(65_000), 10);
      const [sent, failed, kept] = taken.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
      await h.store.outbox.markSent([sent!.id], h.at(6_000));
      await h.store.outbox.markFailed(failed!.id, { attempts: 1, retryAt: h.at(7_000), error: 'refused', at: h.at(6_000) });
      // Only the mail still held until exactly that time is renewed; a stale hold renews nothing.
      expect(await h.store.outbox.renewHold(taken.map((mail) => mail.id), h.at(65_000), h.at(85_000))).toEqual([kept!.id]);
      expect(await h.store.outbox.renewHold([kept!.id], h.at(65_000), h.at(99_000))).toEqual([]);
      // Past the first hold, before the renewed one: nobody else takes it (the failed one is due again).
      expect(told(await h.store.outbox.claimDue(h.at(70_000), h.at(200_000), 10))).toEqual([['order-placed', orders[1]!.id]]);
      // Once the renewed hold has run out another sender takes it, and the first can no longer renew it.
      expect(told(await h.store.outbox.claimDue(h.at(85_000), h.at(145_000), 10))).toEqual([['order-placed', orders[2]!.id]]);
      expect(await h.store.outbox.renewHold([kept!.id], h.at(85_000), h.at(105_000))).toEqual([]);
      expect(await h.store.outbox.claimDue(h.at(144_000), h.at(204_000), 10)).toEqual([]);
      expect(told(await h.store.outbox.claimDue(h.at(145_000), h.at(205_000), 10))).toEqual([['order-placed', orders[2]!.id]]);
    });

    it('forgets mails sent or given up before the cut-off, oldest first and at most the limit; never one still to send', async () => {
      const product = await h.addProduct({ stock: 1_000 });
      const orders = [];
      for (let i = 0; i < 5; i++) orders.push(await h.placeOk(h.newOrder(product, { createdAt: h.at(1_000 + i) })));
      const mails = (await claimAll()).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
      const [sent1, givenUp, unsent, sent2, recent] = mails;
      await h.store.outbox.markSent([sent1!.id, sent2!.id, recent!.id], h.at(2_000));
      await h.store.outbox.markFailed(givenUp!.id, { attempts: 8, retryAt: null, error: 'gave up', at: h.at(2_000) });
      await h.store.outbox.markFailed(unsent!.id, { attempts: 1, retryAt: h.at(9_000), error: 'refused', at: h.at(2_000) });
      const cutoff = h.at(1_004); // the last mail is not old enough
      expect(await h.store.outbox.forgetDone(cutoff, 2)).toBe(2);
      expect(await h.store.outbox.forgetDone(cutoff, 2)).toBe(1);
      expect(await h.store.outbox.forgetDone(cutoff, 2)).toBe(0);
      // What is left: the mail still to send (due again) and the recent one.
      expect(await h.store.outbox.countUnsent()).toBe(1);
      expect(told(await h.store.outbox.claimDue(h.at(9_000), h.at(10_000), 10))).toEqual([['order-placed', orders[2]!.id]]);
      expect(await h.store.outbox.forgetDone(h.at(1_005), 10)).toBe(1);
    });
  });
}
