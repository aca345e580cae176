import { labels } from '../../lib/labels.ts';
import type { OrderDto } from '#http/dto.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useDeleteOrder } from './api.ts';
import { orderInWords } from './order-cells.tsx';

const iconButton =
  'inline-flex h-9 w-9 items-center justify-center rounded-md bg-red-700 text-white hover:bg-red-600 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600';

/** Delete an unpaid order after "Are you sure?"; the server returns its stock. */
export function DeleteOrderButton({ order }: { order: OrderDto }) {
  const remove = useDeleteOrder(order);
  const button = (
    <button type="button" className={iconButton} aria-label={`Delete order ${order.number}`} disabled={order.status !== 'unpaid' || remove.isPending}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
      </svg>
    </button>
  );
  if (order.status !== 'unpaid') return button;
  return (
    <ConfirmDialog
      trigger={button}
      description={`Order ${orderInWords(order)} will be deleted, and its stock goes back on the shelf.`}
      confirmLabel={labels.yesDelete}
      onConfirm={() => remove.mutate()}
    />
  );
}
