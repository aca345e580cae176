import { createFileRoute } from '@tanstack/react-router';
import { oneOf, searchChoices } from '../../../../lib/search-choices.ts';
import { RETURN_STATUSES } from '#domain/after-sale/after-sale.ts';
import { preload } from '../../../../lib/queries.ts';
import { ReturnsPage } from '../../../../features/admin/returns-page.tsx';
import { adminReturnsQuery } from '../../../../features/admin/api.ts';

/** `?status=` narrows the list; a value that is no status is dropped, so an old link still opens. */
const searchSchema = searchChoices({ status: oneOf(RETURN_STATUSES) });

export const Route = createFileRoute('/_signedIn/dashboard/_admin/returns')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preload(context.queryClient.ensureInfiniteQueryData(adminReturnsQuery(deps.status))),
  component: function ReturnsRoute() {
    return <ReturnsPage status={Route.useSearch().status} />;
  },
});
