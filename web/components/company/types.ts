/**
 * The company API's JSON shapes, as docs/companies.md describes them ("Companies and members",
 * "Sites", "Approvals", "Company prices"). Written here because the screens were built beside
 * the server; once http/dto.ts carries the company schemas these become re-exports of them.
 */
import type { OrderDto, ProductDto } from '#http/dto.ts';

export type CompanyRole = 'manager' | 'buyer';

export interface CompanyDto {
  id: string;
  name: string;
  taxId: string | null;
  approvalThresholdCents: number | null;
  discountPercent: number;
  createdAt: string;
}

/** A member as a manager sees them (every field). */
export interface CompanyMemberDto {
  userId: string;
  name: string;
  email: string;
  role: CompanyRole;
  monthlyLimitCents: number | null;
  spentThisMonthCents: number;
}

/** A member as a buyer sees the others: name and role only. */
export interface CompanyColleagueDto {
  userId: string;
  name: string;
  role: CompanyRole;
}

export interface CompanyAddressDto {
  id: string;
  label: string;
  recipient: string;
  phone: string;
  address: string;
}

export interface CompanyInvitationDto {
  id: string;
  email: string;
  role: CompanyRole;
  monthlyLimitCents: number | null;
  createdAt: string;
  expiresAt: string;
}

/** GET /api/company: the company, the caller's place in it, its members and sites. */
export interface CompanyViewDto {
  company: CompanyDto;
  role: CompanyRole;
  me: { userId: string; monthlyLimitCents: number | null; spentThisMonthCents: number };
  members: (CompanyMemberDto | CompanyColleagueDto)[];
  addresses: CompanyAddressDto[];
}

/** Whether a member row carries the manager's view (limit, spending, e-mail). */
export const isFullMember = (member: CompanyMemberDto | CompanyColleagueDto): member is CompanyMemberDto => 'email' in member;

export type ApprovalReason = 'over-limit' | 'over-threshold';

export interface OrderApprovalDto {
  reason: ApprovalReason;
  decidedBy: string | null;
  decidedAt: string | null;
  rejectionReason: string | null;
}

/** An order's status, with the two a company order can have before payment (docs/companies.md, "Approvals"). */
export type CompanyOrderStatus = OrderDto['status'] | 'awaiting-approval' | 'rejected';

/** An order as the company endpoints send it: the order with its company and approval. */
export type CompanyOrderDto = Omit<OrderDto, 'status'> & {
  status: CompanyOrderStatus;
  companyId?: string | null;
  approval?: OrderApprovalDto | null;
};

/** The admin's company list row. */
export type AdminCompanyDto = CompanyDto & { memberCount: number };

/** GET /api/admin/companies/:id */
export interface AdminCompanyDetailDto {
  company: CompanyDto;
  members: CompanyMemberDto[];
  addresses: CompanyAddressDto[];
  spentThisMonthCents: number;
}

/** One contract price of a company (GET/PUT /api/admin/companies/:id/prices). */
export interface ContractPriceDto {
  productId: string;
  sku: string;
  name: string;
  listPriceCents: number;
  unitPriceCents: number;
}

/** A member's price of a product, beside its list price (docs/companies.md, "Company prices"). */
export interface YourPriceDto {
  unitPriceCents: number;
  tiers: { minQuantity: number; unitPriceCents: number }[];
}

/** A product as a company member reads it: the shared product, plus their price when they have one. */
export type MemberProductDto = ProductDto & { yourPrice?: YourPriceDto | null };
