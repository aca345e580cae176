/**
 * The JSON shapes of the API, as the server sends them (dates as ISO strings). The web app
 * imports these types; the server builds them with the `to…Dto` functions in serializers.ts.
 * Each has a zod twin in response-schemas.ts, which the compiler holds equal to it and the API
 * document describes the answers with (README.md, "The API described"): change both together.
 */
import type { AuditKind } from '#domain/audit/audit-log.ts';
import type { ProfileInput } from '#domain/identity/update-profile.ts';

/**
 * Set for a minute by a successful Google sign-in, readable by the page it returns to, which says
 * 'Login successful' as the e-mail sign-in does and deletes it. It carries no secret.
 */
export const GOOGLE_SIGNED_IN_COOKIE = 'signed_in_with_google';

/** GET /api/auth/google/status: whether this server offers Google sign-in (the button shows only then). */
export interface GoogleStatusDto {
  configured: boolean;
}

export interface UserDto {
  id: string;
  email: string;
  name: string;
  role: 'customer' | 'admin';
  emailVerified: boolean;
  createdAt: string;
}

/** The profile's own fields (all text, so the domain's shape is the wire's), with the account's name and e-mail. */
export interface ProfileDto extends ProfileInput {
  name: string;
  email: string;
}

/** A category as every product answer carries it. */
export interface CategoryRefDto {
  id: string;
  name: string;
  slug: string;
}

export interface PriceTierDto {
  minQuantity: number;
  unitPriceCents: number;
}

export interface ProductDto {
  id: string;
  /** Part number: upper case, unique. */
  sku: string;
  name: string;
  description: string;
  imageUrl: string;
  /** The unit price from the minimum up to the first tier. */
  priceCents: number;
  stock: number;
  categoryId: string | null;
  category: CategoryRefDto | null;
  brand: string | null;
  /** How it is counted: `piece`, `roll`, `box of 50`. */
  unit: string;
  attributes: { name: string; value: string }[];
  /** This product's minimum (at least 100, a whole number of packs). */
  minOrderQuantity: number;
  packSize: number;
  /** Volume prices, rising quantities and falling prices; empty when there are none. */
  priceTiers: PriceTierDto[];
  createdAt: string;
  updatedAt: string;
}

/** GET /api/products: a page of the catalogue with its count and facets. */
export interface ProductSearchDto extends ListDto<ProductDto> {
  total: number;
  facets: {
    categories: { id: string; name: string; count: number }[];
    brands: { name: string; count: number }[];
  };
}

/** GET /api/products/suggest */
export interface ProductSuggestionDto {
  id: string;
  sku: string;
  name: string;
  imageUrl: string;
  priceCents: number;
}

/** GET /api/categories: departments, each with its categories; counts are products in stock. */
export interface CategoryNodeDto {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  productCount: number;
  children: CategoryNodeDto[];
}

/** POST/PATCH /api/admin/categories */
export interface CategoryDto {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
}

/** GET /api/products/:id/quantity-advice */
export interface QuantityAdviceDto {
  quantity: number;
  valid: boolean;
  problems: ('BELOW_MINIMUM' | 'NOT_A_PACK_MULTIPLE' | 'ABOVE_STOCK')[];
  unitPriceCents: number;
  lineTotalCents: number;
  nextBreak: { minQuantity: number; unitPriceCents: number; extraUnits: number; savingCents: number } | null;
  suggestions: { roundedToPack: number; minimum: number; maxAvailable: number | null };
}

/** POST /api/admin/products/import */
export interface ImportReportDto {
  created: number;
  updated: number;
  unchanged: number;
  /** The first 1,000 problems, in row order (the header is row 1). */
  errors: { row: number; field: string; message: string }[];
  rowsWithProblems: number;
}

export interface ReviewDto {
  id: string;
  name: string;
  imageUrl: string;
  country: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export type OrderStatusDto = 'unpaid' | 'pending' | 'shipped';

/** One line of an order, copied from the product when it was ordered. */
export interface OrderLineDto {
  productId: string | null;
  sku: string;
  productName: string;
  productImageUrl: string;
  /** How the quantity is counted (`piece`, `box of 50`), as the product said when it was ordered. */
  unit: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface OrderDto {
  id: string;
  /** The short human order number, e.g. `BH-2026-000123`. */
  number: string;
  email: string;
  customerName: string;
  lines: OrderLineDto[];
  /** Units across every line. */
  itemCount: number;
  totalCents: number;
  phone: string;
  address: string;
  poNumber: string | null;
  note: string | null;
  status: OrderStatusDto;
  transactionId: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  /** Given by the admin when shipping (both optional). */
  carrier: string | null;
  trackingNumber: string | null;
  /** `INV-2026-000001` once paid; the invoice PDF carries it. */
  invoiceNumber: string | null;
  // The first line, as the first contract (one product per order) named it, for its clients.
  productId: string | null;
  productName: string;
  productImageUrl: string;
  productDescription: string;
  unitPriceCents: number;
  unit: string;
  quantity: number;
}

/** A cart line priced with today's tiers (GET/PUT /api/cart). */
export interface CartLineDto {
  productId: string;
  sku: string;
  name: string;
  imageUrl: string;
  unit: string;
  stock: number;
  minOrderQuantity: number;
  packSize: number;
  priceTiers: { minQuantity: number; unitPriceCents: number }[];
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  advice: QuantityAdviceDto;
  /** The advice in one sentence (what is wrong, or the next price break worth going up to), or null. */
  message: string | null;
  /** The quantity to change to in one click (itself valid), and why, or null. */
  suggestion: { quantity: number; reason: 'minimum' | 'stock' | 'pack' | 'next-break' } | null;
}

/** GET/PUT /api/cart */
export interface CartDto {
  lines: CartLineDto[];
  lineCount: number;
  itemCount: number;
  totalCents: number;
  /** Every line can be ordered as it stands. */
  orderable: boolean;
}

/** POST /api/orders/:id/reorder */
export interface ReorderDto {
  cart: CartDto;
  /** The order's lines that could not go back into the cart (position counts from 0). */
  notAdded: { position: number; sku: string; productName: string; reason: 'product-gone' | 'sold-out' | 'below-minimum'; message: string }[];
}

/** POST /api/cart/resolve: one row per pasted line that is not blank. */
export interface ResolvedRowDto {
  line: number;
  input: string;
  status: 'ok' | 'unknown-sku' | 'below-minimum' | 'not-a-pack-multiple' | 'above-stock' | 'duplicate' | 'unreadable';
  productId: string | null;
  sku: string | null;
  name: string | null;
  unit: string | null;
  quantity: number | null;
  suggestion: { quantity: number; reason: string } | null;
  didYouMean: string[];
  mergedInto: number | null;
  mergedLines: number[];
  message: string | null;
  note: string | null;
}

export interface ResolvedListDto {
  rows: ResolvedRowDto[];
}

/** An audit log entry (README.md, "Audit log"); before and after as stored, JSON. */
export interface AuditEntryDto {
  id: string;
  at: string;
  actorId: string;
  actorEmail: string;
  kind: AuditKind;
  subjectId: string;
  summary: string;
  before: unknown;
  after: unknown;
}

export interface ListDto<T> {
  items: T[];
  nextCursor: string | null;
}

export interface SessionDto {
  user: UserDto;
  token: string;
}

export interface MeDto {
  user: UserDto;
  profile: ProfileDto | null;
}

export interface PaymentIntentDto {
  provider: 'stripe' | 'test';
  clientSecret: string;
  publishableKey: string | null;
  amountCents: number;
}

export interface TestCardResultDto {
  status: 'succeeded';
  paymentIntentId: string;
}

/** GET /api/admin/overview: the admin dashboard's counts. */
export interface ShopOverviewDto {
  ordersAwaitingShipment: number;
  unpaidOrders: number;
  /** Products with fewer units than one minimum order. */
  lowStockProducts: number;
  contactMessages: number;
  /** Contact messages no admin has marked read yet. */
  unreadContactMessages: number;
  /** Succeeded payments no order could take (GET /api/admin/payments-to-refund). */
  paymentsToRefund: number;
}

/** GET /api/admin/reports/sales: the overview's pictures (README.md, "Reports"). */
export interface SalesReportDto {
  days: 30 | 90;
  /** Every day of the period, oldest first (`2026-11-24`, UTC), days without sales as zeros. */
  perDay: { day: string; orders: number; revenueCents: number }[];
  totals: { orders: number; revenueCents: number };
  topProducts: { productId: string | null; sku: string; name: string; units: number; revenueCents: number }[];
  /** Products with fewer units than one minimum order, fewest first. */
  lowStock: { id: string; sku: string; name: string; stock: number; minOrderQuantity: number }[];
  awaitingShipment: number;
}

/** One page of the admins' order list and how many orders match its filter in all. */
export interface AdminOrdersDto extends ListDto<OrderDto> {
  total: number;
}

/** A succeeded card payment no order could take, for an admin to refund at the provider. */
export interface PaymentToRefundDto {
  paymentIntentId: string;
  orderId: string | null;
  amountCents: number;
  currency: string;
  /** 'order-gone': deleted or expired before the payment landed; 'order-paid-otherwise': paid twice. */
  reason: 'order-gone' | 'order-paid-otherwise';
  createdAt: string;
}

export interface ContactMessageDto {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  /** When an admin marked it read; null while unread (PATCH /api/admin/messages/:id). */
  readAt: string | null;
}

export interface SubscriberDto {
  email: string;
  createdAt: string;
}

export interface ErrorDto {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** POST /api/uploads */
export interface UploadDto {
  url: string;
}

/** A request for quote's line: what was asked, then what the shop offers (README.md, "Requests for quote"). */
export interface QuoteLineDto {
  productId: string | null;
  sku: string;
  productName: string;
  unit: string;
  requestedQuantity: number;
  /** Null until answered; 0 when the answer leaves the line out. */
  quantity: number | null;
  unitPriceCents: number | null;
  lineTotalCents: number | null;
}

export type QuoteStatusDto = 'requested' | 'quoted' | 'accepted' | 'declined' | 'expired';

export interface QuoteDto {
  id: string;
  /** `QT-2026-000001`. */
  number: string;
  status: QuoteStatusDto;
  email: string;
  customerName: string;
  lines: QuoteLineDto[];
  /** The buyer's message. */
  message: string;
  /** The shop's text with its offer; null until answered. */
  answer: string | null;
  /** The offer's total; null until answered. */
  totalCents: number | null;
  expiresAt: string | null;
  holdsStock: boolean;
  /** The order accepting it placed. */
  orderId: string | null;
  createdAt: string;
  answeredAt: string | null;
  closedAt: string | null;
}
