import type { StockMoves } from './catalog-writes.ts';
import type { StorageFailure } from '#domain/shared/errors.ts';
import type { Store } from '#domain/store.ts';
import type { TestPaymentIntents } from '../payments/test/test-payment-intents.ts';

/**
 * The database connection's process lifecycle: the health check pings it, shutdown closes it, and
 * the HTTP edge asks it which errors mean the database cannot serve just now (503, not 500).
 */
export interface StorageLifecycle {
  /** Resolves once the database answers a trivial query. */
  ping(): Promise<void>;
  /** The storage failure `error` is (storage-failure.ts), or null for any other error. */
  failureOf(error: unknown): StorageFailure | null;
  close(): Promise<void>;
}

/**
 * What a storage adapter's factory hands to composition (adapters/compose.ts): the repositories,
 * which are all the domain sees, and the two things only the process and the HTTP layer need.
 */
export interface Storage {
  repositories: Store;
  lifecycle: StorageLifecycle;
  /**
   * A token that changes whenever any product may have changed (created, edited, deleted, or its
   * stock moved by an order placed or deleted), by this process or any other on the same database,
   * except this process's orders that only moved some products' stock: those are told by
   * catalogStockMoves, and a cache must ask both.
   * Cheap enough to ask on every catalog read, so the HTTP layer can keep serialised catalog
   * pages. SQLite reads it off the file (another process's writes within a millisecond);
   * PostgreSQL hears other instances' changes by LISTEN/NOTIFY (postgres/catalogue-listener.ts)
   * and answers null while it cannot hear them (nothing is then cached); null altogether when the
   * adapter cannot tell (PGlite).
   */
  catalogVersion: (() => string | null) | null;
  /**
   * The products whose stock an order placed here took without emptying a shelf: only the pages
   * showing them changed. Null: every change moves catalogVersion.
   */
  catalogStockMoves: StockMoves | null;
  /**
   * Which of `urls` a product, a profile photo, a review or an order still shows: the uploads
   * sweep (adapters/images/sweep-uploads.ts) deletes only the others.
   */
  imagesInUse(urls: readonly string[]): Promise<Set<string>>;
  /**
   * The offline test provider's intents, kept in this database so they outlive a restart and
   * every instance shares them (docs/operations.md, "Running several instances"). Not a domain repository:
   * only that provider's adapter uses it.
   */
  testPaymentIntents: TestPaymentIntents;
}
