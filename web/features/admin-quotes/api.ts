/** The admins' side of requests for quote (docs/orders.md, "Requests for quote"): the list by status, one quote, the answer. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteStatusDto } from '#http/dto.ts';
import { api } from '../../lib/api.ts';
import { everyPageQuery, keyRoots } from '../../lib/queries.ts';

export const QUOTE_FILTERS: readonly (QuoteStatusDto | '')[] = ['requested', 'quoted', 'accepted', 'declined', 'expired', ''];

export const adminQuotesQuery = (status: QuoteStatusDto | undefined) =>
  everyPageQuery([keyRoots.quotes, 'all', status ?? 'any'] as const, (page) => api.adminQuotes({ ...page, status }));

export const adminQuoteQuery = (quoteId: string) => queryOptions({ queryKey: [keyRoots.quotes, 'one', quoteId] as const, queryFn: () => api.adminQuote(quoteId) });

export const useAnswerQuote = (quoteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof api.answerQuote>[1]) => api.answerQuote(quoteId, body),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: [keyRoots.quotes] }), queryClient.invalidateQueries({ queryKey: [keyRoots.products] })]),
  });
};
