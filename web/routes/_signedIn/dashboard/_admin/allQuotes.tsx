import { createFileRoute } from '@tanstack/react-router';
import { oneOf, searchChoices } from '../../../../lib/search-choices.ts';
import { preload } from '../../../../lib/queries.ts';
import { QuoteRequestsPage } from '../../../../features/admin-quotes/quote-requests-page.tsx';
import { adminQuotesQuery } from '../../../../features/admin-quotes/api.ts';

/** `?status=` narrows the list; a value that is no status is dropped, so an old link still opens. */
const searchSchema = searchChoices({ status: oneOf(['requested', 'quoted', 'accepted', 'declined', 'expired'] as const) });

export const Route = createFileRoute('/_signedIn/dashboard/_admin/allQuotes')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preload(context.queryClient.ensureInfiniteQueryData(adminQuotesQuery(deps.status))),
  component: function AllQuotesRoute() {
    return <QuoteRequestsPage status={Route.useSearch().status} />;
  },
});
