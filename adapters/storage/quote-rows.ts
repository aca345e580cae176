/**
 * Quotes as the SQL stores keep them: one `quotes` row and its `quote_lines` rows (the schemas'
 * quotes and quoteLines). Shared by SQLite and PostgreSQL so that both split and join a quote the
 * same way.
 */
import { formatQuoteNumber, numberingYear } from '#domain/ordering/order-number.ts';
import type { NewQuote, Quote, QuoteLine, QuoteOffer } from '#domain/quoting/quote.ts';

export type QuoteRow = Omit<Quote, 'lines'>;
export interface QuoteLineRow {
  quoteId: string;
  position: number;
  productId: string | null;
  sku: string;
  name: string;
  unit: string;
  requestedQuantity: number;
  quantity: number | null;
  unitPriceCents: number | null;
}

/** The sequence kind quote numbers are taken from (`number_sequences`). */
export const QUOTE_SEQUENCE = 'quote';

export const quoteRowsOf = (quote: NewQuote, sequence: number): { row: QuoteRow; lines: QuoteLineRow[] } => {
  const { lines, ...rest } = quote;
  return {
    row: { ...rest, number: formatQuoteNumber(numberingYear(quote.createdAt), sequence) },
    lines: lines.map(({ productName, ...line }, position) => ({ quoteId: quote.id, position, name: productName, ...line })),
  };
};

const lineOf = ({ quoteId: _quote, position: _position, name, ...line }: QuoteLineRow): QuoteLine => ({ ...line, productName: name });

/** Quotes from their rows and every line of those rows (in any order). */
export const joinQuoteLines = (rows: readonly QuoteRow[], lineRows: readonly QuoteLineRow[]): Quote[] => {
  const byQuote = new Map<string, QuoteLineRow[]>();
  for (const line of lineRows) byQuote.set(line.quoteId, [...(byQuote.get(line.quoteId) ?? []), line]);
  return rows.map((row) => ({ ...row, lines: (byQuote.get(row.id) ?? []).sort((a, b) => a.position - b.position).map(lineOf) }));
};

/** Each asked line's offer: what the answer names, 0 units (and no price) for a line it leaves out. */
export const offerByPosition = (lineCount: number, offer: QuoteOffer): { position: number; quantity: number; unitPriceCents: number | null }[] =>
  Array.from({ length: lineCount }, (_, position) => {
    const offered = offer.lines.find((line) => line.position === position);
    return { position, quantity: offered?.quantity ?? 0, unitPriceCents: offered?.unitPriceCents ?? null };
  });
