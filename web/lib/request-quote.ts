/**
 * Asking for a quote, from the cart (the lines the buyer chooses) or a product page (one product):
 * docs/orders.md, "Requests for quote". Here in lib/ because both features send it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteDto } from '#http/dto.ts';
import { request } from './api.ts';
import { keyRoots } from './queries.ts';

/** One line of a request for quote: a product and how many, any whole number (docs/orders.md, "Requests for quote"). */
export interface QuoteLineInput {
  productId: string;
  quantity: number;
}

/** Sends the lines the buyer chose with what they need; Quotes refetches. */
export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lines, message }: { lines: readonly QuoteLineInput[]; message: string }) =>
      request<QuoteDto>('/api/quotes', { method: 'POST', body: { lines, message }, signedIn: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keyRoots.quotes] }),
  });
}
