import { countOf } from '#domain/catalog/units.ts';
import type { QuoteDto, QuoteStatusDto } from '#http/dto.ts';
import { formatCents, formatDate } from '../../lib/format.ts';

/**
 * What a request for quote shows on both sides (docs/orders.md, "Requests for quote"): where it
 * stands, and its lines as asked and as offered. The buyer's Quotes page and the admins' list and
 * answer page use them.
 */

const STATUS_TEXT: Record<QuoteStatusDto, string> = {
  requested: 'Awaiting answer',
  quoted: 'Answered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};
const STATUS_STYLE: Record<QuoteStatusDto, string> = {
  requested: 'bg-amber-100 text-amber-900',
  quoted: 'bg-sky-100 text-sky-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-slate-200 text-slate-800',
  expired: 'bg-slate-200 text-slate-800',
};

export const quoteStatusText = (status: QuoteStatusDto) => STATUS_TEXT[status];

export function QuoteStatusBadge({ status }: { status: QuoteStatusDto }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`}>{STATUS_TEXT[status]}</span>;
}

/** "Valid until Nov 30, 2026 · stock held for you" for an answered quote. */
export const offerTerms = (quote: QuoteDto): string | null =>
  quote.expiresAt === null ? null : `Valid until ${formatDate(quote.expiresAt)}${quote.holdsStock ? ' · stock held' : ''}`;

/**
 * The lines: asked, then (once answered) the offer in one column — units, unit price and line total
 * stacked — so the table stays three columns wide and fits a phone. A line left out says so.
 */
export function QuoteLinesTable({ quote, caption }: { quote: QuoteDto; caption: string }) {
  const answered = quote.answeredAt !== null;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            Product
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium">
            Asked
          </th>
          {answered ? (
            <th scope="col" className="py-2 text-right font-medium">
              Offer
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={`${line.sku}-${line.productName}`} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-3">
              <span className="font-medium break-words text-slate-900">{line.productName}</span>
              <span className="block font-mono text-xs text-slate-600">{line.sku}</span>
            </td>
            <td className="py-2 pr-3 text-right">{countOf(line.requestedQuantity, line.unit)}</td>
            {answered ? (
              <td className="py-2 text-right">
                {line.quantity && line.unitPriceCents !== null ? (
                  <>
                    <span className="block">{countOf(line.quantity, line.unit)}</span>
                    <span className="block text-slate-700">
                      × <span>{formatCents(line.unitPriceCents)}</span>
                    </span>
                    <span className="block font-semibold">{formatCents(line.lineTotalCents ?? 0)}</span>
                  </>
                ) : (
                  <span className="text-slate-600">Not offered</span>
                )}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
      {answered && quote.totalCents !== null ? (
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-2 pr-3 text-right font-semibold">
              Total
            </th>
            <td className="pt-2 text-right text-base font-bold whitespace-nowrap">{formatCents(quote.totalCents)}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
