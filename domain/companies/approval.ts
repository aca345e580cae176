import type { Cents } from '../shared/money.ts';
import type { Company, Membership } from './company.ts';

/**
 * Whether a member's new order waits for a manager (docs/companies.md, "Approvals"): a buyer's
 * order waits when it would take them past their monthly limit, or when its total is at or above
 * the company's approval threshold. Managers' own orders never wait.
 */
export type ApprovalReason = 'over-limit' | 'over-threshold';

export function approvalNeeded(
  member: Pick<Membership, 'role' | 'monthlyLimitCents'>,
  company: Pick<Company, 'approvalThresholdCents'>,
  spentThisMonthCents: Cents,
  orderTotalCents: Cents,
): ApprovalReason | null {
  if (member.role === 'manager') return null;
  if (member.monthlyLimitCents !== null && spentThisMonthCents + orderTotalCents > member.monthlyLimitCents) return 'over-limit';
  if (company.approvalThresholdCents !== null && orderTotalCents >= company.approvalThresholdCents) return 'over-threshold';
  return null;
}

/** The first instant of the calendar month (UTC) `at` falls in: a monthly limit counts from here. */
export const monthStartUtc = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
