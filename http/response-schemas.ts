/**
 * The API's answers as zod schemas (docs/api.md, "The API described"): routes name theirs with
 * `responds()` (http/responds.ts) and http/openapi.ts turns them into the document's components.
 *
 * Each schema is the one place its shape is written: the TypeScript types are `z.infer` of these
 * (http/dto.ts, which the web app imports as types only, so the schemas stay out of its bundle),
 * and http/serializers.ts builds them from the domain's objects.
 */
import { z } from 'zod';
import { AUDIT_KINDS } from '#domain/audit/audit-log.ts';
import { MIN_ORDER_QUANTITY } from '#domain/catalog/product-terms.ts';

/** A moment, as `Date.toISOString()` writes it (UTC, milliseconds, `Z`). */
const moment = z.iso.datetime();
const cents = z.int();
const count = z.int();

export const errorDto = z
  .object({
    error: z.object({
      code: z.string().describe('A stable, machine-readable code: VALIDATION_FAILED, NOT_FOUND, ...'),
      message: z.string().describe('Text for people, from the message catalogue.'),
      fields: z.record(z.string(), z.string()).optional().describe('A message per field the request got wrong.'),
    }),
  })
  .describe('The envelope every refusal shares (http/problem.ts).');

export const googleStatusDto = z.object({ configured: z.boolean() }).describe('Whether this server offers Google sign-in.');

export const userDto = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['customer', 'admin']),
  emailVerified: z.boolean(),
  createdAt: moment,
});

export const profileDto = z
  .object({
    imageUrl: z.string(),
    phone: z.string(),
    education: z.string(),
    linkedin: z.string(),
    facebook: z.string(),
    address: z.string(),
    companyName: z.string(),
    jobTitle: z.string(),
    taxNumber: z.string().describe('Tax/VAT number, printed on invoices; empty when not given.'),
    name: z.string(),
    email: z.string(),
  })
  .describe("The profile's own fields, with the account's name and e-mail.");

export const categoryRefDto = z.object({ id: z.string(), name: z.string(), slug: z.string() }).describe('A category as every product answer carries it.');

export const priceTierDto = z.object({ minQuantity: count, unitPriceCents: cents });

export const productDto = z.object({
  id: z.string(),
  sku: z.string().describe('Part number: upper case, unique.'),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  priceCents: cents.describe('The unit price from the minimum up to the first tier.'),
  stock: count,
  categoryId: z.string().nullable(),
  category: categoryRefDto.nullable(),
  brand: z.string().nullable(),
  unit: z.string().describe('How it is counted: `piece`, `roll`, `box of 50`.'),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  minOrderQuantity: count.describe(`This product's minimum (at least ${MIN_ORDER_QUANTITY}, a whole number of packs).`),
  packSize: count,
  priceTiers: z.array(priceTierDto).describe('Volume prices, rising quantities and falling prices; empty when there are none.'),
  createdAt: moment,
  updatedAt: moment,
  yourPrice: z
    .object({ unitPriceCents: cents, tiers: z.array(priceTierDto) })
    .optional()
    .describe("Only for a signed-in member of a company: the unit price and tiers they pay (their company's discount and contract price); `priceCents` and `priceTiers` stay the list prices."),
});

/** A `{items, nextCursor}` page of `item` (docs/api.md, "API": every list is a page). */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z
    .object({
      items: z.array(item),
      nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last.'),
    })
    .describe('A page of the list.');

export const productSearchDto = pageOf(productDto)
  .extend({
    total: count,
    facets: z.object({
      categories: z.array(z.object({ id: z.string(), name: z.string(), count })),
      brands: z.array(z.object({ name: z.string(), count })),
      attributes: z
        .array(z.object({ name: z.string(), values: z.array(z.object({ value: z.string(), count })) }))
        .describe(
          'The specifications the result shares (at most 8 names, those held by a fifth of it or filtered by, each with at most 20 values in natural order: M6 before M10), to filter by as `attr=Name:Value`. A filtered name\'s values are counted without its own filter.',
        ),
    }),
    correctedQuery: z
      .string()
      .nullable()
      .optional()
      .describe('Present when `q` as typed finds nothing but its typo corrections do: the query as corrected ("Showing results for …"). `exact=true` searches the words as typed only.'),
  })
  .describe('A page of the catalogue with its count and facets.');

export const productSuggestionDto = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  priceCents: cents,
  yourPrice: z
    .object({ unitPriceCents: cents })
    .optional()
    .describe("Only for a signed-in member of a company: the unit price they pay for `priceCents` (their company's discount and contract price); a suggestion carries no tiers."),
});

export const categoryNodeDto = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    parentId: z.string().nullable(),
    productCount: count.describe('Products in stock, in this category and below it.'),
    get children() {
      return z.array(categoryNodeDto);
    },
  })
  .describe('A department or category in the tree, with its children.');

export const categoryDto = z.object({ id: z.string(), name: z.string(), slug: z.string(), parentId: z.string().nullable() });

export const quantityAdviceDto = z.object({
  quantity: count,
  valid: z.boolean(),
  problems: z.array(z.enum(['BELOW_MINIMUM', 'NOT_A_PACK_MULTIPLE', 'ABOVE_STOCK'])),
  unitPriceCents: cents,
  listUnitPriceCents: cents.optional().describe("Only when a company member's price differs from the list price: the list unit price for this quantity."),
  lineTotalCents: cents,
  nextBreak: z.object({ minQuantity: count, unitPriceCents: cents, extraUnits: count, savingCents: cents }).nullable(),
  suggestions: z.object({ roundedToPack: count, minimum: count, maxAvailable: count.nullable() }),
});

export const importReportDto = z.object({
  created: count,
  updated: count,
  unchanged: count,
  errors: z
    .array(z.object({ row: count, field: z.string(), message: z.string() }))
    .describe('The first 1,000 problems, in row order (the header is row 1).'),
  rowsWithProblems: count,
});

export const reviewDto = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  country: z.string(),
  rating: count,
  comment: z.string(),
  createdAt: moment,
});

export const orderStatusDto = z.enum(['awaiting-approval', 'unpaid', 'pending', 'shipped', 'cancelled', 'rejected']);

/** Why a company order waited for a manager, and what was decided (docs/companies.md, "Approvals"). */
export const orderApprovalDto = z
  .object({
    reason: z.enum(['over-limit', 'over-threshold']),
    decidedBy: z.string().nullable(),
    decidedAt: moment.nullable(),
    rejectionReason: z.string().nullable(),
  })
  .describe("Set when the order had to wait for a manager's approval: why, who decided when, and why it was rejected.");

export const orderLineDto = z
  .object({
    productId: z.string().nullable(),
    sku: z.string(),
    productName: z.string(),
    productImageUrl: z.string(),
    // How the quantity is counted (`piece`, `box of 50`), as the product said when it was ordered.
    unit: z.string(),
    quantity: count,
    unitPriceCents: cents.describe('The unit price paid.'),
    listUnitPriceCents: cents.describe("The catalogue's list (or tier) unit price for the quantity when the order was placed; equal to `unitPriceCents` unless the buyer's company terms lowered it (for an accepted quote, and for orders placed before it was kept, the price paid)."),
    lineTotalCents: cents,
  })
  .describe('One line of an order, copied from the product when it was ordered.');

export const orderDto = z.object({
  id: z.string(),
  number: z.string().describe('The short human order number, e.g. `BH-2026-000123`.'),
  email: z.string(),
  customerName: z.string(),
  lines: z.array(orderLineDto),
  itemCount: count.describe('Units across every line.'),
  totalCents: cents,
  refundedCents: cents.describe('Money given back so far (refunds and a cancel); never more than `totalCents`.'),
  phone: z.string(),
  address: z.string(),
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  status: orderStatusDto,
  companyId: z.string().nullable().describe("The buyer's company when the order was placed; null for a buyer without one."),
  approval: orderApprovalDto.nullable(),
  transactionId: z.string().nullable(),
  createdAt: moment,
  paidAt: moment.nullable(),
  shippedAt: moment.nullable(),
  // Given by the admin when shipping (both optional).
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable().describe('`INV-2026-000001` once paid; the invoice PDF carries it.'),
  productId: z.string().nullable().describe("The first line's, as the first contract (one product per order) named it."),
  productName: z.string(),
  productImageUrl: z.string(),
  productDescription: z.string(),
  unitPriceCents: cents,
  unit: z.string(),
  quantity: count,
});

export const cartLineDto = z
  .object({
    productId: z.string(),
    sku: z.string(),
    name: z.string(),
    imageUrl: z.string(),
    unit: z.string(),
    stock: count,
    minOrderQuantity: count,
    packSize: count,
    priceTiers: z.array(priceTierDto),
    quantity: count,
    unitPriceCents: cents,
    listUnitPriceCents: cents.optional().describe("Only when a company member's price differs from the list price: the list unit price for this quantity."),
    lineTotalCents: cents,
    advice: quantityAdviceDto,
    // The advice in one sentence (what is wrong, or the next price break worth going up to), or null.
    message: z.string().nullable(),
    // The quantity to change to in one click (itself valid), and why, or null.
    suggestion: z.object({ quantity: count, reason: z.enum(['minimum', 'stock', 'pack', 'next-break']) }).nullable(),
  })
  .describe("A cart line priced with today's tiers.");

export const cartDto = z.object({
  lines: z.array(cartLineDto),
  lineCount: count,
  itemCount: count,
  totalCents: cents,
  orderable: z.boolean().describe('Every line can be ordered as it stands.'),
});

export const reorderDto = z.object({
  cart: cartDto,
  notAdded: z
    .array(
      z.object({
        position: count,
        sku: z.string(),
        productName: z.string(),
        reason: z.enum(['product-gone', 'sold-out', 'below-minimum']),
        message: z.string(),
      }),
    )
    .describe("The order's lines that could not go back into the cart (position counts from 0)."),
});

export const resolvedRowDto = z.object({
  line: count,
  input: z.string(),
  status: z.enum(['ok', 'unknown-sku', 'below-minimum', 'not-a-pack-multiple', 'above-stock', 'duplicate', 'unreadable']),
  productId: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: count.nullable(),
  suggestion: z.object({ quantity: count, reason: z.string() }).nullable(),
  didYouMean: z.array(z.string()),
  mergedInto: count.nullable(),
  mergedLines: z.array(count),
  message: z.string().nullable(),
  note: z.string().nullable(),
});

export const resolvedListDto = z.object({ rows: z.array(resolvedRowDto) }).describe('One row per pasted line that is not blank.');

export const auditEntryDto = z
  .object({
    id: z.string(),
    at: moment,
    actorId: z.string(),
    actorEmail: z.string(),
    kind: z.enum(AUDIT_KINDS),
    subjectId: z.string(),
    summary: z.string(),
    before: z.unknown().describe('The subject before, as stored (JSON), or null.'),
    after: z.unknown().describe('The subject after, as stored (JSON), or null.'),
  })
  .describe('An audit log entry (docs/audit-log.md, "Audit log").');

export const sessionDto = z.object({ user: userDto, token: z.string().describe('The bearer token; also set as the session cookie.') });

export const meDto = z.object({ user: userDto, profile: profileDto.nullable() });

export const paymentIntentDto = z.object({
  provider: z.enum(['stripe', 'test']),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  amountCents: cents,
});

export const testCardResultDto = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });

export const shopOverviewDto = z
  .object({
    ordersAwaitingShipment: count,
    unpaidOrders: count,
    lowStockProducts: count.describe('Products with fewer units than one minimum order.'),
    contactMessages: count,
    // Contact messages no admin has marked read yet.
    unreadContactMessages: count,
    // Succeeded payments no order could take (GET /api/admin/payments-to-refund).
    paymentsToRefund: count,
    quotesAwaitingAnswer: count.describe('Requests for quote no admin has answered yet.'),
  })
  .describe("The admin dashboard's counts.");

export const salesReportDto = z
  .object({
    days: z.union([z.literal(30), z.literal(90)]),
    perDay: z
      .array(z.object({ day: z.iso.date(), orders: count, revenueCents: cents, refundedCents: cents }))
      .describe('Every day of the period, oldest first (UTC), days without sales as zeros.'),
    totals: z
      .object({ orders: count, revenueCents: cents, refundedCents: cents, netRevenueCents: cents })
      .describe('`revenueCents` is gross (what the orders were paid); `netRevenueCents` is gross less what was refunded of them.'),
    topProducts: z.array(z.object({ productId: z.string().nullable(), sku: z.string(), name: z.string(), units: count, revenueCents: cents })),
    lowStock: z
      .array(z.object({ id: z.string(), sku: z.string(), name: z.string(), stock: count, minOrderQuantity: count }))
      .describe('Products with fewer units than one minimum order, fewest first.'),
    awaitingShipment: count,
  })
  .describe('The overview\'s pictures (docs/reports.md, "Reports").');

export const adminOrdersDto = pageOf(orderDto)
  .extend({ total: count.describe('Orders matching the filter, in all.') })
  .describe("One page of the admins' order list.");

export const paymentToRefundDto = z
  .object({
    paymentIntentId: z.string(),
    orderId: z.string().nullable(),
    amountCents: cents,
    currency: z.string(),
    // 'order-gone': deleted or expired before the payment landed; 'order-paid-otherwise': paid twice.
    reason: z.enum(['order-gone', 'order-paid-otherwise']),
    createdAt: moment,
    refundedAt: moment.nullable().describe('When an admin refunded it (POST …/refund); null while it waits.'),
    providerRefundId: z.string().nullable().describe("The payment provider's refund; null while it waits."),
  })
  .describe('A succeeded card payment no order could take, for an admin to refund through the shop (once).');

export const contactMessageDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: moment,
  readAt: moment.nullable().describe('When an admin marked it read; null while unread.'),
});

export const subscriberDto = z.object({ email: z.string(), createdAt: moment });

export const uploadDto = z.object({ url: z.string() });

export const quoteStatusDto = z.enum(['requested', 'quoted', 'accepted', 'declined', 'expired']);

export const quoteLineDto = z
  .object({
    productId: z.string().nullable(),
    sku: z.string(),
    productName: z.string(),
    unit: z.string(),
    requestedQuantity: count,
    quantity: count.nullable().describe('Null until answered; 0 when the answer leaves the line out.'),
    unitPriceCents: cents.nullable(),
    lineTotalCents: cents.nullable(),
  })
  .describe("A request for quote's line: what was asked, then what the shop offers.");

export const quoteDto = z
  .object({
    id: z.string(),
    number: z.string().describe('`QT-2026-000001`.'),
    status: quoteStatusDto,
    email: z.string(),
    customerName: z.string(),
    lines: z.array(quoteLineDto),
    message: z.string().describe("The buyer's message."),
    answer: z.string().nullable().describe("The shop's text with its offer; null until answered."),
    totalCents: cents.nullable().describe("The offer's total; null until answered."),
    expiresAt: moment.nullable(),
    holdsStock: z.boolean(),
    orderId: z.string().nullable().describe('The order accepting it placed.'),
    createdAt: moment,
    answeredAt: moment.nullable(),
    closedAt: moment.nullable(),
  })
  .describe('A request for quote (docs/orders.md, "Requests for quote").');

// ---- after the sale (docs/orders.md, "After the sale: cancel, refund, return")
export const refundDto = z
  .object({
    id: z.string(),
    orderId: z.string(),
    number: z.string().describe('The credit note\'s number, `CN-2026-000001`, gapless.'),
    amountCents: cents,
    lines: z.array(z.object({ productId: z.string(), quantity: count, amountCents: cents, restocked: z.boolean() })),
    reason: z.string(),
    source: z.enum(['shop', 'provider']).describe('`provider`: made in the payment provider\'s dashboard and reported by its event.'),
    createdAt: moment,
  })
  .describe('Money given back on an order, with its credit note.');

export const returnDto = z
  .object({
    id: z.string(),
    orderId: z.string(),
    number: z.string().describe('`RMA-2026-000001`.'),
    status: z.enum(['requested', 'approved', 'rejected', 'received']),
    lines: z.array(z.object({ productId: z.string(), quantity: count, receivedQuantity: count.nullable() })),
    reason: z.string(),
    answer: z.string().nullable().describe("The shop's instructions (approved) or why not (rejected)."),
    refundId: z.string().nullable(),
    createdAt: moment,
    answeredAt: moment.nullable(),
    receivedAt: moment.nullable(),
  })
  .describe("A buyer's return: requested → approved | rejected, approved → received.");

export const cancelledOrderDto = z.object({ order: orderDto, refund: refundDto });
export const receivedReturnDto = z.object({ return: returnDto, refund: refundDto.nullable() });
export const orderAfterSaleDto = z.object({ refunds: z.array(refundDto), returns: z.array(returnDto) });

// ---- companies (docs/companies.md)
export const companyRoleDto = z.enum(['manager', 'buyer']);
export const companyDto = z
  .object({
    id: z.string(),
    name: z.string(),
    taxId: z.string().nullable(),
    approvalThresholdCents: cents.nullable().describe('An order at or above this total waits for a manager; null: no threshold.'),
    discountPercent: z.int().describe("Off list and tier prices for every member, 0–50, set by the shop's admin."),
    createdAt: moment,
  })
  .describe('A company: several buyers, one customer.');
export const companyMemberDto = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: companyRoleDto,
    monthlyLimitCents: cents.nullable().describe('null: no limit.'),
    spentThisMonthCents: cents.describe("This calendar month's (UTC) orders, not cancelled or rejected."),
  })
  .describe("A member as the company's managers see them.");
export const companyMemberSummaryDto = z.object({ userId: z.string(), name: z.string(), role: companyRoleDto }).describe('Another member as a buyer sees them.');
export const companyAddressDto = z
  .object({ id: z.string(), label: z.string(), recipient: z.string(), phone: z.string(), address: z.string() })
  .describe("A site: one of the company's ship-to addresses.");
export const companyInvitationDto = z
  .object({ id: z.string(), email: z.string(), role: companyRoleDto, monthlyLimitCents: cents.nullable(), createdAt: moment, expiresAt: moment })
  .describe('An invitation waiting to be accepted (never its token).');
/** A company in the shop admin's list (docs/companies.md, "The shop's company pages"). */
export const adminCompanyListItemDto = companyDto.extend({ memberCount: z.int() }).describe('A company with how many members it has.');
/** One company for the shop admin: members with their spending, sites, and the month's spend together. */
export const adminCompanyDto = z
  .object({ company: companyDto, members: z.array(companyMemberDto), addresses: z.array(companyAddressDto), spentThisMonthCents: z.int() })
  .describe("A company as the shop's admin sees it.");
export const contractPriceDto = z
  .object({ productId: z.string(), sku: z.string(), name: z.string(), listPriceCents: z.int(), unitPriceCents: z.int() })
  .describe("A contract price with the product's SKU, name and list price.");
export const contractPricesDto = z.object({ items: z.array(contractPriceDto) });
export const companyViewDto = z
  .object({
    company: companyDto,
    role: companyRoleDto.describe("The caller's role."),
    me: z.object({ userId: z.string(), monthlyLimitCents: cents.nullable(), spentThisMonthCents: cents }),
    members: z.array(z.union([companyMemberDto, companyMemberSummaryDto])).describe('Managers first, then by name; managers see every field, buyers names and roles.'),
    addresses: z.array(companyAddressDto),
  })
  .describe("The caller's company page.");

/**
 * The schemas the document names in `components/schemas`: each DTO's name without `Dto`. Answers
 * that use one get a `$ref` to it; a schema not named here is written out where it is used.
 */
export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorDto,
  GoogleStatus: googleStatusDto,
  User: userDto,
  Profile: profileDto,
  CategoryRef: categoryRefDto,
  PriceTier: priceTierDto,
  Product: productDto,
  ProductSearch: productSearchDto,
  ProductSuggestion: productSuggestionDto,
  CategoryNode: categoryNodeDto,
  Category: categoryDto,
  QuantityAdvice: quantityAdviceDto,
  ImportReport: importReportDto,
  Review: reviewDto,
  OrderStatus: orderStatusDto,
  OrderLine: orderLineDto,
  Order: orderDto,
  CartLine: cartLineDto,
  Cart: cartDto,
  Reorder: reorderDto,
  ResolvedRow: resolvedRowDto,
  ResolvedList: resolvedListDto,
  AuditEntry: auditEntryDto,
  Session: sessionDto,
  Me: meDto,
  PaymentIntent: paymentIntentDto,
  TestCardResult: testCardResultDto,
  ShopOverview: shopOverviewDto,
  SalesReport: salesReportDto,
  AdminOrders: adminOrdersDto,
  PaymentToRefund: paymentToRefundDto,
  ContactMessage: contactMessageDto,
  Subscriber: subscriberDto,
  Upload: uploadDto,
  QuoteStatus: quoteStatusDto,
  QuoteLine: quoteLineDto,
  Quote: quoteDto,
  Refund: refundDto,
  Return: returnDto,
  CancelledOrder: cancelledOrderDto,
  ReceivedReturn: receivedReturnDto,
  OrderAfterSale: orderAfterSaleDto,
  CompanyRole: companyRoleDto,
  Company: companyDto,
  CompanyMember: companyMemberDto,
  CompanyMemberSummary: companyMemberSummaryDto,
  CompanyAddress: companyAddressDto,
  CompanyInvitation: companyInvitationDto,
  CompanyView: companyViewDto,
  AdminCompanyListItem: adminCompanyListItemDto,
  AdminCompany: adminCompanyDto,
  ContractPrice: contractPriceDto,
  ContractPrices: contractPricesDto,
};

