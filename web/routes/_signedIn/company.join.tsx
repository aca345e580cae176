import { createFileRoute } from '@tanstack/react-router';
import { JoinCompanyPage } from '../../features/company/join-page.tsx';
import { linkToken } from '../../features/account/link-token.ts';

/** An invitation's e-mailed link lands here; a stranger signs in first and comes back (docs/companies.md, "Companies and members"). */
export const Route = createFileRoute('/_signedIn/company/join')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({ token: linkToken(search.token) }),
  component: function JoinCompanyRoute() {
    return <JoinCompanyPage token={Route.useSearch().token} />;
  },
});
