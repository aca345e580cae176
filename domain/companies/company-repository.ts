import type { AuditNote } from '../audit/audit-log.ts';
import type { MailKind } from '../mail/mail-outbox.ts';
import type { Page, PageRequest } from '../shared/page.ts';
import type { Result } from '../shared/result.ts';
import type { Company, CompanyAddress, CompanyInvitation, CompanyMember, CompanyRole, Membership } from './company.ts';

/**
 * Why a membership write changed nothing: the user already belongs to a company, the write would
 * leave the company without a manager, or the member / invitation / address is not (any more) there.
 */
export type MembershipFailure = 'already-in-company' | 'last-manager' | 'not-found' | 'invitation-used' | 'too-many-addresses' | 'too-many-members';

/**
 * Companies, their members, invitations and sites (docs/companies.md). Every write is one
 * transaction with its audit entry; the last-manager and one-company-per-user rules are checked
 * in the same atomic step as the write, so two managers demoting each other at once cannot both
 * succeed.
 */
export interface CompanyRepository {
  /** Creates the company with `manager` as its first manager; `already-in-company` when they belong to one. */
  create(company: Company, manager: Membership, audit?: AuditNote): Promise<Result<Company, MembershipFailure>>;
  find(id: string): Promise<Company | null>;
  update(id: string, changes: Partial<Pick<Company, 'name' | 'taxId' | 'approvalThresholdCents' | 'discountPercent'>>, audit?: AuditNote): Promise<Company | null>;
  /** The user's membership, or null when they belong to no company: read on every priced or ordering request (primary key read). */
  membershipOf(userId: string): Promise<Membership | null>;
  /** Members with this month's spending (`monthStart` is the first instant of the current UTC month), managers first, then by name. */
  members(companyId: string, monthStart: Date): Promise<CompanyMember[]>;
  /** Adds a member (accepting an invitation); `already-in-company` when the user belongs to one. */
  /** `too-many-members` at MAX_COMPANY_MEMBERS, counted in the same step as the insert. */
  addMember(member: Membership, audit?: AuditNote): Promise<Result<Membership, MembershipFailure>>;
  updateMember(companyId: string, userId: string, changes: { role?: CompanyRole; monthlyLimitCents?: number | null }, audit?: AuditNote): Promise<Result<Membership, MembershipFailure>>;
  removeMember(companyId: string, userId: string, audit?: AuditNote): Promise<Result<null, MembershipFailure>>;

  /** Stores the invitation and queues its e-mail (`mail`, about the invitation's id) in the same step. */
  createInvitation(invitation: CompanyInvitation, tokenHash: string, audit?: AuditNote, mail?: readonly MailKind[]): Promise<CompanyInvitation>;
  /** The invitations not accepted yet (expired ones included: the use case knows the time), newest first. */
  invitations(companyId: string): Promise<CompanyInvitation[]>;
  findInvitation(id: string): Promise<CompanyInvitation | null>;
  findInvitationByTokenHash(tokenHash: string): Promise<CompanyInvitation | null>;
  deleteInvitation(companyId: string, id: string, audit?: AuditNote): Promise<boolean>;
  /**
   * Marks the invitation accepted and adds the member, in one step; a token works once (`invitation-used`).
   * `too-many-members` at MAX_COMPANY_MEMBERS, counted in that step: the invitation stays unused.
   */
  acceptInvitation(id: string, member: Membership, at: Date, audit?: AuditNote): Promise<Result<Membership, MembershipFailure>>;

  addresses(companyId: string): Promise<CompanyAddress[]>;
  /** `too-many-addresses` past MAX_COMPANY_ADDRESSES, counted in the same step as the insert. */
  addAddress(address: CompanyAddress, audit?: AuditNote): Promise<Result<CompanyAddress, MembershipFailure>>;
  updateAddress(companyId: string, id: string, changes: Partial<Pick<CompanyAddress, 'label' | 'recipient' | 'phone' | 'address'>>, audit?: AuditNote): Promise<CompanyAddress | null>;
  deleteAddress(companyId: string, id: string, audit?: AuditNote): Promise<boolean>;

  /** The shop admin's list: by name prefix or containing `q` (case-insensitive), newest first; the cursor is opaque. */
  list(search: { q?: string | undefined }, page: PageRequest): Promise<Page<Company>>;
}
