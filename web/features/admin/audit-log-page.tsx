import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { labels } from '../../lib/labels.ts';
import type { AuditEntryDto } from '#http/dto.ts';
import { auditLogQuery } from './api.ts';
import { AUDIT_KIND_LABELS, type AuditSearch } from './audit-search.ts';
import { AUDIT_KINDS } from '#domain/audit/audit-log.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { ListFilter } from '../../components/data-table/list-filter.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';

/** Before and after as the log keeps them (JSON), folded away: a product's are long. */
function Values({ entry }: { entry: AuditEntryDto }) {
  if (entry.before === null && entry.after === null) return null;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-slate-700">Before and after</summary>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {(['before', 'after'] as const).map((side) => (
          <div key={side} className="min-w-0">
            <p className="font-semibold capitalize">{side}</p>
            <pre className="overflow-x-auto rounded bg-slate-100 p-2 whitespace-pre-wrap">{entry[side] === null ? '—' : JSON.stringify(entry[side], null, 2)}</pre>
          </div>
        ))}
      </div>
    </details>
  );
}

const columns: Column<AuditEntryDto>[] = [
  { header: 'When', cell: (entry) => <time dateTime={entry.at}>{formatDate(entry.at)} {entry.at.slice(11, 16)} UTC</time> },
  { header: 'Who', cell: (entry) => <span className="wrap-anywhere">{entry.actorEmail}</span> },
  { header: 'What', role: 'title', cell: (entry) => AUDIT_KIND_LABELS[entry.kind] },
  {
    header: 'Details',
    cell: (entry) => (
      <div className="min-w-0">
        {entry.summary}
        <Values entry={entry} />
      </div>
    ),
  },
];

/** The audit log: every admin action, newest first, 50 at a time, narrowed by kind and by who did it. */
export function AuditLogPage({ search }: { search: AuditSearch }) {
  usePageMeta(labels.auditLog, 'Who changed what in the shop, and when.');
  const navigate = useNavigate();
  const pages = useInfiniteQuery(auditLogQuery(search));
  const filtered = Boolean(search.kind || search.actor);
  return (
    <DashboardSection id="audit-log" title={labels.auditLog}>
      <ListFilter
        key={search.actor ?? ''}
        choice={{ label: 'Kind', all: 'Every action', options: AUDIT_KINDS, labels: AUDIT_KIND_LABELS, value: search.kind }}
        text={{ id: 'audit-actor', label: 'Admin e-mail or user id', placeholder: 'Admin e-mail or id', value: search.actor }}
        submitLabel="Filter"
        onChange={({ choice, text }) => void navigate({ to: '/dashboard/auditLog', search: { kind: choice, actor: text } })}
      />
      <PagedList pages={pages} noun="action" failed="We could not load the audit log. Please try again." empty={filtered ? 'No entries match.' : 'No admin actions recorded yet.'}>
        {(entries) => <DataTable caption={labels.auditLog} columns={columns} rows={entries} rowKey={(entry) => entry.id} />}
      </PagedList>
    </DashboardSection>
  );
}
