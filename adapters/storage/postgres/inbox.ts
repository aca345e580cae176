import { eq, isNull, sql } from 'drizzle-orm';
import type { InboxRepository } from '#domain/content/content-repository.ts';
import { toPage, toPageKeyedBy } from '../page-cursor.ts';
import { recordAudit } from './audit.ts';
import { firstRow, insertedRow, type PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { contactMessages, subscribers } from './schema.ts';

export function createPgInbox(db: PgDb): InboxRepository {
  return {
    async subscribe(subscriber) {
      await db.insert(subscribers).values(subscriber).onConflictDoNothing();
      const kept = await firstRow(
        db
          .select()
          .from(subscribers)
          .where(sql`lower(${subscribers.email}) = lower(${subscriber.email})`),
      );
      if (!kept) throw new Error('subscriber vanished right after its insert');
      return kept;
    },
    async listSubscribers(page) {
      // Subscribers have no id: their e-mail is the key that breaks ties.
      const query = newestFirst(db.select().from(subscribers).$dynamic(), { createdAt: subscribers.createdAt, key: subscribers.email }, page);
      return toPageKeyedBy(await query, page.limit, (subscriber) => subscriber.email);
    },
    async addContactMessage(message) {
      return insertedRow(db.insert(contactMessages).values(message).returning(), 'contact message');
    },
    async listContactMessages(page) {
      const query = newestFirst(
        db.select().from(contactMessages).$dynamic(),
        { createdAt: contactMessages.createdAt, key: contactMessages.id },
        page,
      );
      return toPage(await query, page.limit);
    },
    async countContactMessages() {
      return db.$count(contactMessages);
    },
    async countUnreadContactMessages() {
      return db.$count(contactMessages, isNull(contactMessages.readAt));
    },
    async setContactMessageReadAt(id, readAt, audit) {
      return db.transaction(async (tx) => {
        // The row as it was, locked until the change and its audit entry commit together.
        const before = await firstRow(tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update'));
        if (!before) return null;
        const marked = (await firstRow(tx.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id)).returning())) ?? null;
        if (marked && audit) await recordAudit(tx, { ...audit, before }, marked);
        return marked;
      });
    },
  };
}
