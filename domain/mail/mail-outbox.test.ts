import { describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { placeOrder } from '../ordering/place-order.ts';
import { createWorld, manualTimers } from '../testing/world.ts';
import { deliverDueMail, MAIL_HOLD_MS, MAIL_RENEW_MS, MAX_MAIL_ATTEMPTS, retryAt, type MailWriter } from './mail-outbox.ts';
import type { Mail } from './mailer.ts';

const arrange = async () => {
  const storage = createMemoryStorage();
  const world = createWorld(storage.repositories);
  const payments = createTestPaymentGateway({ intents: storage.testPaymentIntents });
  const buyer = await world.addUser({ email: 'ada@example.com' });
  const product = await world.addProduct({ stock: 1_000 });
  const place = async () => {
    const placed = await placeOrder({ ...world.deps, payments }, { buyer, lines: [{ productId: product.id, quantity: 100 }], phone: '555 010 2030', address: '1 Dock Road' });
    if (!placed.ok) throw new Error('arrangement: order not placed');
    return placed.value;
  };
  const sent: Mail[] = [];
  let serverUp = true;
  const transport = {
    send: async (mail: Mail) => {
      if (!serverUp) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(mail);
    },
  };
  const writeMail: MailWriter = async (queued) => {
    const order = await world.store.orders.findById(queued.subjectId);
    return order ? { to: order.email, subject: `${queued.kind} ${order.number}`, text: 't', html: '<p>h</p>' } : null;
  };
  const deliver = () => deliverDueMail({ store: world.store, writeMail, mailer: transport, clock: world.clock, timers: manualTimers() });
  return { world, place, sent, deliver, writeMail, setServerUp: (up: boolean) => (serverUp = up) };
};

describe('deliverDueMail', () => {
  it('writes and sends each due mail once, from the order as it is', async () => {
    const { place, sent, deliver, world } = await arrange();
    const order = await place();
    expect(await deliver()).toEqual({ sent: 1, dropped: 0, failed: [] });
    expect(sent).toEqual([{ to: 'ada@example.com', subject: `order-placed ${order.number}`, text: 't', html: '<p>h</p>' }]);
    expect(await deliver()).toEqual({ sent: 0, dropped: 0, failed: [] });
    expect(await world.store.outbox.countUnsent()).toBe(0);
  });

  it('keeps a mail the server refused and sends it when due again, backing off 1, 5, 30 minutes…; never fails the order', async () => {
    const { place, sent, deliver, world, setServerUp } = await arrange();
    setServerUp(false);
    const order = await place();
    const first = await deliver();
    expect(first.failed).toEqual([{ id: expect.any(String), kind: 'order-placed', subjectId: order.id, attempts: 1, willRetry: true, error: 'connect ECONNREFUSED 127.0.0.1:25' }]);
    expect(await world.store.orders.findById(order.id)).not.toBeNull();
    world.clock.advance(59_000);
    expect(await deliver()).toEqual({ sent: 0, dropped: 0, failed: [] });
    world.clock.advance(1_000);
    expect((await deliver()).failed.map((f) => f.attempts)).toEqual([2]);
    world.clock.advance(5 * 60_000);
    setServerUp(true);
    expect(await deliver()).toMatchObject({ sent: 1, failed: [] });
    expect(sent.map((mail) => mail.subject)).toEqual([`order-placed ${order.number}`]);
  });

  it('gives a mail up after its last try, and drops one whose order is gone', async () => {
    const { place, deliver, world, setServerUp } = await arrange();
    setServerUp(false);
    await place();
    const attempts: boolean[] = [];
    for (let i = 0; i < MAX_MAIL_ATTEMPTS; i++) {
      const delivery = await deliver();
      attempts.push(...delivery.failed.map((f) => f.willRetry));
      world.clock.advance(24 * 60 * 60_000);
    }
    expect(attempts).toEqual([...Array.from({ length: MAX_MAIL_ATTEMPTS - 1 }, () => true), false]);
    expect(await world.store.outbox.countUnsent()).toBe(0);

    setServerUp(true);
    const gone = await place();
    await world.store.orders.deleteUnpaidReturningStock(gone.id);
    expect(await deliver()).toEqual({ sent: 0, dropped: 1, failed: [] });
  });

  it('backs off 1, 5, 30, 120, 360, 720 and 1440 minutes, then stops', () => {
    const now = new Date(0);
    const minutes = Array.from({ length: MAX_MAIL_ATTEMPTS }, (_, i) => retryAt(i + 1, now)?.getTime() ?? null).map((ms) => (ms === null ? null : ms / 60_000));
    expect(minutes).toEqual([1, 5, 30, 120, 360, 720, 1440, null]);
  });
});

/** Lets the store's promises settle (the memory store answers at once); no time passes. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A mail server that takes each message only when the test lets it (`release`); it keeps what it took. */
const stallingTransport = () => {
  const taken: string[] = [];
  const waiting: (() => void)[] = [];
  return {
    taken,
    waiting: () => waiting.length,
    release: () => waiting.shift()?.(),
    send: (mail: Mail) =>
      new Promise<void>((resolve) => {
        taken.push(mail.subject);
        waiting.push(resolve);
      }),
  };
};

describe('the hold on mails being sent (docs/email.md, "E-mail")', () => {
  it('is renewed while a slow batch is still going out, so no other sender takes its mails; each is sent once', async () => {
    const { place, world, writeMail, deliver } = await arrange();
    const order = await place();
    const slow = stallingTransport();
    const timers = manualTimers();
    const sending = deliverDueMail({ store: world.store, writeMail, mailer: slow, clock: world.clock, timers });
    await settle();
    expect(slow.waiting()).toBe(1);
    expect(timers.intervals).toEqual([MAIL_RENEW_MS]);
    // The mail server takes four holds' time; the sender renews every MAIL_RENEW_MS meanwhile.
    for (let beat = 0; beat < 12; beat++) {
      world.clock.advance(MAIL_RENEW_MS);
      timers.beat();
      await settle();
      expect(await deliver(), `another sender, ${(beat + 1) * MAIL_RENEW_MS} ms in`).toEqual({ sent: 0, dropped: 0, failed: [] });
    }
    slow.release();
    expect(await sending).toEqual({ sent: 1, dropped: 0, failed: [] });
    expect(slow.taken).toEqual([`order-placed ${order.number}`]);
    // Sent and marked: nobody sends it again, and the stopped heartbeat renews nothing later.
    timers.beat();
    world.clock.advance(MAIL_HOLD_MS);
    expect(await deliver()).toEqual({ sent: 0, dropped: 0, failed: [] });
    expect(await world.store.outbox.countUnsent()).toBe(0);
  });

  it('runs out MAIL_HOLD_MS after a sender died mid-send: another sender then sends the mail (it may come twice, never not at all)', async () => {
    const { place, world, writeMail, sent, deliver } = await arrange();
    expect(MAIL_HOLD_MS).toBeLessThanOrEqual(60_000);
    const order = await place();
    const dead = stallingTransport();
    // Killed while the mail server had the message: no heartbeat ever comes, no mark is written.
    void deliverDueMail({ store: world.store, writeMail, mailer: dead, clock: world.clock, timers: manualTimers() });
    await settle();
    expect(dead.waiting()).toBe(1);
    world.clock.advance(MAIL_HOLD_MS - 1);
    expect(await deliver()).toEqual({ sent: 0, dropped: 0, failed: [] });
    world.clock.advance(1);
    expect(await deliver()).toEqual({ sent: 1, dropped: 0, failed: [] });
    expect([...dead.taken, ...sent.map((mail) => mail.subject)]).toEqual([`order-placed ${order.number}`, `order-placed ${order.number}`]);
  });

  it('lets a sender that stalled past its hold leave the mails it has not sent yet to the sender that took them', async () => {
    const { place, world, writeMail, sent, deliver } = await arrange();
    const first = await place();
    world.clock.advance(1); // due oldest first
    const second = await place();
    const stalled = stallingTransport();
    const timers = manualTimers();
    const late = deliverDueMail({ store: world.store, writeMail, mailer: stalled, clock: world.clock, timers });
    await settle();
    expect(stalled.waiting()).toBe(1);
    // Stalled past its hold (no beat came in time): another sender takes and sends both.
    world.clock.advance(MAIL_HOLD_MS);
    expect(await deliver()).toEqual({ sent: 2, dropped: 0, failed: [] });
    timers.beat();
    await settle();
    stalled.release();
    expect(await late).toEqual({ sent: 1, dropped: 0, failed: [] });
    // Only the mail that was already with the mail server came twice.
    expect(stalled.taken).toEqual([`order-placed ${first.number}`]);
    expect(sent.map((mail) => mail.subject)).toEqual([`order-placed ${first.number}`, `order-placed ${second.number}`]);
  });
});
