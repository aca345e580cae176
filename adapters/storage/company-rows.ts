import type { CompanyInvitation, Membership } from '#domain/companies/company.ts';
import type { MembershipFailure } from '#domain/companies/company-repository.ts';

/**
 * What the SQL company stores share (docs/companies.md): rows to domain values, and the refusal
 * thrown inside a transaction to undo it and report why nothing was written. A member's monthly
 * spending counts the orders in SPENDING_STATUSES (domain/ordering/order.ts), the one home of that rule.
 */
export class Refused extends Error {
  constructor(readonly failure: MembershipFailure) {
    super(`company write refused: ${failure}`);
  }
}

/** An invitation row without its token hash, which never leaves the store. */
export const invitationOf = <Row extends CompanyInvitation & { tokenHash: string }>({ tokenHash: _hash, ...invitation }: Row): CompanyInvitation => invitation;

export const membershipOf = (row: Membership): Membership => ({ companyId: row.companyId, userId: row.userId, role: row.role, monthlyLimitCents: row.monthlyLimitCents, joinedAt: row.joinedAt });

/** The changes a caller gave, without the fields it left undefined. */
export const defined = <T extends object>(changes: T): Partial<T> => Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
