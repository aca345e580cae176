/**
 * Domain objects to the API's JSON shapes (dto.ts). Only what the contract lists leaves
 * the server: no password hash, session version, order owner id or idempotency key.
 *
 * Only objects that need translating have a serializer here (dates to ISO strings, fields hidden,
 * renamed or worked out). The priced cart, the reorder result and quick order's rows get their
 * advice in words in cart-dto.ts, which the web app shares. The domain objects that are already
 * the answer field for field (a payment's start) are answered as they are, checked against their
 * DTO type where the route answers them.
 */
import type { AuditEntry } from '#domain/audit/audit-log.ts';
import type { Company, CompanyAddress, CompanyInvitation, CompanyMember } from '#domain/companies/company.ts';
import type { CompanyView } from '#domain/companies/manage-company.ts';
import type { Refund, Return } from '#domain/after-sale/after-sale.ts';
import type { Category, CategoryRef } from '#domain/catalog/category.ts';
import type { Product } from '#domain/catalog/product.ts';
import type { ContactMessage, Review, Subscriber } from '#domain/content/review.ts';
import type { Profile, User } from '#domain/identity/user.ts';
import type { Order } from '#domain/ordering/order.ts';
import type { OrderLine } from '#domain/ordering/order-lines.ts';
import type { PaymentToRefund } from '#domain/ordering/payment-to-refund.ts';
import type { Page } from '#domain/shared/page.ts';
import { offerTotalCents, type Quote } from '#domain/quoting/quote.ts';
import type {
  CategoryDto,
  CompanyAddressDto,
  CompanyDto,
  CompanyInvitationDto,
  CompanyMemberDto,
  CompanyViewDto,
  ContactMessageDto,
  ProductSuggestionDto,
  AuditEntryDto,
  ListDto,
  OrderDto,
  OrderLineDto,
  PaymentToRefundDto,
  ProductDto,
  RefundDto,
  ReturnDto,
  ProfileDto,
  QuoteDto,
  ReviewDto,
  SubscriberDto,
  UserDto,
} from './dto.ts';

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const toUserDto = (user: User): UserDto => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  emailVerified: user.emailVerified,
  createdAt: iso(user.createdAt),
});

/** The profile page shows the account's name and e-mail beside the editable fields. */
export const toProfileDto = (profile: Profile, user: Pick<User, 'name' | 'email'>): ProfileDto => ({
  name: user.name,
  email: user.email,
  imageUrl: profile.imageUrl,
  phone: profile.phone,
  education: profile.education,
  linkedin: profile.linkedin,
  facebook: profile.facebook,
  address: profile.address,
  companyName: profile.companyName,
  jobTitle: profile.jobTitle,
  taxNumber: profile.taxNumber,
});

/** Categories by id, to name the category of each product in an answer. */
export type CategoryLookup = ReadonlyMap<string, CategoryRef>;

export const toProductDto = (product: Product, categories: CategoryLookup): ProductDto => {
  const category = product.categoryId === null ? undefined : categories.get(product.categoryId);
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    description: product.description,
    imageUrl: product.imageUrl,
    priceCents: product.priceCents,
    stock: product.stock,
    categoryId: product.categoryId,
    category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
    brand: product.brand,
    unit: product.unit,
    attributes: product.attributes.map(({ name, value }) => ({ name, value })),
    minOrderQuantity: product.minOrderQuantity,
    packSize: product.packSize,
    priceTiers: product.priceTiers.map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents })),
    createdAt: iso(product.createdAt),
    updatedAt: iso(product.updatedAt),
  };
};

export const toSuggestionDto = (product: Product): ProductSuggestionDto => ({
  id: product.id,
  sku: product.sku,
  name: product.name,
  imageUrl: product.imageUrl,
  priceCents: product.priceCents,
});

export const toCategoryDto = (category: Category): CategoryDto => ({
  id: category.id,
  name: category.name,
  slug: category.slug,
  parentId: category.parentId,
});

export const toReviewDto = (review: Review): ReviewDto => ({
  id: review.id,
  name: review.name,
  imageUrl: review.imageUrl,
  country: review.country,
  rating: review.rating,
  comment: review.comment,
  createdAt: iso(review.createdAt),
});

const toOrderLineDto = ({ productDescription: _description, ...line }: OrderLine): OrderLineDto => line;

export const toOrderDto = (order: Order): OrderDto => {
  // Every order has at least one line (the domain's rule and the stores' contract).
  const first = order.lines[0]!;
  return {
    id: order.id,
    number: order.number,
    email: order.email,
    customerName: order.customerName,
    lines: order.lines.map(toOrderLineDto),
    itemCount: order.itemCount,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    phone: order.phone,
    address: order.address,
    poNumber: order.poNumber,
    note: order.note,
    status: order.status,
    companyId: order.companyId,
    approval: order.approval && { ...order.approval, decidedAt: isoOrNull(order.approval.decidedAt) },
    transactionId: order.transactionId,
    createdAt: iso(order.createdAt),
    paidAt: isoOrNull(order.paidAt),
    shippedAt: isoOrNull(order.shippedAt),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    invoiceNumber: order.invoiceNumber,
    productId: first.productId,
    productName: first.productName,
    productImageUrl: first.productImageUrl,
    productDescription: first.productDescription,
    unitPriceCents: first.unitPriceCents,
    unit: first.unit,
    quantity: first.quantity,
  };
};

export const toPaymentToRefundDto = (payment: PaymentToRefund): PaymentToRefundDto => ({
  paymentIntentId: payment.id,
  orderId: payment.orderId,
  amountCents: payment.amountCents,
  currency: payment.currency,
  reason: payment.reason,
  createdAt: iso(payment.createdAt),
  refundedAt: payment.refundedAt && iso(payment.refundedAt),
  providerRefundId: payment.providerRefundId,
});

export const toContactMessageDto = (message: ContactMessage): ContactMessageDto => ({
  id: message.id,
  name: message.name,
  email: message.email,
  message: message.message,
  createdAt: iso(message.createdAt),
  readAt: message.readAt ? iso(message.readAt) : null,
});

export const toSubscriberDto = (subscriber: Subscriber): SubscriberDto => ({
  email: subscriber.email,
  createdAt: iso(subscriber.createdAt),
});

export const toAuditEntryDto = (entry: AuditEntry): AuditEntryDto => ({
  id: entry.id,
  at: iso(entry.at),
  actorId: entry.actorId,
  actorEmail: entry.actorEmail,
  kind: entry.kind,
  subjectId: entry.subjectId,
  summary: entry.summary,
  before: entry.before ?? null,
  after: entry.after ?? null,
});

export const toListDto = <T, D>(page: Page<T>, toDto: (item: T) => D): ListDto<D> => ({
  items: page.items.map(toDto),
  nextCursor: page.nextCursor,
});

export const toQuoteDto = (quote: Quote): QuoteDto => ({
  id: quote.id,
  number: quote.number,
  status: quote.status,
  email: quote.email,
  customerName: quote.customerName,
  lines: quote.lines.map((line) => ({
    productId: line.productId,
    sku: line.sku,
    productName: line.productName,
    unit: line.unit,
    requestedQuantity: line.requestedQuantity,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.quantity === null || line.unitPriceCents === null ? null : line.quantity * line.unitPriceCents,
  })),
  message: quote.message,
  answer: quote.answer,
  totalCents: quote.answeredAt === null ? null : offerTotalCents(quote),
  expiresAt: isoOrNull(quote.expiresAt),
  holdsStock: quote.holdsStock,
  orderId: quote.orderId,
  createdAt: iso(quote.createdAt),
  answeredAt: isoOrNull(quote.answeredAt),
  closedAt: isoOrNull(quote.closedAt),
});


export const toRefundDto = (refund: Refund): RefundDto => ({
  id: refund.id,
  orderId: refund.orderId,
  number: refund.number,
  amountCents: refund.amountCents,
  lines: refund.lines.map((line) => ({ ...line })),
  reason: refund.reason,
  source: refund.source,
  createdAt: iso(refund.createdAt),
});

export const toReturnDto = (ret: Return): ReturnDto => ({
  id: ret.id,
  orderId: ret.orderId,
  number: ret.number,
  status: ret.status,
  lines: ret.lines.map((line) => ({ ...line })),
  reason: ret.reason,
  answer: ret.answer,
  refundId: ret.refundId,
  createdAt: iso(ret.createdAt),
  answeredAt: isoOrNull(ret.answeredAt),
  receivedAt: isoOrNull(ret.receivedAt),
});

// ---- companies (docs/companies.md)
export const toCompanyDto = (company: Company): CompanyDto => ({
  id: company.id,
  name: company.name,
  taxId: company.taxId,
  approvalThresholdCents: company.approvalThresholdCents,
  discountPercent: company.discountPercent,
  createdAt: iso(company.createdAt),
});

export const toCompanyMemberDto = (member: CompanyMember): CompanyMemberDto => ({
  userId: member.userId,
  name: member.name,
  email: member.email,
  role: member.role,
  monthlyLimitCents: member.monthlyLimitCents,
  spentThisMonthCents: member.spentThisMonthCents,
});

export const toCompanyAddressDto = (address: CompanyAddress): CompanyAddressDto => ({
  id: address.id,
  label: address.label,
  recipient: address.recipient,
  phone: address.phone,
  address: address.address,
});

export const toCompanyInvitationDto = (invitation: CompanyInvitation): CompanyInvitationDto => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  monthlyLimitCents: invitation.monthlyLimitCents,
  createdAt: iso(invitation.createdAt),
  expiresAt: iso(invitation.expiresAt),
});

/** The company page; a buyer's view of the others keeps only who they are and their role (the domain chose which). */
export const toCompanyViewDto = (view: CompanyView): CompanyViewDto => ({
  company: toCompanyDto(view.company),
  role: view.role,
  me: { ...view.me },
  members: view.members.map((member) => ('email' in member ? toCompanyMemberDto(member) : { userId: member.userId, name: member.name, role: member.role })),
  addresses: view.addresses.map(toCompanyAddressDto),
});
