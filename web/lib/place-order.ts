/**
 * Placing an order, from the product page's purchase form (one product) or the cart (its lines):
 * stock, the buyer's orders and the cart change (the server takes the ordered products out of the
 * cart, docs/orders.md "Orders, cart, quick order"), so all three are refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDto } from '#http/dto.ts';
import { request } from './api.ts';
import type { CartLineInput } from './cart.ts';
import { keyRoots } from './queries.ts';

/** `POST /api/orders`: lines, or the product page's one product (docs/orders.md, "Orders, cart, quick order"). */
export type OrderBody = { phone: string; address: string } & (
  | { productId: string; quantity: number }
  | { lines: CartLineInput[]; poNumber?: string | null; note?: string | null }
);

const placeOrder = (body: OrderBody, idempotencyKey: string) =>
  request<OrderDto>('/api/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, signedIn: true });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // A fresh key per submission: a retried request returns the same order, a new click buys again.
    mutationFn: (order: OrderBody) => placeOrder(order, crypto.randomUUID()),
    onSuccess: () => Promise.all([keyRoots.products, keyRoots.orders, keyRoots.cart].map((root) => queryClient.invalidateQueries({ queryKey: [root] }))),
  });
}
