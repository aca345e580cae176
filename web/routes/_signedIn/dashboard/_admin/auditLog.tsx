import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../../../../lib/queries.ts';
import { AuditLogPage } from '../../../../features/admin/audit-log-page.tsx';
import { auditLogQuery } from '../../../../features/admin/api.ts';
import { auditSearchSchema } from '../../../../features/admin/audit-search.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/auditLog')({
  validateSearch: auditSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preload(context.queryClient.ensureInfiniteQueryData(auditLogQuery(deps))),
  component: function AuditLogRoute() {
    return <AuditLogPage search={Route.useSearch()} />;
  },
});
