import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverDueMail, MAIL_HOLD_MS, MAIL_KEPT_DAYS } from '#domain/mail/mail-outbox.ts';
import type { Mail } from '#domain/mail/mailer.ts';
import { nodeTimers, startMailSender } from './mail-sender.ts';
import { addProduct, createMemoryMailer, createTestApp, keptLogger } from './test-support.ts';

const DAY_MS = 24 * 60 * 60_000;

describe('the mail sender (docs/email.md, "E-mail")', () => {
  it('sends what is due and clears mail sent more than MAIL_KEPT_DAYS ago, keeping the recent', async () => {
    let now = new Date('2026-01-01T09:00:00Z');
    const mailer = createMemoryMailer();
    const context = createTestApp({ clock: { now: () => now }, mailer });
    const product = await addProduct(context.store, { stock: 1_000 });
    const buyer = await context.signUp();
    const order = () =>
      context.call('POST', '/api/orders', { token: buyer.token, body: { lines: [{ productId: product.id, quantity: 100 }], phone: '+1 555 0100', address: '1 Dock Road' } });

    expect((await order()).status).toBe(201);
    expect((await context.deliverMail()).sent).toBe(1);
    now = new Date(now.getTime() + (MAIL_KEPT_DAYS + 1) * DAY_MS);
    expect((await order()).status).toBe(201);

    const { lines, logger } = keptLogger();
    const sender = startMailSender(context.ports, logger, { intervalMs: 10 });
    await expect.poll(() => lines.find((line) => line.message === 'old mail cleared from the outbox')).toBeTruthy();
    await sender.stop();

    expect(lines).toContainEqual({ level: 'info', message: 'mail sent', details: { sent: 1 } });
    // The first order's mail and the sign-up's verification mail (dropped: the buyer was verified).
    expect(lines).toContainEqual({ level: 'info', message: 'old mail cleared from the outbox', details: { forgotten: 2 } });
    expect(mailer.sent.filter((mail) => mail.subject.startsWith('Order '))).toHaveLength(2);
    // The mail sent today stays: only it is left to clear once it, too, is old.
    expect(await context.store.outbox.forgetDone(new Date(now.getTime() + DAY_MS), 10)).toBe(1);
  });
});

describe('the mail sender on a slow mail server', () => {
  afterEach(() => void vi.useRealTimers());

  it('renews its hold on Node timers while the mail server takes minutes, so another instance never takes the mail', async () => {
    const handedOver: string[] = [];
    let accept: () => void = () => undefined;
    // Takes minutes over each order mail (the buyer's account mail goes through at once).
    const slow = {
      send: (mail: Mail) =>
        mail.subject.startsWith('Order ') ? new Promise<void>((resolve) => ((accept = resolve), handedOver.push(mail.subject))) : Promise.resolve(),
    };
    const context = createTestApp({ mailer: slow });
    const product = await addProduct(context.store, { stock: 1_000 });
    const buyer = await context.signUp();
    const placed = await context.call('POST', '/api/orders', {
      token: buyer.token,
      body: { lines: [{ productId: product.id, quantity: 100 }], phone: '+1 555 0100', address: '1 Dock Road' },
    });
    expect(placed.status).toBe(201);
    // From here the sender's intervals and the clock (Date) move only when the test says so.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { logger } = keptLogger();
    const sender = startMailSender(context.ports, logger);
    await vi.waitFor(() => expect(handedOver).toHaveLength(1));
    // Another instance looks every second for three holds' time: the mail stays with the first.
    const other = createMemoryMailer();
    const otherSender = () => deliverDueMail({ store: context.store, writeMail: context.ports.writeMail, mailer: other, clock: context.ports.clock, timers: nodeTimers });
    for (let second = 0; second < (3 * MAIL_HOLD_MS) / 1_000; second++) {
      await vi.advanceTimersByTimeAsync(1_000);
      expect((await otherSender()).sent).toBe(0);
    }
    accept();
    await sender.stop();
    expect(handedOver).toHaveLength(1);
    expect(other.sent).toEqual([]);
    expect(await context.store.outbox.countUnsent()).toBe(0);
  });
});
