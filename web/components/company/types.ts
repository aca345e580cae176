/**
 * The company API's JSON shapes (docs/companies.md). The company, its members, sites and
 * invitations are the server's DTOs (http/dto.ts); the order's approval, the admin's company
 * pages and the member's price are written here from the shared contract until http/dto.ts
 * carries them, then they become re-exports too.
 */
import type {
  CompanyAddressDto,
  CompanyDto,
  CompanyInvitationDto,
  CompanyMemberDto,
  CompanyMemberSummaryDto,
  CompanyRoleDto,
  CompanyViewDto,
  OrderDto,
  ProductDto,
} from '#http/dto.ts';

export type CompanyRole = CompanyRoleDto;
export type { CompanyAddressDto, CompanyDto, CompanyInvitationDto, CompanyMemberDto, CompanyViewDto };
/** A member as a buyer sees the others: name and role only. */
export type CompanyColleagueDto = CompanyMemberSummaryDto;

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
