/**
 * The JSON shapes of the API, as the server sends them (dates as ISO strings): each is the type of
 * its zod schema in response-schemas.ts, the one place a shape is written, which the API document
 * describes the answers with too (docs/api.md, "The API described").
 *
 * The web app imports its types from here. This module imports only types, so nothing of it is
 * left in the built JS: the schemas, and zod with them, stay out of the web bundle.
 */
import type { z } from 'zod';
import type * as S from './response-schemas.ts';

export type ErrorDto = z.infer<typeof S.errorDto>;
/** GET /api/auth/google/status: whether this server offers Google sign-in (the button shows only then). */
export type GoogleStatusDto = z.infer<typeof S.googleStatusDto>;
export type UserDto = z.infer<typeof S.userDto>;
/** The profile's own fields, with the account's name and e-mail. */
export type ProfileDto = z.infer<typeof S.profileDto>;
export type CategoryRefDto = z.infer<typeof S.categoryRefDto>;
export type PriceTierDto = z.infer<typeof S.priceTierDto>;
export type ProductDto = z.infer<typeof S.productDto>;
/** A `{items, nextCursor}` page of `T` (`pageOf` in response-schemas.ts). */
export type ListDto<T> = z.infer<ReturnType<typeof S.pageOf<z.ZodType<T>>>>;
/** GET /api/products: a page of the catalogue with its count and facets. */
export type ProductSearchDto = z.infer<typeof S.productSearchDto>;
/** GET /api/products/suggest */
export type ProductSuggestionDto = z.infer<typeof S.productSuggestionDto>;
/** GET /api/categories: departments, each with its categories; counts are products in stock. */
export type CategoryNodeDto = z.infer<typeof S.categoryNodeDto>;
/** POST/PATCH /api/admin/categories */
export type CategoryDto = z.infer<typeof S.categoryDto>;
/** GET /api/products/:id/quantity-advice */
export type QuantityAdviceDto = z.infer<typeof S.quantityAdviceDto>;
/** POST /api/admin/products/import */
export type ImportReportDto = z.infer<typeof S.importReportDto>;
export type ReviewDto = z.infer<typeof S.reviewDto>;
export type OrderStatusDto = z.infer<typeof S.orderStatusDto>;
export type OrderLineDto = z.infer<typeof S.orderLineDto>;
export type OrderDto = z.infer<typeof S.orderDto>;
/** A cart line priced with today's tiers (GET/PUT /api/cart). */
export type CartLineDto = z.infer<typeof S.cartLineDto>;
/** GET/PUT /api/cart */
export type CartDto = z.infer<typeof S.cartDto>;
/** POST /api/orders/:id/reorder */
export type ReorderDto = z.infer<typeof S.reorderDto>;
/** POST /api/cart/resolve: one row per pasted line that is not blank. */
export type ResolvedRowDto = z.infer<typeof S.resolvedRowDto>;
export type ResolvedListDto = z.infer<typeof S.resolvedListDto>;
/** An audit log entry (docs/audit-log.md, "Audit log"); before and after as stored, JSON. */
export type AuditEntryDto = z.infer<typeof S.auditEntryDto>;
export type SessionDto = z.infer<typeof S.sessionDto>;
export type MeDto = z.infer<typeof S.meDto>;
export type PaymentIntentDto = z.infer<typeof S.paymentIntentDto>;
export type TestCardResultDto = z.infer<typeof S.testCardResultDto>;
/** GET /api/admin/overview: the admin dashboard's counts. */
export type ShopOverviewDto = z.infer<typeof S.shopOverviewDto>;
/** GET /api/admin/reports/sales: the overview's pictures (docs/reports.md, "Reports"). */
export type SalesReportDto = z.infer<typeof S.salesReportDto>;
/** One page of the admins' order list and how many orders match its filter in all. */
export type AdminOrdersDto = z.infer<typeof S.adminOrdersDto>;
/** A succeeded card payment no order could take, for an admin to refund at the provider. */
export type PaymentToRefundDto = z.infer<typeof S.paymentToRefundDto>;
export type ContactMessageDto = z.infer<typeof S.contactMessageDto>;
export type SubscriberDto = z.infer<typeof S.subscriberDto>;
/** POST /api/uploads */
export type UploadDto = z.infer<typeof S.uploadDto>;
export type QuoteStatusDto = z.infer<typeof S.quoteStatusDto>;
/** A request for quote's line: what was asked, then what the shop offers (docs/orders.md, "Requests for quote"). */
export type QuoteLineDto = z.infer<typeof S.quoteLineDto>;
export type QuoteDto = z.infer<typeof S.quoteDto>;

/** After the sale (docs/orders.md, "After the sale: cancel, refund, return"). */
export type RefundDto = z.infer<typeof S.refundDto>;
export type ReturnDto = z.infer<typeof S.returnDto>;
export type CancelledOrderDto = z.infer<typeof S.cancelledOrderDto>;
export type ReceivedReturnDto = z.infer<typeof S.receivedReturnDto>;
export type OrderAfterSaleDto = z.infer<typeof S.orderAfterSaleDto>;

/** Companies (docs/companies.md). */
export type CompanyRoleDto = z.infer<typeof S.companyRoleDto>;
export type CompanyDto = z.infer<typeof S.companyDto>;
export type CompanyMemberDto = z.infer<typeof S.companyMemberDto>;
export type CompanyMemberSummaryDto = z.infer<typeof S.companyMemberSummaryDto>;
export type CompanyAddressDto = z.infer<typeof S.companyAddressDto>;
export type CompanyInvitationDto = z.infer<typeof S.companyInvitationDto>;
export type CompanyViewDto = z.infer<typeof S.companyViewDto>;
export type AdminCompanyListItemDto = z.infer<typeof S.adminCompanyListItemDto>;
export type AdminCompanyDto = z.infer<typeof S.adminCompanyDto>;
export type ContractPriceDto = z.infer<typeof S.contractPriceDto>;
export type ContractPricesDto = z.infer<typeof S.contractPricesDto>;
