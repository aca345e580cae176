import type { Cents } from '../shared/money.ts';

/**
 * A request for quote (docs/orders.md, "Requests for quote"): a buyer asks for products in any
 * quantity with a message; an admin answers with lines, prices and an expiry, and may hold the
 * stock; the buyer accepts (an unpaid order at the quoted prices) or declines.
 * requested → quoted → accepted | declined | expired. No other transition exists.
 */
export type QuoteStatus = 'requested' | 'quoted' | 'accepted' | 'declined' | 'expired';
export const QUOTE_STATUSES: readonly QuoteStatus[] = ['requested', 'quoted', 'accepted', 'declined', 'expired'];

export const MAX_QUOTE_MESSAGE_LENGTH = 2_000;
export const MIN_QUOTE_DAYS = 1;
export const MAX_QUOTE_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** One asked product: what the buyer wanted, then what the shop offers once answered. */
export interface QuoteLine {
  /** Null once the product was deleted; the copied fields stay. */
  productId: string | null;
  sku: string;
  productName: string;
  unit: string;
  requestedQuantity: number;
  /** Offered units: null until answered, 0 when the answer leaves the line out. */
  quantity: number | null;
  /** Offered price per unit: null until answered and on a line left out. */
  unitPriceCents: Cents | null;
}

export interface Quote {
  id: string;
  /** `QT-2026-000001` (order-number.ts), given by the store at the request. */
  number: string;
  userId: string;
  email: string;
  customerName: string;
  status: QuoteStatus;
  /** The buyer's lines, in their order. */
  lines: QuoteLine[];
  /** What the buyer wrote. */
  message: string;
  /** What the shop wrote with its offer (empty when it wrote nothing), null until answered. */
  answer: string | null;
  /** The offered units were taken off the shelf for this quote until it is accepted, declined or expires. */
  holdsStock: boolean;
  /** When the offer lapses; null until answered. */
  expiresAt: Date | null;
  /** The order accepting it created. */
  orderId: string | null;
  createdAt: Date;
  answeredAt: Date | null;
  /** When it was accepted, declined or expired. */
  closedAt: Date | null;
}

/** A quote as the use case hands it to the store, before the store numbers it. */
export type NewQuote = Omit<Quote, 'number'>;

/** The offer on one line, by the line's position in the request. */
export interface OfferedLine {
  position: number;
  quantity: number;
  unitPriceCents: Cents;
}

/** What an answer writes: the offer per asked line (lines not named get 0), the text, expiry and hold. */
export interface QuoteOffer {
  lines: OfferedLine[];
  answer: string;
  expiresAt: Date;
  holdStock: boolean;
  answeredAt: Date;
}

/** The lines an offer covers (units offered), with their index in the quote. */
export const offeredLines = (quote: Pick<Quote, 'lines'>): { index: number; line: QuoteLine }[] =>
  quote.lines.flatMap((line, index) => (line.quantity !== null && line.quantity > 0 ? [{ index, line }] : []));

/** The offer lapsed: a quoted quote past its expiry (the sweep and every read turn it to expired). */
export const hasLapsed = (quote: Pick<Quote, 'status' | 'expiresAt'>, now: Date): boolean =>
  quote.status === 'quoted' && quote.expiresAt !== null && quote.expiresAt.getTime() <= now.getTime();

export const offerTotalCents = (quote: Pick<Quote, 'lines'>): Cents =>
  offeredLines(quote).reduce((sum, { line }) => sum + (line.quantity ?? 0) * (line.unitPriceCents ?? 0), 0);
