/** The payment page's data: the order it preloads, the payment intent, and confirming the payment. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CardInput } from '../../lib/api.ts';
import { keyRoots } from '../../lib/queries.ts';

export const paymentKeys = {
  order: (orderId: string) => [keyRoots.orders, 'one', orderId] as const,
  intent: (orderId: string) => [keyRoots.orders, 'payment-intent', orderId] as const,
  /** My Order's list, refetched after a payment. */
  myOrders: () => [keyRoots.orders, 'mine'] as const,
};

export const orderQuery = (orderId: string) => queryOptions({ queryKey: paymentKeys.order(orderId), queryFn: () => api.order(orderId) });

/** The server's payment intent for the stored order amount; one per visit. */
export const paymentIntentQuery = (orderId: string) =>
  queryOptions({ queryKey: paymentKeys.intent(orderId), queryFn: () => api.startPayment(orderId), staleTime: Infinity });

/** Confirms a provider's payment with the server; the page shows the paid order at once. */
export function useConfirmPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) => api.confirmPayment(orderId, paymentIntentId),
    onSuccess: (paid) => queryClient.setQueryData(paymentKeys.order(orderId), paid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.myOrders() }),
  });
}

/** The offline test provider's card network. */
export const useConfirmTestCard = () =>
  useMutation({
    mutationFn: (payment: { clientSecret: string; card: CardInput; billing: { name: string; email: string } }) => api.confirmTestCard(payment),
  });
