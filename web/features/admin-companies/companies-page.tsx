/** The shop admin's companies (docs/companies.md, "The shop's company pages"): find one by name, open it. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDate } from '../../lib/format.ts';
import { labels } from '../../lib/labels.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { adminCompaniesQuery } from './api.ts';

export function CompaniesPage() {
  usePageMeta(labels.companies, "The shop's business customers.");
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  const pages = useInfiniteQuery(adminCompaniesQuery(q));
  return (
    <DashboardSection id="companies" title={labels.companies}>
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(typed.trim() || undefined);
        }}
      >
        <label className="flex max-w-md min-w-0 flex-1 basis-64 flex-col text-sm font-medium text-slate-900">
          Company name
          <Input type="search" className="mt-1" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="e.g. Acme" />
        </label>
        <Button type="submit">Find</Button>
      </form>
      <PagedList pages={pages} noun="company" failed="We could not load the companies. Please try again." empty={q ? 'No company matches this search.' : 'No company yet.'}>
        {(companies) => (
          <ul aria-label={labels.companies} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {companies.map((company) => (
              <li key={company.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <Link
                    to="/dashboard/companies/$companyId"
                    params={{ companyId: company.id }}
                    className="font-semibold break-words text-slate-900 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
                  >
                    {company.name}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {company.taxId ? `Tax ID ${company.taxId} · ` : ''}since {formatDate(company.createdAt)}
                  </p>
                </div>
                <p className="text-sm text-slate-700">
                  {company.memberCount === 1 ? '1 member' : `${company.memberCount} members`} · {company.discountPercent > 0 ? `${company.discountPercent}% off` : 'list prices'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </DashboardSection>
  );
}
