import { eq, sql } from 'drizzle-orm';
import type { PlacementApproval } from '#domain/ordering/order-repository.ts';
import { spendingOf } from '../order-queries.ts';
import type { PgDb } from './database.ts';
import { companyMembers, orders } from './schema.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/**
 * What a company member spent for their company since the month began, read inside a placement's transaction
 * (domain/ordering/order-repository.ts, PlacementApproval). The member's company_members row is
 * locked first (FOR UPDATE), so two orders of one member at once are summed one after the other:
 * the second sees the first once it commits, and both cannot slip under one limit. Placements take
 * this lock before their products' locks, always in that order, so they never deadlock on it.
 */
export const spentThisMonth = async (tx: Tx, userId: string, approval: PlacementApproval): Promise<number> => {
  await tx.select({ userId: companyMembers.userId }).from(companyMembers).where(eq(companyMembers.userId, userId)).for('update');
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(spendingOf(orders, { userId, companyId: approval.companyId }, approval.monthStart));
  return Number(row?.cents ?? 0);
};
