import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { ApprovalDecision } from '#domain/ordering/order-repository.ts';
import { HOLDING_STATUSES, SPENDING_STATUSES, type OrderStatus } from '#domain/ordering/order.ts';

/**
 * The unpaid-order queries (an order awaiting approval holds its stock like an unpaid one and counts
 * with them: order.ts, HOLDING_STATUSES) both SQL dialects ask the same way (drizzle's operators are the same
 * for each dialect's orders table): the expiry sweep's batch, read oldest first through
 * orders_status_newest_idx, and one buyer's unpaid orders for the per-account cap (those carrying
 * an intent are asked about at the provider before the cap refuses).
 */
export const unpaidPlacedBefore = (orders: { status: Column; createdAt: Column; approvalDecidedAt: Column }, status: OrderStatus, cutoff: Date): SQL | undefined =>
  // An approved order's clock starts at its approval (expire-unpaid-orders.ts, unpaidClockStart):
  // the index still bounds the read by placing, the approval only filters what it finds.
  and(eq(orders.status, status), lt(orders.createdAt, cutoff), or(isNull(orders.approvalDecidedAt), lt(orders.approvalDecidedAt, cutoff)));

/**
 * The expiry sweep reads each holding status on its own, oldest first along
 * orders_status_newest_idx (an IN over both statuses would make either database sort every match),
 * and takes the oldest `limit` of what the reads found.
 */
export const oldestOf = <Row extends { createdAt: Date; id: string }>(batches: Row[][], limit: number): Row[] =>
  batches
    .flat()
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit);

export const oldestFirst = (orders: { createdAt: Column; id: Column }): SQL[] => [asc(orders.createdAt), asc(orders.id)];

export const unpaidOf = (orders: { userId: Column; status: Column }, userId: string | Placeholder): SQL | undefined =>
  and(eq(orders.userId, userId), inArray(orders.status, [...HOLDING_STATUSES]));

export const unpaidWithIntentOf = (orders: { userId: Column; status: Column; paymentIntentId: Column }, userId: string): SQL | undefined =>
  and(unpaidOf(orders, userId), isNotNull(orders.paymentIntentId));

type Operand<T> = T | Placeholder | Column;

/**
 * A member's orders that count against their monthly limit since `since` (order.ts,
 * SPENDING_STATUSES), along orders_user_newest_idx: only those placed for this company, so what
 * they bought on their own (or for another company) before joining is not its spending
 * (docs/companies.md, "Companies and members"). Summed inside a placement's transaction
 * (order-repository.ts, PlacementApproval) and for the company page's members.
 */
export const spendingOf = (
  orders: { userId: Column; companyId: Column; createdAt: Column; status: Column },
  member: { userId: Operand<string>; companyId: Operand<string> },
  since: Operand<Date>,
): SQL | undefined =>
  and(eq(orders.userId, member.userId), eq(orders.companyId, member.companyId), gte(orders.createdAt, since), inArray(orders.status, [...SPENDING_STATUSES]));

/**
 * The columns a manager's decision sets on a waiting order (docs/companies.md, "Approvals"), the
 * same on both dialects; each store writes them in one conditional UPDATE on `awaiting-approval`.
 */
export const decidedApproval = (decision: ApprovalDecision) => ({
  status: decision.approve ? ('unpaid' as const) : ('rejected' as const),
  approvalDecidedBy: decision.by,
  approvalDecidedAt: decision.at,
  rejectionReason: decision.approve ? null : decision.reason,
});
