import type { AuditNote } from '../audit/audit-log.ts';
import type { QuoteMailKind } from '../mail/mail-outbox.ts';
import type { PlacementApproval, ShortLine } from '../ordering/order-repository.ts';
import type { NewOrder, Order } from '../ordering/order.ts';
import type { Page, PageRequest } from '../shared/page.ts';
import type { Result } from '../shared/result.ts';
import type { NewQuote, Quote, QuoteOffer, QuoteStatus } from './quote.ts';

/**
 * Why a hold or an acceptance wrote nothing: the quote had moved on (`status` is where it is;
 * null when it is gone), or stock was short (each short line by its index in the quote), or a
 * line's product is gone.
 */
export type QuoteWriteFailure =
  | { code: 'not-open'; status: QuoteStatus | null }
  | { code: 'insufficient-stock'; short: ShortLine[] }
  | { code: 'product-not-found'; index: number }
  /** The buyer already holds `maxUnpaidOrders` unpaid orders (an acceptance places one). */
  | { code: 'too-many-unpaid-orders' };

export interface QuoteSearch {
  status?: QuoteStatus | undefined;
}

/**
 * `mail`, on the methods that move a quote, is what the domain decided the move sends
 * (quote-mail.ts): each kind is queued about the quote, at the move's time, in the same
 * transaction, only when the move happens (docs/email.md, "E-mail"). The store adds none of its own.
 */
export interface QuoteRepository {
  /**
   * Inserts the request with the year's next quote number (order-number.ts), in one transaction;
   * `mail` is queued at `quote.createdAt`.
   */
  create(quote: NewQuote, mail?: readonly QuoteMailKind[]): Promise<Quote>;
  findById(id: string): Promise<Quote | null>;
  /** One page of the buyer's quotes, newest first (createdAt desc, id desc). */
  listByUser(userId: string, page: PageRequest): Promise<Page<Quote>>;
  /** One page of every buyer's quotes, newest first, narrowed by status. */
  listAll(search: QuoteSearch, page: PageRequest): Promise<Page<Quote>>;
  /** How many quotes match `search` (one count query on quotes_status_newest_idx for a status). */
  count(search: QuoteSearch): Promise<number>;
  /**
   * requested → quoted with the offer, only if still requested. With `holdStock` every offered
   * line's units are taken from its product in the same transaction, all or none (PostgreSQL
   * locks the products by id, as an order placement does).
   */
  /**
   * `audit`, when given, is written in the same transaction, only when the answer is saved
   * (docs/audit-log.md, "Audit log"); `mail` is queued at `offer.answeredAt`.
   */
  answer(id: string, offer: QuoteOffer, audit?: AuditNote, mail?: readonly QuoteMailKind[]): Promise<Result<Quote, QuoteWriteFailure>>;
  /**
   * quoted → accepted, only if still quoted and not past its expiry at `order.createdAt`, and
   * inserts the order with the year's next order number in the same transaction. A quote holding
   * stock hands its held units to the order (nothing is taken twice); otherwise every line is
   * reserved as an order placement does, all or none. `mail` (about the quote, not the order) is
   * queued at `order.createdAt`. With `maxUnpaidOrders`, the buyer's (`order.userId`) unpaid
   * orders are counted in the same transaction, and at the cap nothing is written: two
   * acceptances by one buyer at once cannot both pass it.
   */
  accept(
    id: string,
    order: NewOrder,
    mail?: readonly QuoteMailKind[],
    maxUnpaidOrders?: number,
    /** A company buyer's acceptance: decided in the same transaction as a placement's (order-repository.ts, PlacementApproval). */
    approval?: PlacementApproval,
  ): Promise<Result<{ quote: Quote; order: Order }, QuoteWriteFailure>>;
  /**
   * quoted → declined or expired, only if still quoted (and, for expired, past its expiry at
   * `at`), returning held units to their products in the same transaction: exactly once,
   * however many callers race. Null when nothing changed. `mail` is queued at `at`.
   */
  close(id: string, status: 'declined' | 'expired', at: Date, mail?: readonly QuoteMailKind[]): Promise<Quote | null>;
  /** Quoted quotes whose expiry is at or before `at`, soonest first, at most `limit` (the sweep's batch). */
  listLapsed(at: Date, limit: number): Promise<Quote[]>;
}
