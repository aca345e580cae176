import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MailKind, MailOutboxRepository, QueuedMail } from '#domain/mail/mail-outbox.ts';
import type { PgDb } from './database.ts';
import { oldestFirst } from '../order-queries.ts';
import { doneBefore } from '../outbox-queries.ts';
import { mailOutbox } from './schema.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** Queues a mail inside the transaction of the change it tells of, so both commit or neither. */
export const queueMail = async (tx: PgDb | Tx, kind: MailKind, subjectId: string, at: Date): Promise<void> => {
  await tx.insert(mailOutbox).values({ id: randomUUID(), kind, subjectId, createdAt: at, attempts: 0, nextAttemptAt: at });
};

/** The outbox rows of the mails the domain decided a change sends (none when it named none). */
export const mailRows = (kinds: readonly MailKind[] | undefined, subjectId: string, at: Date) =>
  (kinds ?? []).map((kind) => ({ id: randomUUID(), kind, subjectId, createdAt: at, attempts: 0, nextAttemptAt: at }));

/**
 * Queues each mail the domain decided a change sends (none when it named none), in one insert inside
 * the transaction of that change.
 */
export const queueMails = async (tx: PgDb | Tx, kinds: readonly MailKind[] | undefined, subjectId: string, at: Date): Promise<void> => {
  const rows = mailRows(kinds, subjectId, at);
  if (rows.length > 0) await tx.insert(mailOutbox).values(rows);
};

const queued = { id: mailOutbox.id, kind: mailOutbox.kind, subjectId: mailOutbox.subjectId, attempts: mailOutbox.attempts, createdAt: mailOutbox.createdAt };
const unsent = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));

export function createPgOutbox(db: PgDb): MailOutboxRepository {
  return {
    async queue(kind, subjectId, at) {
      await queueMail(db, kind, subjectId, at);
    },
    async claimDue(now, heldUntil, limit) {
      // SKIP LOCKED: several instances each take other rows, and none waits for another's.
      return db.transaction(async (tx) => {
        const due = await tx
          .select(queued)
          .from(mailOutbox)
          .where(and(unsent, lte(mailOutbox.nextAttemptAt, now), or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now))))
          .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length > 0) await tx.update(mailOutbox).set({ claimedUntil: heldUntil }).where(inArray(mailOutbox.id, due.map((row) => row.id)));
        return due as QueuedMail[];
      });
    },
    async renewHold(ids, heldUntil, until) {
      // Matching the exact hold: one that ran out and was taken by another sender has another time.
      const renewed = await db
        .update(mailOutbox)
        .set({ claimedUntil: until })
        .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.claimedUntil, heldUntil)))
        .returning({ id: mailOutbox.id });
      return renewed.map((row) => row.id);
    },
    async markSent(ids, at) {
      await db.update(mailOutbox).set({ sentAt: at, claimedUntil: null }).where(inArray(mailOutbox.id, ids));
    },
    async markFailed(id, { attempts, retryAt, error, at }) {
      await db
        .update(mailOutbox)
        .set({ attempts, lastError: error, claimedUntil: null, ...(retryAt ? { nextAttemptAt: retryAt } : { failedAt: at }) })
        .where(eq(mailOutbox.id, id));
    },
    async countUnsent() {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(mailOutbox).where(unsent);
      return row?.count ?? 0;
    },
    async forgetDone(before, limit) {
      const done = db.select({ id: mailOutbox.id }).from(mailOutbox).where(doneBefore(mailOutbox, before)).orderBy(...oldestFirst(mailOutbox)).limit(limit);
      // `= ANY(ARRAY(…))` makes the ids one value found first: `IN (subquery)` let the planner hash-join
      // them against a full scan of the table instead of deleting them by primary key.
      return (await db.delete(mailOutbox).where(sql`${mailOutbox.id} = ANY(ARRAY(${done}))`).returning({ id: mailOutbox.id })).length;
    },
  };
}
