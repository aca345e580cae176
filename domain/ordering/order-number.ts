/**
 * The short human numbers orders and invoices are named by everywhere (docs/orders.md, "Orders, cart, quick order"):
 * `BH-2026-000123` and `INV-2026-000001`, from the year and a sequence number (more digits once a
 * year passes 999,999). Storage hands out the sequence; these only write and read the text.
 */

const formatNumber = (prefix: string, year: number, sequence: number): string => {
  if (!Number.isSafeInteger(year) || year < 2000 || year > 9999) throw new RangeError(`year out of range: ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`sequence must be a positive whole number, got ${sequence}`);
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
};

const parseNumber = (prefix: string, text: string): { year: number; sequence: number } | null => {
  const match = new RegExp(`^${prefix}-(\\d{4})-(\\d{6,15})$`).exec(text.trim().toUpperCase());
  if (!match?.[1] || !match[2]) return null;
  const year = Number(match[1]);
  const sequence = Number(match[2]);
  return year >= 2000 && sequence >= 1 ? { year, sequence } : null;
};

export const ORDER_NUMBER_PREFIX = 'BH';
export const INVOICE_NUMBER_PREFIX = 'INV';
export const QUOTE_NUMBER_PREFIX = 'QT';
export const CREDIT_NOTE_NUMBER_PREFIX = 'CN';
export const RETURN_NUMBER_PREFIX = 'RMA';

export const formatOrderNumber = (year: number, sequence: number): string => formatNumber(ORDER_NUMBER_PREFIX, year, sequence);
export const formatInvoiceNumber = (year: number, sequence: number): string => formatNumber(INVOICE_NUMBER_PREFIX, year, sequence);
/** `QT-2026-000001`: a request for quote (docs/orders.md, "Requests for quote"). */
export const formatQuoteNumber = (year: number, sequence: number): string => formatNumber(QUOTE_NUMBER_PREFIX, year, sequence);

/** `CN-2026-000001`: a refund's credit note (docs/orders.md, "After the sale: cancel, refund, return"), gapless like invoices. */
export const formatCreditNoteNumber = (year: number, sequence: number): string => formatNumber(CREDIT_NOTE_NUMBER_PREFIX, year, sequence);
/** `RMA-2026-000001`: a buyer's return. */
export const formatReturnNumber = (year: number, sequence: number): string => formatNumber(RETURN_NUMBER_PREFIX, year, sequence);

/** The year and sequence of an order number as typed (any case, spaces around), or null. */
export const parseOrderNumber = (text: string) => parseNumber(ORDER_NUMBER_PREFIX, text);
export const parseInvoiceNumber = (text: string) => parseNumber(INVOICE_NUMBER_PREFIX, text);
export const parseQuoteNumber = (text: string) => parseNumber(QUOTE_NUMBER_PREFIX, text);

/** Numbers restart each year: the year an order placed at `date` is numbered in (UTC). */
export const numberingYear = (date: Date): number => date.getUTCFullYear();

/**
 * What a search for an order number looks for (docs/orders.md, "Finding an order"): any tail of
 * the number as typed ("000001", "2026-000001", "bh-2026-000001"), upper-cased; null for text that
 * cannot be the end of one (only letters, digits and dashes can).
 */
export const orderNumberTail = (text: string): string | null => {
  const tail = text.trim().toUpperCase();
  return /^[A-Z0-9-]{1,40}$/.test(tail) ? tail : null;
};

/** The text backwards: a number's tail is the start of its reversal, which an index can find. */
export const reversedText = (text: string): string => [...text].reverse().join('');

/**
 * Past every string that starts with the same text, in code-point (binary) order: every text
 * starting with `p` lies in [p, p + PREFIX_END), the range a plain index reads.
 */
export const PREFIX_END = '\u{10FFFF}';
