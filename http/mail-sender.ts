import { deliverDueMail, forgetDoneMail, type MailDelivery } from '#domain/mail/mail-outbox.ts';
import type { Ports } from '#domain/ports.ts';
import type { Timers } from '#domain/shared/clock.ts';
import type { Logger } from './logger.ts';

/** How often the outbox is looked at: a buyer's confirmation leaves within about a second. */
export const MAIL_POLL_MS = 1_000;
/** How often mail done with long ago is cleared from the outbox (domain/mail/mail-outbox.ts, MAIL_KEPT_DAYS). */
const FORGET_EVERY_MS = 60 * 60_000;

/** Node's intervals, unref'd: a renewal never keeps a stopping process alive. */
export const nodeTimers: Timers = {
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/**
 * Sends the outbox's due mail (docs/email.md, "E-mail") in this process: now, then every second,
 * each time until nothing is due. Every instance may run one; the store hands each mail to one
 * sender, which renews its hold on `timers` while a batch is going out. A failure is logged with
 * the time of the next try, and a mail given up is logged as an error; neither stops the sender.
 * Once an hour it also clears the mail sent or given up more than MAIL_KEPT_DAYS ago, so the outbox does not grow with every order.
 */
export const startMailSender = (
  ports: Pick<Ports, 'store' | 'writeMail' | 'mailer' | 'clock'>,
  logger: Logger,
  {
    intervalMs = MAIL_POLL_MS,
    timers = nodeTimers,
    // The server hands failures of the database to its storage watch, which logs an outage once.
    onFailure = (error: unknown) => logger.error('sending mail failed', { error: String(error) }),
  }: { intervalMs?: number; timers?: Timers; onFailure?: (error: unknown) => void } = {},
) => {
  const deps = { ...ports, timers };
  const BATCH = 20;
  const report = (delivery: MailDelivery) => {
    if (delivery.sent > 0) logger.info('mail sent', { sent: delivery.sent });
    for (const failure of delivery.failed) {
      const fields = { kind: failure.kind, subjectId: failure.subjectId, attempts: failure.attempts, error: failure.error };
      if (failure.willRetry) logger.warn('mail not sent; will try again', fields);
      else logger.error('mail given up after its last try', fields);
    }
  };
  let forgottenAt = Number.NEGATIVE_INFINITY;
  const forgetOld = async () => {
    const now = ports.clock.now().getTime();
    if (now - forgottenAt < FORGET_EVERY_MS) return;
    forgottenAt = now;
    const forgotten = await forgetDoneMail(deps);
    if (forgotten > 0) logger.info('old mail cleared from the outbox', { forgotten });
  };
  const drain = async () => {
    for (;;) {
      const delivery = await deliverDueMail(deps, { limit: BATCH });
      report(delivery);
      if (delivery.sent + delivery.dropped + delivery.failed.length < BATCH) break;
    }
    await forgetOld();
  };
  // One drain at a time: a tick that finds the last one still sending (a slow mail server) skips.
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= drain()
      .catch(onFailure)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    /** Stops looking; resolves once the batch being sent is done. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
