import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MailKind, MailOutboxRepository, QueuedMail } from '#domain/mail/mail-outbox.ts';
import { preparedInsert, type SqliteConnection } from './database.ts';
import { oldestFirst } from '../order-queries.ts';
import { doneBefore } from '../outbox-queries.ts';
import { mailOutbox } from './schema.ts';

/** Queues a mail; called inside the transaction of the change it tells of, so both commit or neither. */
export const mailQueuer = (db: SqliteConnection) => {
  const insert = preparedInsert(db, mailOutbox);
  return (kind: MailKind, subjectId: string, at: Date): void =>
    insert({ id: randomUUID(), kind, subjectId, createdAt: at, attempts: 0, nextAttemptAt: at });
};

/**
 * Queues each mail the domain decided a change sends (none when it named none); called inside the
 * transaction of that change, as mailQueuer's.
 */
export const mailsQueuer = (db: SqliteConnection) => {
  const queueMail = mailQueuer(db);
  return (kinds: readonly MailKind[] | undefined, subjectId: string, at: Date): void => {
    for (const kind of kinds ?? []) queueMail(kind, subjectId, at);
  };
};

const queued = { id: mailOutbox.id, kind: mailOutbox.kind, subjectId: mailOutbox.subjectId, attempts: mailOutbox.attempts, createdAt: mailOutbox.createdAt };
const unsent = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));

export function createSqliteOutbox(db: SqliteConnection): MailOutboxRepository {
  const queueMail = mailQueuer(db);
  return {
    async queue(kind, subjectId, at) {
      queueMail(kind, subjectId, at);
    },
    async claimDue(now, heldUntil, limit) {
      // IMMEDIATE, so a second process on the same file cannot take the same rows.
      return db.transaction(
        (tx) => {
          const due = tx
            .select(queued)
            .from(mailOutbox)
            .where(and(unsent, lte(mailOutbox.nextAttemptAt, now), or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now))))
            .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
            .limit(limit)
            .all();
          if (due.length > 0) tx.update(mailOutbox).set({ claimedUntil: heldUntil }).where(inArray(mailOutbox.id, due.map((row) => row.id))).run();
          return due as QueuedMail[];
        },
        { behavior: 'immediate' },
      );
    },
    async renewHold(ids, heldUntil, until) {
      // Matching the exact hold: one that ran out and was taken by another sender has another time.
      return db
        .update(mailOutbox)
        .set({ claimedUntil: until })
        .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.claimedUntil, heldUntil)))
        .returning({ id: mailOutbox.id })
        .all()
        .map((row) => row.id);
    },
    async markSent(ids, at) {
      db.update(mailOutbox).set({ sentAt: at, claimedUntil: null }).where(inArray(mailOutbox.id, ids)).run();
    },
    async markFailed(id, { attempts, retryAt, error, at }) {
      db.update(mailOutbox)
        .set({ attempts, lastError: error, claimedUntil: null, ...(retryAt ? { nextAttemptAt: retryAt } : { failedAt: at }) })
        .where(eq(mailOutbox.id, id))
        .run();
    },
    async countUnsent() {
      return db.select({ count: sql<number>`count(*)` }).from(mailOutbox).where(unsent).get()?.count ?? 0;
    },
    async forgetDone(before, limit) {
      const done = db.select({ id: mailOutbox.id }).from(mailOutbox).where(doneBefore(mailOutbox, before)).orderBy(...oldestFirst(mailOutbox)).limit(limit);
      return db.delete(mailOutbox).where(inArray(mailOutbox.id, done)).run().changes;
    },
  };
}
