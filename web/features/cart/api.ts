/**
 * The cart pages' own data (docs/orders.md, "Orders, cart, quick order"): quick
 * order's list read by the server's resolver. The cart
 * itself is shared with other features and lives in lib/cart.ts.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ResolvedListDto } from '#http/dto.ts';
import { request } from '../../lib/api.ts';

/** `POST /api/cart/resolve`: every row of a pasted (or typed) list with its status, sentence and fixes. */
const resolveList = (text: string) => request<ResolvedListDto>('/api/cart/resolve', { method: 'POST', body: { text } });

/** The typed rows' list as the resolver reads it; the same text is asked once (a query, kept 30 s). */
export const typedRowsQuery = (text: string) =>
  queryOptions({
    queryKey: ['quick-order', 'resolve', text] as const,
    queryFn: async () => ({ text, rows: (await resolveList(text)).rows }),
    staleTime: 30_000,
  });

/** The pasted list read on demand (each paste, drop or fix); every answer, and every refusal, goes to the page. */
export const useResolvePastedList = (handlers: { onSuccess: (answer: ResolvedListDto) => void; onError: (error: Error) => void }) =>
  useMutation({ mutationFn: resolveList, ...handlers });
