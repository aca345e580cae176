import { and, asc, eq, isNotNull, lt, type Column, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * The unpaid-order queries both SQL dialects ask the same way (drizzle's operators are the same
 * for each dialect's orders table): the expiry sweep's batch, read oldest first through
 * orders_status_newest_idx, and one buyer's unpaid orders for the per-account cap (those carrying
 * an intent are asked about at the provider before the cap refuses).
 */
export const unpaidPlacedBefore = (orders: { status: Column; createdAt: Column }, cutoff: Date): SQL | undefined =>
  and(eq(orders.status, 'unpaid'), lt(orders.createdAt, cutoff));

export const oldestFirst = (orders: { createdAt: Column; id: Column }): SQL[] => [asc(orders.createdAt), asc(orders.id)];

export const unpaidOf = (orders: { userId: Column; status: Column }, userId: string | Placeholder): SQL | undefined =>
  and(eq(orders.userId, userId), eq(orders.status, 'unpaid'));

export const unpaidWithIntentOf = (orders: { userId: Column; status: Column; paymentIntentId: Column }, userId: string): SQL | undefined =>
  and(unpaidOf(orders, userId), isNotNull(orders.paymentIntentId));
