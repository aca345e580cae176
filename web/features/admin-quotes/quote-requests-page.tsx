import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { countOf } from '#domain/catalog/units.ts';
import { labels } from '../../lib/labels.ts';
import type { QuoteDto, QuoteStatusDto } from '#http/dto.ts';
import { formatCents, formatDate, truncate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { QuoteStatusBadge, quoteStatusText } from '../../components/quotes/quote-parts.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { adminQuotesQuery, QUOTE_FILTERS } from './api.ts';

const columns: Column<QuoteDto>[] = [
  { header: 'Quote', role: 'title', cell: (quote) => <span className="font-mono font-semibold">{quote.number}</span> },
  { header: 'Asked', cell: (quote) => formatDate(quote.createdAt) },
  {
    header: 'Buyer',
    cell: (quote) => (
      <div className="min-w-0">
        <p>{quote.customerName}</p>
        <p className="text-xs break-all text-slate-600">{quote.email}</p>
      </div>
    ),
  },
  {
    header: 'Lines',
    cell: (quote) => (
      <ul className="text-sm">
        {quote.lines.map((line) => (
          <li key={line.sku}>
            {countOf(line.requestedQuantity, line.unit)} × {line.productName}
          </li>
        ))}
      </ul>
    ),
  },
  { header: 'Message', cell: (quote) => <span className="text-sm text-slate-700">{truncate(quote.message, 80)}</span> },
  { header: 'Offer', cell: (quote) => (quote.totalCents === null ? '—' : formatCents(quote.totalCents)) },
  { header: 'Status', cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
  {
    header: 'Open',
    role: 'actions',
    cell: (quote) => (
      <Link to="/dashboard/quote/$quoteId" params={{ quoteId: quote.id }} className={buttonClass(quote.status === 'requested' ? 'primary' : 'secondary', 'px-3 py-1.5 whitespace-nowrap')} aria-label={`${quote.status === 'requested' ? 'Answer' : 'View'} quote ${quote.number}`}>
        {quote.status === 'requested' ? 'Answer' : 'View'}
      </Link>
    ),
  },
];

/** Quote Requests (admins): every buyer's requests, newest first, by status; each opens to its answer. */
export function QuoteRequestsPage({ status }: { status: QuoteStatusDto | undefined }) {
  usePageMeta(labels.quoteRequests, 'Requests for quote from buyers, and the answers.');
  const pages = useInfiniteQuery(adminQuotesQuery(status));
  return (
    <DashboardSection id="quote-requests" title={labels.quoteRequests}>
      <nav aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2">
        {QUOTE_FILTERS.map((filter) => (
          <Link
            key={filter || 'all'}
            to="/dashboard/allQuotes"
            search={filter ? { status: filter } : {}}
            className={buttonClass((status ?? '') === filter ? 'secondary' : 'ghost', 'border border-slate-300 px-3 py-1.5')}
            aria-current={(status ?? '') === filter ? 'page' : undefined}
          >
            {filter ? quoteStatusText(filter) : 'All'}
          </Link>
        ))}
      </nav>
      <PagedList pages={pages} noun="quote" failed="We could not load the quote requests. Please try again." empty="No quote requests here.">
        {(quotes) => <DataTable caption={labels.quoteRequests} columns={columns} rows={quotes} rowKey={(quote) => quote.id} />}
      </PagedList>
    </DashboardSection>
  );
}
