import type { InboxRepository } from '#domain/content/content-repository.ts';
import { byId } from '../page-cursor.ts';
import { recordAudit } from './audit.ts';
import { newestFirst } from './newest-first.ts';
import { copy, emailKey, type MemoryTables } from './tables.ts';

export function createMemoryInbox(tables: MemoryTables): InboxRepository {
  const { subscribers, contactMessages } = tables;
  return {
    async subscribe(subscriber) {
      const key = emailKey(subscriber.email);
      const existing = subscribers.get(key);
      if (existing) return copy(existing);
      subscribers.set(key, copy(subscriber));
      return copy(subscriber);
    },
    async listSubscribers(page) {
      // Subscribers have no id: their e-mail is the key that breaks ties.
      return newestFirst(subscribers.values(), page, (subscriber) => subscriber.email);
    },
    async addContactMessage(message) {
      contactMessages.push(copy(message));
      return copy(message);
    },
    async listContactMessages(page) {
      return newestFirst(contactMessages, page, byId);
    },
    async countContactMessages() {
      return contactMessages.length;
    },
    async countUnreadContactMessages() {
      return contactMessages.filter((message) => message.readAt === null).length;
    },
    async setContactMessageReadAt(id, readAt, audit) {
      const message = contactMessages.find((candidate) => candidate.id === id);
      if (!message) return null;
      const before = copy(message);
      message.readAt = readAt;
      if (audit) recordAudit(tables, { ...audit, before }, message);
      return copy(message);
    },
  };
}
