/** My Order's data: its query keys, the buyer's whole order list (route loader and page share it) and Order again. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListDto, OrderAfterSaleDto, OrderDto, ReorderDto, ReturnDto } from '#http/dto.ts';
import { listPath, pathId, request, type ListParams } from '../../lib/api.ts';
import { cartQuery } from '../../lib/cart.ts';
import { everyPageQuery, keyRoots } from '../../lib/queries.ts';

export const orderKeys = {
  all: [keyRoots.orders] as const,
  mine: () => [keyRoots.orders, 'mine'] as const,
};

/** Every order of the signed-in buyer, newest first. */
export const myOrdersQuery = everyPageQuery(orderKeys.mine(), (params: ListParams) => request<ListDto<OrderDto>>(listPath('/api/orders', params), { signedIn: true }));

/**
 * The buyer's orders whose number ends with `q` or whose PO number starts with it (the server
 * searches their own orders only: docs/orders.md, "Finding an order"); every order without `q`.
 */
export const myOrdersMatching = (q: string | undefined) =>
  // Without words, the same entry as myOrdersQuery (which the route's loader fills).
  everyPageQuery<OrderDto, readonly unknown[]>(q === undefined ? orderKeys.mine() : [...orderKeys.mine(), 'search', q], (params: ListParams) =>
    request<ListDto<OrderDto>>(listPath('/api/orders', params, { q }), { signedIn: true }),
  );

/**
 * "Order again" (docs/orders.md, "Orders, cart, quick order"): the server puts the order's lines in the
 * cart at today's prices and answers the cart, which replaces the cached one; the answer also names
 * the lines that could not go in, for the button to say.
 */
export function useReorder(order: OrderDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<ReorderDto>(`/api/orders/${pathId(order.id)}/reorder`, { method: 'POST', signedIn: true }),
    onSuccess: (answer) => queryClient.setQueryData(cartQuery.queryKey, answer.cart),
  });
}

/** An order's refunds (credit notes) and returns, oldest first (docs/orders.md, "After the sale: cancel, refund, return"). */
export const orderAfterSaleQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'after-sale', orderId],
    queryFn: () => request<OrderAfterSaleDto>(`/api/orders/${pathId(orderId)}/after-sale`, { signedIn: true }),
  });

/** A refund's credit note (PDF), a plain download with the session cookie, as the invoice. */
export const creditNoteUrl = (orderId: string, refundId: string) => `/api/orders/${pathId(orderId)}/refunds/${pathId(refundId)}/credit-note.pdf`;

/** Asks to send some shipped units back; the order's after-sale list follows. A refusal is the caller's to show. */
export function useRequestReturn(order: OrderDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { lines: { productId: string; quantity: number }[]; reason: string }) =>
      request<ReturnDto>(`/api/orders/${pathId(order.id)}/returns`, { method: 'POST', body, signedIn: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderAfterSaleQuery(order.id).queryKey }),
  });
}
