import { auditNote } from '../audit/audit-log.ts';
import { isAdmin, type User } from '../identity/user.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { invalid, refusal, type ErrorOf, type FieldProblems } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { monthStartUtc } from './approval.ts';
import { companyCaller, type CompanyAccessError, type CompanyCaller } from './company-access.ts';
import { amountProblem, cleanTaxId, companyNameProblem, taxIdProblem } from './company-rules.ts';
import type { Company, CompanyAddress, CompanyMember, CompanyRole } from './company.ts';
import type { CompanyRepository } from './company-repository.ts';

/** Another member as a buyer sees them: who they are and their role, not their limit or spending. */
export type MemberSummary = Pick<CompanyMember, 'userId' | 'name' | 'role'>;

/**
 * The company page (docs/companies.md, "Companies and members"): the company, the caller's role,
 * limit and spending this month, the members (managers see every field; buyers see names and
 * roles) and the sites.
 */
export interface CompanyView {
  company: Company;
  role: CompanyRole;
  me: { userId: string; monthlyLimitCents: number | null; spentThisMonthCents: number };
  members: CompanyMember[] | MemberSummary[];
  addresses: CompanyAddress[];
}

export type CompanyViewPorts = { store: { companies: Pick<CompanyRepository, 'membershipOf' | 'find' | 'members' | 'addresses'> }; clock: Clock };

/** The view of `caller`'s company as it is now. */
export const viewOf = async ({ store, clock }: CompanyViewPorts, { user, membership, company }: CompanyCaller): Promise<CompanyView> => {
  const [members, addresses] = await Promise.all([store.companies.members(company.id, monthStartUtc(clock.now())), store.companies.addresses(company.id)]);
  const mine = members.find((member) => member.userId === user.id);
  return {
    company,
    role: membership.role,
    me: { userId: user.id, monthlyLimitCents: membership.monthlyLimitCents, spentThisMonthCents: mine?.spentThisMonthCents ?? 0 },
    members: membership.role === 'manager' ? members : members.map(({ userId, name, role }) => ({ userId, name, role })),
    addresses,
  };
};

export const viewCompany = async (deps: CompanyViewPorts, user: User): Promise<Result<CompanyView, CompanyAccessError>> => {
  const caller = await companyCaller(deps, user);
  return caller.ok ? ok(await viewOf(deps, caller.value)) : caller;
};

export interface CreateCompanyInput {
  name: string;
  taxId?: string | null | undefined;
}

export type CreateCompanyPorts = CompanyViewPorts & { store: { companies: Pick<CompanyRepository, 'create'> }; ids: IdGenerator };
export type CreateCompanyError = ErrorOf<'EMAIL_NOT_VERIFIED' | 'ADMIN_CANNOT_BUY' | 'ALREADY_IN_COMPANY' | 'VALIDATION_FAILED' | 'NO_COMPANY'>;

/** A verified buyer creates a company and becomes its first manager; a user belongs to one company at most. */
export const createCompany = async (deps: CreateCompanyPorts, user: User, input: CreateCompanyInput): Promise<Result<CompanyView, CreateCompanyError>> => {
  if (!user.emailVerified) return fail(refusal('EMAIL_NOT_VERIFIED'));
  // A company buys; the shop's admins do not (docs/companies.md, "Companies and members").
  if (isAdmin(user)) return fail(refusal('ADMIN_CANNOT_BUY'));
  const taxId = cleanTaxId(input.taxId);
  const fields: FieldProblems = {};
  const nameRefused = companyNameProblem(input.name);
  if (nameRefused) fields.name = nameRefused;
  const taxIdRefused = taxIdProblem(taxId);
  if (taxIdRefused) fields.taxId = taxIdRefused;
  if (Object.keys(fields).length > 0) return fail(invalid(fields));

  const now = deps.clock.now();
  const company: Company = { id: deps.ids.newId(), name: input.name.trim(), taxId, approvalThresholdCents: null, discountPercent: 0, createdAt: now };
  const manager = { companyId: company.id, userId: user.id, role: 'manager' as const, monthlyLimitCents: null, joinedAt: now };
  const created = await deps.store.companies.create(company, manager, auditNote(user, now, { kind: 'company-created', subjectId: company.id, summary: `Created the company ${company.name}` }));
  if (!created.ok) return fail(refusal('ALREADY_IN_COMPANY'));
  return ok(await viewOf(deps, { user, membership: manager, company: created.value }));
};

export interface UpdateCompanyInput {
  name?: string | undefined;
  taxId?: string | null | undefined;
  approvalThresholdCents?: number | null | undefined;
}

export type UpdateCompanyPorts = CompanyViewPorts & { store: { companies: Pick<CompanyRepository, 'update'> } };
export type UpdateCompanyError = CompanyAccessError | ErrorOf<'VALIDATION_FAILED'>;

/** A manager renames the company, sets its tax id and its approval threshold (null: none). */
export const updateCompany = async (deps: UpdateCompanyPorts, user: User, input: UpdateCompanyInput): Promise<Result<CompanyView, UpdateCompanyError>> => {
  const caller = await companyCaller(deps, user, 'manager');
  if (!caller.ok) return caller;
  const fields: FieldProblems = {};
  const changes: Parameters<CompanyRepository['update']>[1] = {};
  if (input.name !== undefined) {
    const refused = companyNameProblem(input.name);
    if (refused) fields.name = refused;
    changes.name = input.name.trim();
  }
  if (input.taxId !== undefined) {
    changes.taxId = cleanTaxId(input.taxId);
    const refused = taxIdProblem(changes.taxId);
    if (refused) fields.taxId = refused;
  }
  if (input.approvalThresholdCents !== undefined) {
    const refused = amountProblem(input.approvalThresholdCents);
    if (refused) fields.approvalThresholdCents = refused;
    changes.approvalThresholdCents = input.approvalThresholdCents;
  }
  if (Object.keys(fields).length > 0) return fail(invalid(fields));

  const { company } = caller.value;
  const before = Object.fromEntries(Object.keys(changes).map((key) => [key, company[key as keyof typeof changes]]));
  const note = auditNote(user, deps.clock.now(), { kind: 'company-updated', subjectId: company.id, summary: `Edited the company ${company.name}`, before });
  const updated = Object.keys(changes).length > 0 ? await deps.store.companies.update(company.id, changes, note) : company;
  if (!updated) return fail(refusal('NO_COMPANY'));
  return ok(await viewOf(deps, { ...caller.value, company: updated }));
};
