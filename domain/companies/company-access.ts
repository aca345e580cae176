import type { User } from '../identity/user.ts';
import { refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { Company, Membership } from './company.ts';
import type { CompanyRepository } from './company-repository.ts';

export type CompanyAccessPorts = { store: { companies: Pick<CompanyRepository, 'membershipOf' | 'find'> } };
export type CompanyAccessError = ErrorOf<'EMAIL_NOT_VERIFIED' | 'NO_COMPANY' | 'NOT_A_MANAGER'>;

/** Who is asking, in which company: every company route reads this first (docs/companies.md, "Companies and members"). */
export interface CompanyCaller {
  user: User;
  membership: Membership;
  company: Company;
}

/**
 * The caller's company and place in it. Every company route is for a verified address (the
 * company's mail and orders go to it); `manager` refuses a buyer with NOT_A_MANAGER.
 */
export const companyCaller = async (
  { store }: CompanyAccessPorts,
  user: User,
  need: 'member' | 'manager' = 'member',
): Promise<Result<CompanyCaller, CompanyAccessError>> => {
  if (!user.emailVerified) return fail(refusal('EMAIL_NOT_VERIFIED'));
  const membership = await store.companies.membershipOf(user.id);
  const company = membership && (await store.companies.find(membership.companyId));
  if (!membership || !company) return fail(refusal('NO_COMPANY'));
  if (need === 'manager' && membership.role !== 'manager') return fail(refusal('NOT_A_MANAGER'));
  return ok({ user, membership, company });
};
