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
  /** Resolves once the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
