import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { OrderDto } from '#http/dto.ts';
import { cartQuery } from '../../components/cart/cart-data.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { api } from '../../lib/api.ts';
import { refusalOf } from '../../lib/error-message.ts';

/**
 * "Order again" (docs/orders.md, "Orders, cart, quick order"): the order's lines go into the cart at
 * today's prices and the buyer lands on the cart; lines that could not go in are named.
 */
export function ReorderButton({ order }: { order: OrderDto }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reorder = useMutation({
    mutationFn: () => api.reorder(order.id),
    onSuccess: async ({ cart, notAdded }) => {
      queryClient.setQueryData(cartQuery.queryKey, cart);
      const added = order.lines.length - notAdded.length;
      if (added > 0) notify.success(`${added} line${added === 1 ? '' : 's'} of ${order.number} added to the cart`);
      for (const line of notAdded) notify.error(`${line.sku} ${line.productName}: ${line.message}`);
      if (added > 0) await navigate({ to: '/cart' });
    },
    onError: (error) => notify.error(refusalOf(error).message),
  });
  return (
    <Button variant="secondary" className="px-3 py-1.5 whitespace-nowrap" aria-label={`Order ${order.number} again`} disabled={reorder.isPending} aria-busy={reorder.isPending} onClick={() => reorder.mutate()}>
      Order again
    </Button>
  );
}
