import { createFileRoute } from '@tanstack/react-router';
import { QueryError } from '../../../../components/ui/query-error.tsx';
import { AdminCompanyPage } from '../../../../features/admin-companies/company-detail-page.tsx';
import { adminCompanyQuery } from '../../../../features/admin-companies/api.ts';

/** One business customer for the shop's admin (docs/companies.md, "The shop's company pages"). */
export const Route = createFileRoute('/_signedIn/dashboard/_admin/companies/$companyId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(adminCompanyQuery(params.companyId)),
  errorComponent: QueryError,
  component: function AdminCompanyRoute() {
    return <AdminCompanyPage companyId={Route.useParams().companyId} />;
  },
});
