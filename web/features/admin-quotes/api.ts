/** The admins' side of requests for quote (docs/orders.md, "Requests for quote"): the list by status, one quote, the answer. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListDto, QuoteDto, QuoteStatusDto } from '#http/dto.ts';
import { listPath, pathId, request } from '../../lib/api.ts';
import { everyPageQuery, keyRoots } from '../../lib/queries.ts';

export const QUOTE_FILTERS: readonly (QuoteStatusDto | '')[] = ['requested', 'quoted', 'accepted', 'declined', 'expired', ''];

export const adminQuotesQuery = (status: QuoteStatusDto | undefined) =>
  everyPageQuery([keyRoots.quotes, 'all', status ?? 'any'] as const, (page) =>
    request<ListDto<QuoteDto>>(listPath('/api/admin/quotes', page, { status }), { signedIn: true }),
  );

export const adminQuoteQuery = (quoteId: string) =>
  queryOptions({
    queryKey: [keyRoots.quotes, 'one', quoteId] as const,
    queryFn: () => request<QuoteDto>(`/api/admin/quotes/${pathId(quoteId)}`, { signedIn: true }),
  });

/** The offer an admin sends: a price per line offered, how long it holds, whether it holds the stock. */
export interface QuoteAnswer {
  lines: { productId: string; quantity: number; unitPriceCents: number }[];
  expiresInDays: number;
  holdStock: boolean;
  message: string | null;
}

export const useAnswerQuote = (quoteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteAnswer) => request<QuoteDto>(`/api/admin/quotes/${pathId(quoteId)}/answer`, { method: 'POST', body, signedIn: true }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: [keyRoots.quotes] }), queryClient.invalidateQueries({ queryKey: [keyRoots.products] })]),
  });
};
