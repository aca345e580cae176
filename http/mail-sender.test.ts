import { describe, expect, it } from 'vitest';
import { MAIL_KEPT_DAYS } from '#domain/mail/mail-outbox.ts';
import type { Logger } from './logger.ts';
import { startMailSender } from './mail-sender.ts';
import { addProduct, createMemoryMailer, createTestApp } from './test-support.ts';

const DAY_MS = 24 * 60 * 60_000;

/** A logger that keeps its lines, for the sender's reports. */
const keptLogger = () => {
  const lines: { level: string; message: string; details?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, details?: Record<string, unknown>) => void lines.push({ level, message, ...(details ? { details } : {}) });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, logger };
};

describe('the mail sender (README.md, "E-mail")', () => {
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
    const sender = startMailSender(context.ports, logger, 10);
    await expect.poll(() => lines.find((line) => line.message === 'old mail cleared from the outbox')).toBeTruthy();
    await sender.stop();

    expect(lines).toContainEqual({ level: 'info', message: 'mail sent', details: { sent: 1 } });
    expect(lines).toContainEqual({ level: 'info', message: 'old mail cleared from the outbox', details: { forgotten: 1 } });
    expect(mailer.sent.filter((mail) => mail.subject.startsWith('Order '))).toHaveLength(2);
    // The mail sent today stays: only it is left to clear once it, too, is old.
    expect(await context.store.outbox.forgetDone(new Date(now.getTime() + DAY_MS), 10)).toBe(1);
  });
});
