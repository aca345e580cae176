import { randomUUID } from 'node:crypto';
import type { MailKind, MailOutboxRepository, QueuedMail } from '#domain/mail/mail-outbox.ts';
import { copy, type MemoryTables } from './tables.ts';

/** A row of the SQL mail_outbox. */
export interface OutboxRow extends QueuedMail {
  nextAttemptAt: Date;
  claimedUntil: Date | null;
  sentAt: Date | null;
  failedAt: Date | null;
  lastError: string | null;
}

/** Queues a mail, as the SQL stores do inside the transaction of the change it tells of. */
export const queueMail = (tables: MemoryTables, kind: MailKind, subjectId: string, at: Date): void => {
  const row: OutboxRow = { id: randomUUID(), kind, subjectId, attempts: 0, createdAt: at, nextAttemptAt: at, claimedUntil: null, sentAt: null, failedAt: null, lastError: null };
  tables.mailOutbox.set(row.id, row);
};

/** Queues each mail the domain decided a change sends (none when it named none), as queueMail. */
export const queueMails = (tables: MemoryTables, kinds: readonly MailKind[] | undefined, subjectId: string, at: Date): void => {
  for (const kind of kinds ?? []) queueMail(tables, kind, subjectId, at);
};

export const createMemoryOutbox = (tables: MemoryTables): MailOutboxRepository => {
  const unsent = (row: OutboxRow) => row.sentAt === null && row.failedAt === null;
  return {
    async queue(kind, subjectId, at) {
      queueMail(tables, kind, subjectId, at);
    },
    async claimDue(now, heldUntil, limit) {
      const due = [...tables.mailOutbox.values()]
        .filter((row) => unsent(row) && row.nextAttemptAt <= now && (row.claimedUntil === null || row.claimedUntil <= now))
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id.localeCompare(b.id))
        .slice(0, limit);
      for (const row of due) row.claimedUntil = heldUntil;
      return due.map(({ id, kind, subjectId, attempts, createdAt }) => copy({ id, kind, subjectId, attempts, createdAt }));
    },
    async renewHold(ids, heldUntil, until) {
      const renewed: string[] = [];
      for (const id of ids) {
        const row = tables.mailOutbox.get(id);
        if (row?.claimedUntil?.getTime() !== heldUntil.getTime()) continue;
        row.claimedUntil = until;
        renewed.push(id);
      }
      return renewed;
    },
    async markSent(ids, at) {
      for (const id of ids) {
        const row = tables.mailOutbox.get(id);
        if (row) Object.assign(row, { sentAt: at, claimedUntil: null });
      }
    },
    async markFailed(id, { attempts, retryAt, error, at }) {
      const row = tables.mailOutbox.get(id);
      if (row) Object.assign(row, { attempts, lastError: error, claimedUntil: null, ...(retryAt ? { nextAttemptAt: retryAt } : { failedAt: at }) });
    },
    async countUnsent() {
      return [...tables.mailOutbox.values()].filter(unsent).length;
    },
    async forgetDone(before, limit) {
      const done = [...tables.mailOutbox.values()].filter((row) => !unsent(row) && row.createdAt < before).slice(0, limit);
      for (const row of done) tables.mailOutbox.delete(row.id);
      return done.length;
    },
  };
};
