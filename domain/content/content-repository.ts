import type { Page, PageRequest } from '../shared/page.ts';
import type { ContactMessage, Review, Subscriber } from './review.ts';

export interface ReviewRepository {
  create(review: Review): Promise<Review>;
  /** Newest first. */
  list(page: PageRequest): Promise<Page<Review>>;
  delete(id: string): Promise<boolean>;
}

export interface InboxRepository {
  /** Idempotent per e-mail: subscribing twice keeps the first subscription. */
  subscribe(subscriber: Subscriber): Promise<Subscriber>;
  listSubscribers(): Promise<Subscriber[]>;
  addContactMessage(message: ContactMessage): Promise<ContactMessage>;
  /** Newest first. */
  listContactMessages(): Promise<ContactMessage[]>;
}
