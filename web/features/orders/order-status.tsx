import { labels } from '../../lib/labels.ts';
import type { OrderDto } from '#http/dto.ts';

/** The status words a buyer sees. */
export const buyerStatusText = (order: OrderDto): string => {
  // A company order's first step (docs/companies.md, "Approvals"): waiting, or rejected with the manager's reason.
  if (order.status === 'awaiting-approval') return labels.awaitingApproval;
  if (order.status === 'rejected') return order.approval?.rejectionReason ? `${labels.orderRejected}: ${order.approval.rejectionReason}` : labels.orderRejected;
  return order.status === 'unpaid'
    ? labels.notPaid
    : order.status === 'pending'
      ? labels.orderPending
      : order.status === 'cancelled'
        ? labels.orderCancelled
        : labels.orderShipped;
};

const tone: Record<OrderDto['status'], string> = {
  unpaid: 'bg-red-100 text-red-900',
  pending: 'bg-amber-100 text-amber-900',
  shipped: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-stone-200 text-stone-900',
  'awaiting-approval': 'bg-sky-100 text-sky-900',
  rejected: 'bg-stone-200 text-stone-900',
};

export function StatusBadge({ order, text }: { order: OrderDto; text: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-1 text-xs font-bold whitespace-nowrap ${tone[order.status]}`}>{text}</span>;
}
