import { labels } from '../../lib/labels.ts';
import type { OrderDto } from '#http/dto.ts';

/**
 * An order's status, with the two a company buyer's order can have before payment: waiting for a
 * manager's approval, or rejected with the manager's reason (docs/companies.md, "Approvals").
 */
type StatusOf = Pick<OrderDto, 'id'> & {
  status: OrderDto['status'] | 'awaiting-approval' | 'rejected';
  approval?: { rejectionReason: string | null } | null;
};

/** The status words a buyer sees. */
export const buyerStatusText = (order: StatusOf) => {
  switch (order.status) {
    case 'unpaid':
      return labels.notPaid;
    case 'pending':
      return labels.orderPending;
    case 'cancelled':
      return labels.orderCancelled;
    case 'awaiting-approval':
      return labels.awaitingApproval;
    case 'rejected':
      return labels.rejectedBecause(order.approval?.rejectionReason ?? null);
    default:
      return labels.orderShipped;
  }
};

const tone: Record<StatusOf['status'], string> = {
  unpaid: 'bg-red-100 text-red-900',
  pending: 'bg-amber-100 text-amber-900',
  shipped: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-stone-200 text-stone-900',
  'awaiting-approval': 'bg-sky-100 text-sky-900',
  rejected: 'bg-stone-200 text-stone-900',
};

/** A pill; a rejection's reason may take several lines, so it is a box with rounded corners, not an oval. */
export function StatusBadge({ order, text }: { order: StatusOf; text: string }) {
  return <span className={`inline-block max-w-full px-2.5 py-1 text-xs font-bold break-words ${order.status === 'rejected' ? 'rounded-md' : 'rounded-full whitespace-nowrap'} ${tone[order.status]}`}>{text}</span>;
}

export const isAwaitingApproval = (order: StatusOf): boolean => order.status === 'awaiting-approval';

/** Whether a company order is still before payment's door: waiting for a manager, or turned away. */
export const awaitsOrRejected = (order: StatusOf): boolean => order.status === 'awaiting-approval' || order.status === 'rejected';

/**
 * What stands in Pay's place while a manager has not approved the order, or once they rejected
 * it (docs/companies.md, "Approvals"): paying is refused until the approval, so there is no button.
 */
export function ApprovalNotice({ order }: { order: StatusOf }) {
  if (order.status === 'awaiting-approval') {
    return (
      <p role="status" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
        <strong>{labels.awaitingApproval}.</strong> A manager of your company approves this order before you can pay for it; we e-mail you the answer.
      </p>
    );
  }
  const rejected = labels.rejectedBecause(order.approval?.rejectionReason ?? null);
  return (
    <p role="status" className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm break-words text-stone-900">
      {/* A manager's reason often ends its own sentence: no second full stop after it. */}
      <strong>{/[.!?]$/.test(rejected) ? rejected : `${rejected}.`}</strong> A manager of your company rejected this order; its units went back
      to stock.
    </p>
  );
}
