import type { ProductRepository } from './catalog/product-repository.ts';
import type { InboxRepository, ReviewRepository } from './content/content-repository.ts';
import type { UserRepository } from './identity/user-repository.ts';
import type { OrderRepository } from './ordering/order-repository.ts';

/** The storage port: one object per database, implemented by memory, SQLite and Postgres. */
export interface Store {
  products: ProductRepository;
  orders: OrderRepository;
  users: UserRepository;
  reviews: ReviewRepository;
  inbox: InboxRepository;
  /**
   * A token that changes whenever any product may have changed (created, edited, deleted, or its
   * stock moved by an order placed or deleted), by this process or any other on the same database.
   * Cheap enough to ask on every catalog read, so the HTTP layer can keep serialised catalog
   * pages. Absent when the store cannot tell cheaply (PostgreSQL, where several instances may
   * share the database): nothing may then be cached across requests.
   */
  catalogVersion?(): string;
  /** Resolves once the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
