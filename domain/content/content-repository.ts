import type { AuditNote } from '../audit/audit-log.ts';
import type { Page, PageRequest } from '../shared/page.ts';
import type { ContactMessage, Review, Subscriber } from './review.ts';

export interface ReviewRepository {
  create(review: Review): Promise<Review>;
  /** Newest first. */
  list(page: PageRequest): Promise<Page<Review>>;
  /** `audit`, when given, is written in the same transaction with the removed review as `before` (docs/audit-log.md, "Audit log"). */
  delete(id: string, audit?: AuditNote): Promise<boolean>;
}

export interface InboxRepository {
  /** Idempotent per e-mail: subscribing twice keeps the first subscription. */
  subscribe(subscriber: Subscriber): Promise<Subscriber>;
  /** Newest first (createdAt desc, then the e-mail, a subscriber's key); the cursor is opaque. */
  listSubscribers(page: PageRequest): Promise<Page<Subscriber>>;
  addContactMessage(message: ContactMessage): Promise<ContactMessage>;
  /** Newest first (createdAt desc, id desc); the cursor is opaque. */
  listContactMessages(page: PageRequest): Promise<Page<ContactMessage>>;
  countContactMessages(): Promise<number>;
  countUnreadContactMessages(): Promise<number>;
  /** Marks a message read (at `readAt`) or unread (null); null when there is no such message. */
  setContactMessageReadAt(id: string, readAt: Date | null): Promise<ContactMessage | null>;
}
