import { useNavigate } from '@tanstack/react-router';
import type { OrderDto, ReorderDto } from '#http/dto.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { refusalOf } from '../../lib/error-message.ts';
import { useReorder } from './api.ts';

/**
 * "Order again" (docs/orders.md, "Orders, cart, quick order"): the order's lines go into the cart at
 * today's prices and the buyer lands on the cart; lines that could not go in are named.
 */
export function ReorderButton({ order }: { order: OrderDto }) {
  const navigate = useNavigate();
  const reorder = useReorder(order);
  const said = async ({ notAdded }: ReorderDto) => {
    const added = order.lines.length - notAdded.length;
    if (added > 0) notify.success(`${added} line${added === 1 ? '' : 's'} of ${order.number} added to the cart`);
    for (const line of notAdded) notify.error(`${line.sku} ${line.productName}: ${line.message}`);
    if (added > 0) await navigate({ to: '/cart' });
  };
  const orderAgain = () => reorder.mutate(undefined, { onSuccess: said, onError: (error) => notify.error(refusalOf(error).message) });
  return (
    <Button variant="secondary" className="px-3 py-1.5 whitespace-nowrap" aria-label={`Order again ${order.number}`} disabled={reorder.isPending} aria-busy={reorder.isPending} onClick={orderAgain}>
      {/* The name starts with these visible words, then says which order (axe: label-content-name-mismatch). */}
      Order again
    </Button>
  );
}
