/**
 * Placing an order, from the product page's purchase form (one product) or the cart (its lines):
 * stock, the buyer's orders and the cart change (the server takes the ordered products out of the
 * cart, docs/orders.md "Orders, cart, quick order"), so all three are refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type OrderBody } from './api.ts';
import { keyRoots } from './queries.ts';

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // A fresh key per submission: a retried request returns the same order, a new click buys again.
    mutationFn: (order: OrderBody) => api.placeOrder(order, crypto.randomUUID()),
    onSuccess: () => Promise.all([keyRoots.products, keyRoots.orders, keyRoots.cart].map((root) => queryClient.invalidateQueries({ queryKey: [root] }))),
  });
}
