import { createFileRoute, redirect } from '@tanstack/react-router';
import { preload } from '../../../lib/queries.ts';
import { CompanyPage } from '../../../features/company/company-page.tsx';
import { myCompanyQuery } from '../../../features/company/api.ts';

/** The caller's company (docs/companies.md, "The shop's company pages"); the shop's admins have theirs under Companies. */
export const Route = createFileRoute('/_signedIn/dashboard/company')({
  beforeLoad: ({ context }) => {
    if (context.session.user.role === 'admin') throw redirect({ to: '/dashboard/companies' });
  },
  loader: ({ context }) => preload(context.queryClient.ensureQueryData(myCompanyQuery)),
  component: CompanyPage,
});
