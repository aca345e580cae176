import { createFileRoute, redirect } from '@tanstack/react-router';
import { preload } from '../../../lib/queries.ts';
import { MyQuotesPage } from '../../../features/quotes/my-quotes-page.tsx';
import { myQuotesQuery } from '../../../features/quotes/api.ts';

/** A buyer's requests for quote (docs/orders.md, "Requests for quote"); admins answer theirs under Quote Requests. */
export const Route = createFileRoute('/_signedIn/dashboard/quotes')({
  beforeLoad: ({ context }) => {
    if (context.session.user.role === 'admin') throw redirect({ to: '/dashboard/allQuotes' });
  },
  loader: ({ context }) => preload(context.queryClient.ensureInfiniteQueryData(myQuotesQuery)),
  component: MyQuotesPage,
});
