import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../../../../lib/queries.ts';
import { AnswerQuotePage } from '../../../../features/admin-quotes/answer-quote-page.tsx';
import { adminQuoteQuery } from '../../../../features/admin-quotes/api.ts';

export const Route = createFileRoute('/_signedIn/dashboard/_admin/quote/$quoteId')({
  loader: ({ context, params }) => preload(context.queryClient.ensureQueryData(adminQuoteQuery(params.quoteId))),
  component: function QuoteRoute() {
    return <AnswerQuotePage quoteId={Route.useParams().quoteId} />;
  },
});
