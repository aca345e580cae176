/** The payment page's data: the order it preloads, the payment intent, and confirming the payment. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type CardInput } from '../../lib/api.ts';
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

/** How many times a failed confirmation is sent again, and the wait before each (1, 2, 4 s). */
export const CONFIRM_RETRIES = 3;
export const confirmRetryDelayMs = (failures: number) => 1_000 * 2 ** failures;

/**
 * A confirmation that may get through if sent again: no answer at all (the network, an instance
 * that died) or a server failure (5xx, 503). A refusal (4xx) would only be refused again.
 */
export const mayGetThrough = (error: unknown): boolean => !(error instanceof ApiError) || error.status >= 500;

/** The server said the order is paid already (by this payment, recorded another way, or another one). */
export const saysAlreadyPaid = (error: unknown): boolean => error instanceof ApiError && error.code === 'ORDER_ALREADY_PAID';

/**
 * Confirms a provider's payment with the server; the page shows the paid order at once. The card
 * was charged before this is called, so a confirmation that did not get through is sent again
 * with the same intent, a few times with backoff (docs/orders.md, "Orders, cart, quick order"):
 * confirming never charges, it only asks the provider and records what it says.
 */
export function useConfirmPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) => api.confirmPayment(orderId, paymentIntentId),
    // `failures` counts the tries that failed before this one: 0, 1, 2 → three more tries.
    retry: (failures, error) => failures < CONFIRM_RETRIES && mayGetThrough(error),
    retryDelay: (failures) => confirmRetryDelayMs(failures),
    onSuccess: (paid) => queryClient.setQueryData(paymentKeys.order(orderId), paid),
    onError: (error) => {
      // Paid already: the order, read again, says so (reading it records a payment that went through).
      if (saysAlreadyPaid(error)) void queryClient.invalidateQueries({ queryKey: paymentKeys.order(orderId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.myOrders() }),
  });
}

/** The offline test provider's card network. */
export const useConfirmTestCard = () =>
  useMutation({
    mutationFn: (payment: { clientSecret: string; card: CardInput; billing: { name: string; email: string } }) => api.confirmTestCard(payment),
  });
