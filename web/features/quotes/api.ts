/** Quotes' data for the buyer (docs/orders.md, "Requests for quote"): the list and the two answers to an offer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { everyPageQuery, keyRoots } from '../../lib/queries.ts';

export const myQuotesQuery = everyPageQuery([keyRoots.quotes, 'mine'] as const, api.myQuotes);

/** Accepting places an order (stock, orders and the quotes all change); declining gives held units back. */
export const useQuoteAnswers = () => {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [keyRoots.quotes] }),
      queryClient.invalidateQueries({ queryKey: [keyRoots.orders] }),
      queryClient.invalidateQueries({ queryKey: [keyRoots.products] }),
    ]);
  return {
    accept: useMutation({
      mutationFn: ({ quoteId, ...body }: { quoteId: string; phone: string; address: string; poNumber: string | null }) => api.acceptQuote(quoteId, body),
      onSettled: refresh,
    }),
    decline: useMutation({ mutationFn: (quoteId: string) => api.declineQuote(quoteId), onSettled: refresh }),
  };
};
