import type { Cents } from '../shared/money.ts';

/**
 * Companies: several buyers, one customer (docs/companies.md). A user belongs to at most one
 * company, as a manager or a buyer; a user without one buys exactly as before.
 */
export type CompanyRole = 'manager' | 'buyer';
export const COMPANY_ROLES: readonly CompanyRole[] = ['manager', 'buyer'];

export interface Company {
  id: string;
  name: string;
  taxId: string | null;
  /** An order at or above this total waits for a manager's approval; null: no threshold. */
  approvalThresholdCents: Cents | null;
  /** Off list and tier prices for every member, 0–50, set by the shop's admin (company-prices.ts). */
  discountPercent: number;
  createdAt: Date;
}

/** One user's place in a company: what the ordering and pricing rules need to know about a buyer. */
export interface Membership {
  companyId: string;
  userId: string;
  role: CompanyRole;
  /** null: no limit. */
  monthlyLimitCents: Cents | null;
  joinedAt: Date;
}

/** A member as the company page shows them, with what they spent this calendar month (UTC). */
export interface CompanyMember extends Membership {
  name: string;
  email: string;
  /**
   * The member's orders placed this calendar month (UTC) that were not deleted, expired or
   * rejected: awaiting approval, unpaid, paid, shipped (a cancelled order's money came back and
   * does not count either).
   */
  spentThisMonthCents: Cents;
}

/** An invitation by e-mail, valid 7 days, accepted once by a verified user with that address. */
export interface CompanyInvitation {
  id: string;
  companyId: string;
  /** As typed by the manager; compared case-insensitively. */
  email: string;
  role: CompanyRole;
  monthlyLimitCents: Cents | null;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
}

/** A ship-to site of the company, picked at checkout by any member. */
export interface CompanyAddress {
  id: string;
  companyId: string;
  label: string;
  recipient: string;
  phone: string;
  address: string;
  createdAt: Date;
}

export const MAX_COMPANY_ADDRESSES = 50;
/**
 * Members one company may have (docs/companies.md, "Companies and members"): a contractor's site
 * managers, buyers and accountants are dozens, so the company page lists them whole rather than
 * in pages; the cap keeps that page (and the approval mail to every manager) bounded.
 */
export const MAX_COMPANY_MEMBERS = 200;
export const INVITATION_VALID_DAYS = 7;
export const MAX_DISCOUNT_PERCENT = 50;
export const MAX_CONTRACT_PRICES = 1000;
