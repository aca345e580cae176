import type { Clock, Timers } from '../shared/clock.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * The e-mails the shop owes its buyers (docs/email.md, "E-mail"). Which mails a change sends is decided
 * here in the domain (ordering/order-mail.ts, quoting/quote-mail.ts) and handed to the store method
 * that makes the change, which queues them in the same transaction (an order placed, paid or
 * shipped, an account made), so none is lost to a crash or a mail server that is down; each is
 * written and sent later, from the order (or account) as it is then, and retried with backoff
 * when sending fails.
 */
export type MailKind = OrderMailKind | CompanyOrderMailKind | AfterSaleMailKind | QuoteMailKind | AccountMailKind | CompanyMailKind;

/**
 * Companies (docs/companies.md, "Companies and members"): the invited address gets the join link,
 * whose token is derived from the invitation when the mail is written (only its hash is stored).
 */
export type CompanyMailKind = 'company-invitation';

/** An order's steps (docs/email.md, "E-mail"): the buyer hears that it was placed, paid and shipped. */
export type OrderMailKind = 'order-placed' | 'order-paid' | 'order-shipped';

/**
 * A company order's approval (docs/companies.md, "Approvals"): every manager of the company hears
 * that a buyer's order waits; the buyer hears that it was approved (with the link to pay) or rejected.
 */
export type CompanyOrderMailKind = 'company-order-awaiting-approval' | 'company-order-approved' | 'company-order-rejected';

/**
 * After the sale (docs/orders.md, "After the sale: cancel, refund, return"): the buyer hears that
 * the order was cancelled (about the order), that money came back (about the refund) and each
 * step of a return (about the return).
 */
export type AfterSaleMailKind = 'order-cancelled' | 'refund-made' | 'return-requested' | 'return-approved' | 'return-rejected' | 'return-received';

/**
 * An account's links (domain/identity/account-emails.ts): the verification link, queued with the
 * sign-up or asked for again, and the password-reset link. The row names only the user; the
 * link's token is signed when the mail is written, so none is ever stored.
 */
export type AccountMailKind = 'verify-email' | 'password-reset';

/**
 * A request for quote's steps (docs/orders.md, "Requests for quote"): the buyer hears that it was
 * received, answered and accepted; the shop (`SHOP_EMAIL`) that one was asked for, accepted or
 * declined.
 */
export type QuoteMailKind = 'quote-received' | 'quote-answered' | 'quote-accepted' | 'shop-quote-requested' | 'shop-quote-accepted' | 'shop-quote-declined';

export interface QueuedMail {
  id: string;
  kind: MailKind;
  /** The order, quote or user the mail is about. */
  subjectId: string;
  /** Tries so far. */
  attempts: number;
  createdAt: Date;
}

export interface MailOutboxRepository {
  /**
   * Queues a mail that tells of no change (an account's link asked for): the request that asks
   * for it has only this to write. A change's mails are named by its use case (order-mail.ts,
   * quote-mail.ts) and queued by the store method that makes it.
   */
  queue(kind: MailKind, subjectId: string, at: Date): Promise<void>;
  /**
   * Takes up to `limit` unsent mails due at `now` that no other sender holds, oldest due first,
   * and holds them until `heldUntil`: a sender that dies mid-send only delays its mails.
   */
  claimDue(now: Date, heldUntil: Date, limit: number): Promise<QueuedMail[]>;
  /**
   * Renews a hold: those of `ids` still held until exactly `heldUntil` (taken by this sender and
   * not marked since) are held until `until` instead; returns their ids. A mail whose hold has
   * changed hands, was marked or given back is left alone.
   */
  renewHold(ids: string[], heldUntil: Date, until: Date): Promise<string[]>;
  /** Marks a batch's mails sent (or dropped) in one write. */
  markSent(ids: string[], at: Date): Promise<void>;
  /** Notes a failed try: tried again at `retryAt`, or never again when it is null. */
  markFailed(id: string, failure: { attempts: number; retryAt: Date | null; error: string; at: Date }): Promise<void>;
  /** Mails not sent yet and not given up on (for the health of the queue, and tests). */
  countUnsent(): Promise<number>;
  /** Deletes up to `limit` mails queued before `before` that were sent or given up; returns how many went. */
  forgetDone(before: Date, limit: number): Promise<number>;
}

/**
 * Writes a queued mail from the order, quote or account as it is now; null when there is nothing
 * to tell any more (it was deleted, or the address was verified meanwhile).
 */
export type MailWriter = (queued: QueuedMail) => Promise<Mail | null>;

/** Waits between tries: 1 minute, then 5, 30, 2 hours, 6, 12 and 24; after the 8th failure the mail is given up (and logged). */
const RETRY_DELAYS_MINUTES = [1, 5, 30, 120, 360, 720, 1440];
export const MAX_MAIL_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/** When to try again after `attempts` failed tries, or null to give up. */
export const retryAt = (attempts: number, now: Date): Date | null => {
  const minutes = RETRY_DELAYS_MINUTES[attempts - 1];
  return minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000);
};

/**
 * How long a mail sent or given up stays in the outbox: long enough to look into a buyer's "I never
 * got it" (the log has the rest), short enough that the table does not grow with every order.
 */
export const MAIL_KEPT_DAYS = 30;
const FORGET_BATCH = 1_000;

/** Forgets the mails done with for longer than MAIL_KEPT_DAYS, in batches so no transaction is long; returns how many. */
export type ForgetDoneMailPorts = { store: { outbox: Pick<MailOutboxRepository, 'forgetDone'> }; clock: Clock };

export const forgetDoneMail = async (deps: ForgetDoneMailPorts): Promise<number> => {
  const before = new Date(deps.clock.now().getTime() - MAIL_KEPT_DAYS * 24 * 60 * 60_000);
  let forgotten = 0;
  for (;;) {
    const batch = await deps.store.outbox.forgetDone(before, FORGET_BATCH);
    forgotten += batch;
    if (batch < FORGET_BATCH) return forgotten;
  }
};

/**
 * How long a sender holds the mails it took: a sender killed mid-send delays its mails by about
 * this much before another takes them (docs/email.md, "E-mail"). A live sender renews the hold every
 * MAIL_RENEW_MS while its batch is still going out, so a slow mail server does not cost the hold.
 */
export const MAIL_HOLD_MS = 60_000;
/** A third of the hold: two renewals may fail (a busy database) before the hold runs out. */
export const MAIL_RENEW_MS = MAIL_HOLD_MS / 3;

export interface MailDelivery {
  sent: number;
  /** Mails with nothing left to tell (their order was deleted): dropped as done. */
  dropped: number;
  failed: { id: string; kind: MailKind; subjectId: string; attempts: number; willRetry: boolean; error: string }[];
}

export type DeliverDueMailPorts = {
  store: { outbox: Pick<MailOutboxRepository, 'claimDue' | 'renewHold' | 'markSent' | 'markFailed'> };
  writeMail: MailWriter;
  mailer: Mailer;
  clock: Clock;
  /** Beats the hold's renewal while a batch goes out (Node's intervals in the server, by hand in tests). */
  timers: Timers;
};

/**
 * Sends the mails that are due, one batch: each is written and handed to the mail server, and the
 * batch's are marked sent together, one write instead of one per mail; a failure is noted with the
 * next try's time. While the batch goes out its hold is renewed every MAIL_RENEW_MS; a mail whose
 * hold was lost meanwhile (the process stalled past it, so another sender may have it) is left to
 * that sender. A sender that dies mid-batch sends those mails again once their hold runs out
 * (a mail may come twice, never not at all). Never throws for one mail's failure.
 */
export const deliverDueMail = async (deps: DeliverDueMailPorts, { limit = 20 }: { limit?: number } = {}): Promise<MailDelivery> => {
  const now = deps.clock.now();
  let heldUntil = new Date(now.getTime() + MAIL_HOLD_MS);
  const due = await deps.store.outbox.claimDue(now, heldUntil, limit);
  const delivery: MailDelivery = { sent: 0, dropped: 0, failed: [] };
  if (due.length === 0) return delivery;
  /** The mails this sender holds: taken, not yet marked failed, hold not lost. */
  const held = new Set(due.map((queued) => queued.id));
  let renewing = Promise.resolve();
  const renew = async () => {
    const until = new Date(deps.clock.now().getTime() + MAIL_HOLD_MS);
    const ids = [...held];
    if (ids.length === 0) return;
    const renewed = new Set(await deps.store.outbox.renewHold(ids, heldUntil, until));
    heldUntil = until;
    for (const id of ids) if (!renewed.has(id)) held.delete(id);
  };
  // One renewal at a time; one that fails is tried again at the next beat, and the worst a lost
  // hold costs is a mail sent twice.
  const stopRenewing = deps.timers.every(MAIL_RENEW_MS, () => {
    renewing = renewing.then(renew).catch(() => undefined);
  });
  const done: string[] = [];
  try {
    for (const queued of due) {
      if (!held.has(queued.id)) continue;
      try {
        const mail = await deps.writeMail(queued);
        if (mail) await deps.mailer.send(mail);
        done.push(queued.id);
        if (mail) delivery.sent += 1;
        else delivery.dropped += 1;
      } catch (error) {
        held.delete(queued.id);
        const attempts = queued.attempts + 1;
        const at = deps.clock.now();
        const next = retryAt(attempts, at);
        const text = error instanceof Error ? error.message : String(error);
        await deps.store.outbox.markFailed(queued.id, { attempts, retryAt: next, error: text.slice(0, 500), at });
        delivery.failed.push({ id: queued.id, kind: queued.kind, subjectId: queued.subjectId, attempts, willRetry: next !== null, error: text });
      }
    }
  } finally {
    stopRenewing();
    await renewing;
  }
  if (done.length > 0) await deps.store.outbox.markSent(done, deps.clock.now());
  return delivery;
};
