import type { Clock } from '../shared/clock.ts';
import type { Cents } from '../shared/money.ts';
import type { PlacementApproval } from '../ordering/order-repository.ts';
import { approvalNeeded, monthStartUtc } from './approval.ts';
import type { CompanyRepository } from './company-repository.ts';

export type PlacementApprovalPorts = { store: { companies: Pick<CompanyRepository, 'membershipOf' | 'find'> }; clock: Clock };

/**
 * What placing an order (or accepting a quote, which places one) needs to know about the buyer's
 * company (docs/companies.md, "Approvals"): the company the order belongs to (null for a buyer
 * without one), and for a buyer (managers' own orders never wait) the rule the store applies inside
 * its placing transaction, where the month's spending is summed under a lock so that two orders at
 * once cannot both slip under one limit.
 */
export const placementApproval = async (
  ports: PlacementApprovalPorts,
  input: { buyerId: string; totalCents: Cents },
): Promise<{ companyId: string | null; approval: PlacementApproval | undefined }> => {
  const membership = await ports.store.companies.membershipOf(input.buyerId);
  if (!membership) return { companyId: null, approval: undefined };
  if (membership.role === 'manager') return { companyId: membership.companyId, approval: undefined };
  const company = await ports.store.companies.find(membership.companyId);
  const terms = { approvalThresholdCents: company?.approvalThresholdCents ?? null };
  return {
    companyId: membership.companyId,
    approval: {
      companyId: membership.companyId,
      monthStart: monthStartUtc(ports.clock.now()),
      decide: (spentThisMonthCents) => approvalNeeded(membership, terms, spentThisMonthCents, input.totalCents),
      waitingMail: ['company-order-awaiting-approval'],
    },
  };
};
