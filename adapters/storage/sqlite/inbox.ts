import { eq, isNull, sql } from 'drizzle-orm';
import type { InboxRepository } from '#domain/content/content-repository.ts';
import { toPage, toPageKeyedBy } from '../page-cursor.ts';
import { auditRecorder } from './audit.ts';
import type { SqliteConnection } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { contactMessages, subscribers } from './schema.ts';

export function createSqliteInbox(db: SqliteConnection): InboxRepository {
  const recordAudit = auditRecorder(db);
  // Subscribers have no id: their e-mail is the key that breaks ties.
  const newestSubscribers = newestFirstReader(() => db.select().from(subscribers).$dynamic(), {
    createdAt: subscribers.createdAt,
    key: subscribers.email,
  });
  const newestMessages = newestFirstReader(() => db.select().from(contactMessages).$dynamic(), {
    createdAt: contactMessages.createdAt,
    key: contactMessages.id,
  });

  return {
    async subscribe(subscriber) {
      db.insert(subscribers).values(subscriber).onConflictDoNothing().run();
      const kept = db
        .select()
        .from(subscribers)
        .where(sql`lower(${subscribers.email}) = lower(${subscriber.email})`)
        .get();
      if (!kept) throw new Error('subscriber vanished right after its insert');
      return kept;
    },
    async listSubscribers(page) {
      return toPageKeyedBy(newestSubscribers(page), page.limit, (subscriber) => subscriber.email);
    },
    async addContactMessage(message) {
      return db.insert(contactMessages).values(message).returning().get();
    },
    async listContactMessages(page) {
      return toPage(newestMessages(page), page.limit);
    },
    async countContactMessages() {
      return db.$count(contactMessages);
    },
    async countUnreadContactMessages() {
      return db.$count(contactMessages, isNull(contactMessages.readAt));
    },
    async setContactMessageReadAt(id, readAt, audit) {
      return db.transaction((tx) => {
        const before = tx.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
        if (!before) return null;
        const marked = tx.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id)).returning().get() ?? null;
        if (marked && audit) recordAudit({ ...audit, before }, marked);
        return marked;
      });
    },
  };
}
