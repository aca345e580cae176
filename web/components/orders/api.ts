/**
 * The order data My Order and Manage All Orders share (web/README.md, "Layout"):
 * deleting an unpaid order and the links of its papers.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webMessages } from '../../lib/web-messages.ts';
import type { OrderDto } from '#http/dto.ts';
import { pathId, request } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { keyRoots } from '../../lib/queries.ts';
import { notify } from '../ui/toaster.tsx';

/** An order's papers (PDF): plain links, the browser downloads them with the session cookie. */
export const invoiceUrl = (orderId: string) => `/api/orders/${pathId(orderId)}/invoice.pdf`;
export const packingSlipUrl = (orderId: string) => `/api/admin/orders/${pathId(orderId)}/packing-slip.pdf`;

/** Deletes an unpaid order; the buyer's and the admins' lists and the stock it gave back refresh. */
export function useDeleteOrder(order: OrderDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<void>(`/api/orders/${pathId(order.id)}`, { method: 'DELETE', signedIn: true }),
    onSuccess: () => notify.success(webMessages.orderDeleted),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [keyRoots.orders] }),
        queryClient.invalidateQueries({ queryKey: [keyRoots.admin, 'orders'] }),
        queryClient.invalidateQueries({ queryKey: [keyRoots.products] }),
      ]),
  });
}
