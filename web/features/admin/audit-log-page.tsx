import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { labels } from '#domain/messages.ts';
import type { AuditEntryDto } from '#http/dto.ts';
import { auditLogQuery } from './api.ts';
import { AUDIT_KIND_LABELS, type AuditSearch } from './audit-search.ts';
import { AUDIT_KINDS } from '#domain/admin/audit-log.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { Input } from '../../components/ui/input.tsx';
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

function AuditFilter({ search, onChange }: { search: AuditSearch; onChange: (next: AuditSearch) => void }) {
  const [actor, setActor] = useState(search.actor ?? '');
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...search, actor: actor.trim() || undefined });
      }}
    >
      <label className="flex flex-col text-sm font-medium text-slate-900">
        Kind
        <select
          className="mt-1 rounded-md border border-slate-400 bg-white px-2 py-2 text-sm"
          value={search.kind ?? ''}
          onChange={(event) => onChange({ ...search, kind: (event.target.value || undefined) as AuditSearch['kind'] })}
        >
          <option value="">Every action</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor="audit-actor" className="sr-only">
        Admin e-mail or user id
      </label>
      <Input
        id="audit-actor"
        type="search"
        className="min-w-0 flex-1 basis-56"
        placeholder="Admin e-mail or id"
        value={actor}
        onChange={(event) => setActor(event.target.value)}
      />
      <Button type="submit">Filter</Button>
    </form>
  );
}

/** The audit log: every admin action, newest first, 50 at a time, narrowed by kind and by who did it. */
export function AuditLogPage({ search }: { search: AuditSearch }) {
  usePageMeta(labels.auditLog, 'Who changed what in the shop, and when.');
  const navigate = useNavigate();
  const pages = useInfiniteQuery(auditLogQuery(search));
  const filtered = Boolean(search.kind || search.actor);
  return (
    <DashboardSection id="audit-log" title={labels.auditLog}>
      <AuditFilter key={search.actor ?? ''} search={search} onChange={(next) => void navigate({ to: '/dashboard/auditLog', search: next })} />
      <PagedList pages={pages} noun="action" failed="We could not load the audit log. Please try again." empty={filtered ? 'No entries match.' : 'No admin actions recorded yet.'}>
        {(entries) => <DataTable caption={labels.auditLog} columns={columns} rows={entries} rowKey={(entry) => entry.id} />}
      </PagedList>
    </DashboardSection>
  );
}
