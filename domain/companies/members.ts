import { auditNote } from '../audit/audit-log.ts';
import type { User } from '../identity/user.ts';
import type { Clock } from '../shared/clock.ts';
import { invalid, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { monthStartUtc } from './approval.ts';
import { companyCaller, type CompanyAccessError } from './company-access.ts';
import { amountProblem } from './company-rules.ts';
import type { CompanyMember, CompanyRole } from './company.ts';
import type { CompanyRepository, MembershipFailure } from './company-repository.ts';

export type MemberPorts = { store: { companies: Pick<CompanyRepository, 'membershipOf' | 'find' | 'members' | 'updateMember' | 'removeMember'> }; clock: Clock };
export type MemberError = CompanyAccessError | ErrorOf<'NOT_FOUND' | 'LAST_MANAGER' | 'VALIDATION_FAILED'>;

const refused = (failure: MembershipFailure): ErrorOf<'NOT_FOUND' | 'LAST_MANAGER'> =>
  failure === 'last-manager' ? refusal('LAST_MANAGER') : notFound('company-member');

export interface MemberChanges {
  role?: CompanyRole | undefined;
  monthlyLimitCents?: number | null | undefined;
}

/**
 * A manager sets a member's role and monthly limit (docs/companies.md, "Companies and members");
 * the last manager cannot be demoted (the store checks it in the same step as the write).
 */
export const updateMember = async (deps: MemberPorts, user: User, userId: string, changes: MemberChanges): Promise<Result<CompanyMember, MemberError>> => {
  const caller = await companyCaller(deps, user, 'manager');
  if (!caller.ok) return caller;
  const limitRefused = changes.monthlyLimitCents === undefined ? null : amountProblem(changes.monthlyLimitCents);
  if (limitRefused) return fail(invalid({ monthlyLimitCents: limitRefused }));
  const { company } = caller.value;
  const now = deps.clock.now();
  const members = await deps.store.companies.members(company.id, monthStartUtc(now));
  const target = members.find((member) => member.userId === userId);
  if (!target) return fail(notFound('company-member'));
  const wanted = { ...(changes.role !== undefined ? { role: changes.role } : {}), ...(changes.monthlyLimitCents !== undefined ? { monthlyLimitCents: changes.monthlyLimitCents } : {}) };
  const note = auditNote(user, now, {
    kind: 'company-member-changed',
    subjectId: userId,
    summary: `Changed ${target.name} (${target.email}) in ${company.name}`,
    before: { companyId: company.id, role: target.role, monthlyLimitCents: target.monthlyLimitCents },
  });
  const updated = await deps.store.companies.updateMember(company.id, userId, wanted, note);
  if (!updated.ok) return fail(refused(updated.error));
  return ok({ ...target, ...updated.value });
};

/**
 * A manager removes a member; any member removes themself (leaves). The last manager can do
 * neither: another manager is named first.
 */
export const removeMember = async (deps: MemberPorts, user: User, userId: string): Promise<Result<null, MemberError>> => {
  const caller = await companyCaller(deps, user, userId === user.id ? 'member' : 'manager');
  if (!caller.ok) return caller;
  const { company } = caller.value;
  const now = deps.clock.now();
  const target = (await deps.store.companies.members(company.id, monthStartUtc(now))).find((member) => member.userId === userId);
  if (!target) return fail(notFound('company-member'));
  const note = auditNote(user, now, {
    kind: 'company-member-removed',
    subjectId: userId,
    summary: userId === user.id ? `Left ${company.name}` : `Removed ${target.name} (${target.email}) from ${company.name}`,
    before: { companyId: company.id, role: target.role, monthlyLimitCents: target.monthlyLimitCents },
  });
  const removed = await deps.store.companies.removeMember(company.id, userId, note);
  return removed.ok ? ok(null) : fail(refused(removed.error));
};
