/**
 * Property-based bad input (fast-check) over every route: wrong JSON bodies, non-JSON bodies,
 * wrong media types, junk path parameters, junk queries and junk tokens. Whatever arrives, the
 * answer is never a 5xx, a refusal has the spec's error shape with catalogue texts, and a refused
 * request writes nothing (every row of every table and every uploaded file compared).
 */
import Stripe from 'stripe';
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '#adapters/payments/stripe/stripe-payment-gateway.ts';
import { CATALOGUE_COLUMNS } from '#domain/catalog/catalogue-csv.ts';
import { MAX_PRODUCT_DESCRIPTION, MAX_PRODUCT_NAME, MAX_PRICE_CENTS, MAX_STOCK } from '#domain/catalog/manage-catalog.ts';
import { MAX_CONTACT_MESSAGE_LENGTH } from '#domain/content/inbox.ts';
import { MAX_COMMENT, MAX_COUNTRY } from '#domain/content/manage-reviews.ts';
import { RESET_PASSWORD_TTL_SECONDS, VERIFY_EMAIL_TTL_SECONDS } from '#domain/identity/link-token-service.ts';
import { MIN_ORDER_QUANTITY } from '#domain/catalog/product-terms.ts';
import { MAX_ADDRESS_LENGTH } from '#domain/ordering/order-rules.ts';
import { MAX_ORDER_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH } from '#domain/ordering/order-lines-request.ts';
import { MAX_PASTED_BYTES } from '#domain/ordering/pasted-list.ts';
import type { CallOptions } from '#http/test-support.ts';
import { SUGGESTION_COUNT } from '#domain/catalog/browse-catalog.ts';
import { messages } from '#http/messages.ts';
import { PRODUCT_SORTS } from '#domain/catalog/product-search.ts';
import { MAX_QUOTE_DAYS, MAX_QUOTE_MESSAGE_LENGTH, MIN_QUOTE_DAYS } from '#domain/quoting/quote.ts';
import { REFUND_REASON_MAX } from '#domain/after-sale/refund-order.ts';
import { COMPANY_ROLES } from '#domain/companies/company.ts';
import {
  MAX_COMPANY_AMOUNT_CENTS,
  MAX_COMPANY_NAME_LENGTH,
  MAX_RECIPIENT_LENGTH,
  MAX_SITE_ADDRESS_LENGTH,
  MAX_SITE_LABEL_LENGTH,
  MAX_TAX_ID_LENGTH,
} from '#domain/companies/company-rules.ts';
import {
  badAdviceQuantity,
  badCatalogueParameter,
  badLimit,
  badValueFor,
  minimumNotInPacks,
  mixedCaseSku,
  orderLinesFlaws,
  searchBoxText,
  tiersOutOfOrder,
  useReceivedProduct,
  headerText,
  junkSegment,
  junkString,
  junkToken,
  junkValue,
  smuggledKey,
  withOwnKeys,
  type FieldKind,
} from './bad-values.ts';
import {
  arrangeActors,
  errorShapeProblem,
  openSecurityApp,
  paidOrder,
  placeOrder,
  pngForm,
  registeredRoutes,
  stockedProduct,
  validOrder,
  type Cast,
  type SecurityApp,
} from './harness.ts';

/**
 * Per route and kind of input; 50 runs each keeps the whole file well under a minute.
 * SECURITY_FUZZ_RUNS=1000 digs deeper before a release.
 */
const RUNS = { numRuns: Number(process.env.SECURITY_FUZZ_RUNS ?? 50) };
const STRIPE = { secretKey: 'sk_test_security_fuzz', publishableKey: 'pk_test_security_fuzz', webhookSecret: 'whsec_security_fuzz' };

/** Valid ids and tokens the requests are built around, so each run has exactly the flaw it was given. */
interface Fixtures {
  cast: Cast;
  productId: string;
  /** Products of LINE_STOCK units each (minimum 100, packs of 1) for the orders with lines. */
  lineProductIds: string[];
  /** A department with a product filed under it: deleting it is refused (409). */
  categoryId: string;
  orderId: string;
  paidOrderId: string;
  reviewId: string;
  uploadName: string;
  targetUserId: string;
  messageId: string;
  verifyToken: string;
  resetToken: string;
  clientSecret: string;
  /** A request for quote of the customer's, not yet answered; and one answered, holding its stock. */
  quoteId: string;
  quotedQuoteId: string;
  /** A shipped order of the customer's (returns may be asked of it), a return of it still requested, and one approved. */
  shippedOrderId: string;
  requestedReturnId: string;
  approvedReturnId: string;
  /** A refund of a cent on the shipped order, for its credit note. */
  refundId: string;
  /** The customer manages a company (docs/companies.md): a buyer of it, an invitation waiting and a site; the shop admin's company pages act on it. */
  companyId: string;
  companyBuyerId: string;
  companyInvitationId: string;
  companySiteId: string;
  /** An order of that buyer waiting for the customer's approval (the buyer's monthly limit is 0). */
  waitingCompanyOrderId: string;
  /** A cent of the shipped order's payment, kept as a payment no order could take (docs/api.md, "Payments to refund"). */
  paymentToRefundId: string;
}

type Caller = 'anonymous' | 'customer' | 'admin';

interface Target {
  route: string;
  /** A second body the same route reads (an order's lines beside the first contract's one product), named apart in the titles. */
  variant?: string;
  /** Who calls, so the request gets past authentication and its input is what gets judged. */
  caller: Caller;
  params?: (f: Fixtures) => Record<string, string>;
  body?: {
    fields: Record<string, FieldKind>;
    valid: (f: Fixtures) => Record<string, unknown>;
    /** Every field optional (a patch): dropping one can leave a valid body, so only replace. */
    partial?: boolean;
    /** Fields that may be left out (they take a default): only replaced, never dropped. */
    optional?: readonly string[];
  };
  /** Query parameters the route reads, with values of all kinds. */
  query?: string[];
  /** Uploads are multipart; the webhook is raw text judged by its signature; the catalogue import reads a CSV body. */
  kind?: 'upload' | 'webhook' | 'catalogue-file';
}

const text = (max: number, optional = false): FieldKind => ({ kind: 'text', max, optional });
const nameOf = (target: Target) => (target.variant ? `${target.route} (${target.variant})` : target.route);
const LINE_STOCK = 10_000;
/** Every line valid (100 units of stock of 10,000), a PO number and a note: a body that would be placed. */
const validLinesOrder = (productIds: readonly string[]) => ({
  lines: productIds.map((productId) => ({ productId, quantity: 100 })),
  phone: '5550100200',
  address: '1 Harbour Road',
  poNumber: 'PO-4711',
  note: 'Dock 3, mornings only',
});
// Phone and address are required; the photo, education and links may be left empty.
const profileFields: Record<string, FieldKind> = {
  imageUrl: { kind: 'url', optional: true },
  phone: { kind: 'phone' },
  education: text(300, true),
  linkedin: { kind: 'url', optional: true },
  facebook: { kind: 'url', optional: true },
  address: text(300),
};
const productFields: Record<string, FieldKind> = {
  name: text(MAX_PRODUCT_NAME),
  description: text(MAX_PRODUCT_DESCRIPTION),
  imageUrl: { kind: 'url' },
  priceCents: { kind: 'int', min: 1, max: MAX_PRICE_CENTS },
  stock: { kind: 'int', min: 0, max: MAX_STOCK },
  sku: { kind: 'sku' },
  minOrderQuantity: { kind: 'int', min: MIN_ORDER_QUANTITY, max: MAX_STOCK },
  packSize: { kind: 'int', min: 1, max: MAX_STOCK },
  priceTiers: { kind: 'tiers' },
  attributes: { kind: 'attributes' },
  categoryId: { kind: 'category' },
};
const optionalProductFields = ['sku', 'minOrderQuantity', 'packSize', 'priceTiers', 'attributes', 'categoryId'] as const;
const categoryFields: Record<string, FieldKind> = { name: text(60), slug: { kind: 'slug' }, parentId: { kind: 'category' } };
const image = '/uploads/0123456789abcdef0123456789abcdef.png';
/** A catalogue file whose one row has a SKU with a space: the import must refuse it whole. */
const badCatalogueRow = `${CATALOGUE_COLUMNS.join(',')}\nBAD SKU,Nut,Steel,,,,1.00,500,100,1,,,/x.png`;
const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };

const companyAmount: FieldKind = { kind: 'int', min: 0, max: MAX_COMPANY_AMOUNT_CENTS, nullable: true };
const companyRole: FieldKind = { kind: 'choice', values: COMPANY_ROLES };
const siteFields: Record<string, FieldKind> = { label: text(MAX_SITE_LABEL_LENGTH), recipient: text(MAX_RECIPIENT_LENGTH), phone: { kind: 'phone' }, address: text(MAX_SITE_ADDRESS_LENGTH) };
const site = { label: 'North yard', recipient: 'Site office', phone: '5550100200', address: '1 Harbour Road' };

const TARGETS: Target[] = [
  { route: 'GET /api/health', caller: 'anonymous' },
  // For search engines (http/routes/seo.ts): no input but the path.
  { route: 'GET /sitemap.xml', caller: 'anonymous' },
  { route: 'GET /sitemap-*', caller: 'anonymous' },
  { route: 'GET /robots.txt', caller: 'anonymous' },
  { route: 'GET /api/health/live', caller: 'anonymous' },
  { route: 'GET /api/openapi.json', caller: 'anonymous' },
  { route: 'GET /api/docs', caller: 'anonymous' },
  { route: 'GET /api/docs/assets/:file', caller: 'anonymous', params: () => ({ file: 'swagger-ui.css' }) },
  { route: 'GET /api/auth/google', caller: 'anonymous', query: ['returnTo'] },
  { route: 'GET /api/auth/google/callback', caller: 'anonymous', query: ['code', 'state', 'error'] },
  { route: 'GET /api/auth/google/status', caller: 'anonymous' },
  {
    route: 'POST /api/auth/sign-up',
    caller: 'anonymous',
    body: { fields: { name: text(100), email: { kind: 'email' }, password: { kind: 'password' } }, valid: () => ({ name: 'New', email: 'fresh@example.com', password: 'password-1' }) },
  },
  {
    route: 'POST /api/auth/sign-in',
    caller: 'anonymous',
    body: { fields: { email: { kind: 'email' }, password: { kind: 'password' } }, valid: (f) => ({ email: f.cast.other.email, password: f.cast.other.password }) },
  },
  { route: 'POST /api/auth/sign-out', caller: 'customer' },
  { route: 'POST /api/auth/verify-email', caller: 'anonymous', body: { fields: { token: { kind: 'linkToken' } }, valid: (f) => ({ token: f.verifyToken }) } },
  { route: 'POST /api/auth/verify-email/resend', caller: 'customer' },
  { route: 'POST /api/auth/password-reset', caller: 'anonymous', body: { fields: { email: { kind: 'email' } }, valid: (f) => ({ email: f.cast.other.email }) } },
  {
    route: 'POST /api/auth/password-reset/confirm',
    caller: 'anonymous',
    body: { fields: { token: { kind: 'linkToken' }, password: { kind: 'password' } }, valid: (f) => ({ token: f.resetToken, password: 'new-password-1' }) },
  },
  { route: 'GET /api/me', caller: 'customer' },
  {
    route: 'PUT /api/me/profile',
    caller: 'customer',
    body: {
      fields: profileFields,
      valid: () => ({ imageUrl: image, phone: '5550100', education: 'Marine', linkedin: 'https://linkedin.com/in/x', facebook: 'https://facebook.com/x', address: 'Pier 9' }),
    },
  },
  { route: 'POST /api/uploads', caller: 'customer', kind: 'upload' },
  {
    route: 'GET /api/products',
    caller: 'anonymous',
    query: ['limit', 'cursor', 'q', 'category', 'brand', 'inStock', 'minPriceCents', 'maxPriceCents', 'sort'],
  },
  { route: 'GET /api/products/suggest', caller: 'anonymous', query: ['q'] },
  { route: 'GET /api/products/:id', caller: 'anonymous', params: (f) => ({ id: f.productId }) },
  { route: 'GET /api/products/:id/quantity-advice', caller: 'anonymous', params: (f) => ({ id: f.productId }), query: ['quantity'] },
  { route: 'GET /api/categories', caller: 'anonymous' },
  { route: 'POST /api/admin/categories', caller: 'admin', body: { fields: categoryFields, optional: ['slug', 'parentId'], valid: () => ({ name: 'Fixings', parentId: null }) } },
  {
    route: 'PATCH /api/admin/categories/:id',
    caller: 'admin',
    params: (f) => ({ id: f.categoryId }),
    body: { fields: categoryFields, valid: () => ({ name: 'Renamed' }), partial: true },
  },
  { route: 'DELETE /api/admin/categories/:id', caller: 'admin', params: (f) => ({ id: f.categoryId }) },
  { route: 'POST /api/products', caller: 'admin', body: { fields: productFields, optional: optionalProductFields, valid: () => ({ name: 'Valve', description: 'DN50', imageUrl: image, priceCents: 100, stock: 1 }) } },
  {
    route: 'PATCH /api/products/:id',
    caller: 'admin',
    params: (f) => ({ id: f.productId }),
    // The price is sent too: the bad tiers (bad-values.ts) are bad against a price of 100.
    body: { fields: productFields, valid: () => ({ name: 'Valve', priceCents: 100, stock: 7 }), partial: true },
  },
  { route: 'DELETE /api/products/:id', caller: 'admin', params: (f) => ({ id: f.productId }) },
  { route: 'GET /api/reviews', caller: 'anonymous', query: ['limit', 'cursor'] },
  {
    route: 'POST /api/reviews',
    caller: 'customer',
    body: {
      fields: { country: text(MAX_COUNTRY), rating: { kind: 'int', min: 1, max: 5 }, comment: text(MAX_COMMENT), imageUrl: { kind: 'url' } },
      valid: () => ({ country: 'Norway', rating: 5, comment: 'Good', imageUrl: image }),
    },
  },
  { route: 'DELETE /api/reviews/:id', caller: 'admin', params: (f) => ({ id: f.reviewId }) },
  { route: 'POST /api/newsletter', caller: 'anonymous', body: { fields: { email: { kind: 'email' } }, valid: () => ({ email: 'reader@example.com' }) } },
  {
    route: 'POST /api/contact',
    caller: 'anonymous',
    body: {
      fields: { name: text(100), email: { kind: 'email' }, message: text(MAX_CONTACT_MESSAGE_LENGTH) },
      valid: () => ({ name: 'Ada', email: 'ada@example.com', message: 'Hello' }),
    },
  },
  {
    route: 'POST /api/orders',
    caller: 'customer',
    body: {
      fields: {
        productId: { kind: 'reference' },
        quantity: { kind: 'int', min: MIN_ORDER_QUANTITY, max: 10_000 },
        phone: { kind: 'phone' },
        address: text(MAX_ADDRESS_LENGTH),
      },
      // The product has 10,000 units: more is refused (409), which writes nothing either.
      valid: (f) => validOrder(f.productId),
    },
  },
  {
    route: 'POST /api/orders',
    variant: 'lines',
    caller: 'customer',
    body: {
      fields: {
        lines: { kind: 'orderLines' },
        phone: { kind: 'phone' },
        address: text(MAX_ADDRESS_LENGTH),
        poNumber: { kind: 'text', max: MAX_PO_NUMBER_LENGTH, optional: true, nullable: true },
        note: { kind: 'text', max: MAX_ORDER_NOTE_LENGTH, optional: true, nullable: true },
      },
      optional: ['poNumber', 'note'],
      valid: (f) => validLinesOrder(f.lineProductIds),
    },
  },
  { route: 'GET /api/orders', caller: 'customer', query: ['limit', 'cursor', 'q'] },
  { route: 'POST /api/orders/:id/reorder', caller: 'customer', params: (f) => ({ id: f.orderId }) },
  { route: 'GET /api/cart', caller: 'customer' },
  {
    route: 'PUT /api/cart',
    caller: 'customer',
    body: { fields: { lines: { kind: 'cartLines' } }, valid: (f) => ({ lines: [{ productId: f.productId, quantity: 100 }] }) },
  },
  {
    route: 'POST /api/cart/resolve',
    caller: 'anonymous',
    body: { fields: { text: { kind: 'text', max: MAX_PASTED_BYTES } }, valid: () => ({ text: 'M8-NUT-A2 100' }) },
  },
  // Companies (docs/companies.md): the customer manages one.
  { route: 'POST /api/company', caller: 'customer', body: { fields: { name: text(MAX_COMPANY_NAME_LENGTH), taxId: { kind: 'text', max: MAX_TAX_ID_LENGTH, optional: true, nullable: true } }, optional: ['taxId'], valid: () => ({ name: 'Acme', taxId: 'DE1' }) } },
  { route: 'GET /api/company', caller: 'customer' },
  {
    route: 'PATCH /api/company',
    caller: 'customer',
    body: {
      fields: { name: text(MAX_COMPANY_NAME_LENGTH), taxId: { kind: 'text', max: MAX_TAX_ID_LENGTH, optional: true, nullable: true }, approvalThresholdCents: companyAmount },
      valid: () => ({ name: 'Acme', taxId: null, approvalThresholdCents: 100_000 }),
      partial: true,
    },
  },
  { route: 'GET /api/company/invitations', caller: 'customer' },
  {
    route: 'POST /api/company/invitations',
    caller: 'customer',
    body: { fields: { email: { kind: 'email' }, role: companyRole, monthlyLimitCents: companyAmount }, optional: ['monthlyLimitCents'], valid: () => ({ email: 'new@example.com', role: 'buyer', monthlyLimitCents: null }) },
  },
  // A made-up token finds no invitation (404); the customer, in a company already, could accept none anyway.
  { route: 'POST /api/company/invitations/accept', caller: 'customer', body: { fields: { token: { kind: 'linkToken' } }, valid: () => ({ token: 'a-token-nobody-was-sent' }) } },
  { route: 'DELETE /api/company/invitations/:id', caller: 'customer', params: (f) => ({ id: f.companyInvitationId }) },
  {
    route: 'PATCH /api/company/members/:userId',
    caller: 'customer',
    params: (f) => ({ userId: f.companyBuyerId }),
    body: { fields: { role: companyRole, monthlyLimitCents: companyAmount }, valid: () => ({ role: 'buyer', monthlyLimitCents: 10_000 }), partial: true },
  },
  { route: 'DELETE /api/company/members/:userId', caller: 'customer', params: (f) => ({ userId: f.companyBuyerId }) },
  { route: 'GET /api/company/addresses', caller: 'customer' },
  { route: 'POST /api/company/addresses', caller: 'customer', body: { fields: siteFields, valid: () => site } },
  { route: 'PATCH /api/company/addresses/:id', caller: 'customer', params: (f) => ({ id: f.companySiteId }), body: { fields: siteFields, valid: () => site, partial: true } },
  { route: 'DELETE /api/company/addresses/:id', caller: 'customer', params: (f) => ({ id: f.companySiteId }) },
  // Company orders (docs/companies.md, "Approvals"): the customer manages the company of the waiting order's buyer.
  { route: 'GET /api/company/orders', caller: 'customer', query: ['status', 'member', 'limit', 'cursor'] },
  { route: 'POST /api/company/orders/:id/approve', caller: 'customer', params: (f) => ({ id: f.waitingCompanyOrderId }) },
  {
    route: 'POST /api/company/orders/:id/reject',
    caller: 'customer',
    params: (f) => ({ id: f.waitingCompanyOrderId }),
    body: { fields: { reason: text(500) }, valid: () => ({ reason: 'Over budget' }) },
  },
  // Requests for quote (docs/orders.md, "Requests for quote").
  {
    route: 'POST /api/quotes',
    caller: 'customer',
    body: { fields: { lines: { kind: 'orderLines' }, message: text(MAX_QUOTE_MESSAGE_LENGTH) }, valid: (f) => ({ lines: [{ productId: f.productId, quantity: 50_000 }], message: 'A price for 50,000?' }) },
  },
  { route: 'GET /api/quotes', caller: 'customer', query: ['limit', 'cursor'] },
  { route: 'GET /api/quotes/:id', caller: 'customer', params: (f) => ({ id: f.quotedQuoteId }) },
  {
    route: 'POST /api/quotes/:id/accept',
    caller: 'customer',
    params: (f) => ({ id: f.quotedQuoteId }),
    body: {
      fields: { phone: { kind: 'phone' }, address: text(MAX_ADDRESS_LENGTH), poNumber: { kind: 'text', max: MAX_PO_NUMBER_LENGTH, optional: true, nullable: true } },
      optional: ['poNumber'],
      valid: () => ({ phone: '5550100200', address: '1 Harbour Road', poNumber: 'PO-1' }),
    },
  },
  { route: 'POST /api/quotes/:id/decline', caller: 'customer', params: (f) => ({ id: f.quotedQuoteId }) },
  { route: 'GET /api/admin/quotes', caller: 'admin', query: ['limit', 'cursor', 'status'] },
  { route: 'GET /api/admin/quotes/:id', caller: 'admin', params: (f) => ({ id: f.quoteId }) },
  {
    route: 'POST /api/admin/quotes/:id/answer',
    caller: 'admin',
    params: (f) => ({ id: f.quoteId }),
    body: {
      fields: {
        lines: { kind: 'orderLines' },
        expiresInDays: { kind: 'int', min: MIN_QUOTE_DAYS, max: MAX_QUOTE_DAYS },
        holdStock: { kind: 'boolean' },
        message: { kind: 'text', max: MAX_QUOTE_MESSAGE_LENGTH, optional: true, nullable: true },
      },
      optional: ['message'],
      valid: (f) => ({ lines: [{ productId: f.productId, quantity: 100, unitPriceCents: 900 }], expiresInDays: 7, holdStock: true, message: 'Best we can do' }),
    },
  },
  { route: 'GET /api/orders/:id', caller: 'customer', params: (f) => ({ id: f.orderId }) },
  { route: 'GET /api/orders/:id/invoice.pdf', caller: 'customer', params: (f) => ({ id: f.paidOrderId }) },
  { route: 'DELETE /api/orders/:id', caller: 'customer', params: (f) => ({ id: f.orderId }) },
  { route: 'POST /api/orders/:id/payment-intent', caller: 'customer', params: (f) => ({ id: f.orderId }) },
  {
    route: 'POST /api/orders/:id/payment/confirm',
    caller: 'customer',
    params: (f) => ({ id: f.orderId }),
    body: { fields: { paymentIntentId: { kind: 'reference' } }, valid: () => ({ paymentIntentId: 'pi_not_paid_yet' }) },
  },
  {
    route: 'POST /api/payments/test/confirm',
    caller: 'customer',
    body: {
      fields: { clientSecret: { kind: 'reference' }, card: { kind: 'card' }, billing: { kind: 'billing' } },
      valid: (f) => ({ clientSecret: f.clientSecret, card, billing: { name: 'Owner', email: 'owner@example.com' } }),
    },
  },
  { route: 'POST /api/webhooks/stripe', caller: 'anonymous', kind: 'webhook' },
  { route: 'GET /api/admin/overview', caller: 'admin' },
  { route: 'GET /api/admin/orders', caller: 'admin' },
  { route: 'GET /api/admin/reports/sales', caller: 'admin', query: ['days'] },
  { route: 'GET /api/admin/orders/export.csv', caller: 'admin', query: ['from', 'to'] },
  { route: 'POST /api/admin/orders/:id/ship', caller: 'admin', params: (f) => ({ id: f.paidOrderId }) },
  // After the sale (docs/orders.md, "After the sale: cancel, refund, return").
  {
    route: 'POST /api/admin/orders/:id/cancel',
    caller: 'admin',
    params: (f) => ({ id: f.paidOrderId }),
    body: { fields: { reason: text(REFUND_REASON_MAX), restock: { kind: 'boolean' } }, optional: ['restock'], valid: () => ({ reason: 'Ordered twice', restock: true }) },
  },
  {
    route: 'POST /api/admin/orders/:id/refunds',
    caller: 'admin',
    params: (f) => ({ id: f.paidOrderId }),
    body: {
      fields: { reason: text(REFUND_REASON_MAX), amountCents: { kind: 'int', min: 1, max: 125_000 }, restock: { kind: 'boolean' } },
      optional: ['restock'],
      // The paid order's whole total (100 units at $12.50): one cent more is refused.
      valid: () => ({ reason: 'Goodwill', amountCents: 125_000, restock: false }),
    },
  },
  { route: 'GET /api/admin/returns', caller: 'admin', query: ['limit', 'cursor', 'status'] },
  {
    route: 'POST /api/admin/returns/:id/approve',
    caller: 'admin',
    params: (f) => ({ id: f.requestedReturnId }),
    body: { fields: { answer: { kind: 'text', max: REFUND_REASON_MAX, optional: true, nullable: true } }, optional: ['answer'], valid: () => ({ answer: 'Dock 4' }) },
  },
  {
    route: 'POST /api/admin/returns/:id/reject',
    caller: 'admin',
    params: (f) => ({ id: f.requestedReturnId }),
    body: { fields: { answer: text(REFUND_REASON_MAX) }, valid: () => ({ answer: 'Custom cut' }) },
  },
  {
    route: 'POST /api/admin/returns/:id/receive',
    caller: 'admin',
    params: (f) => ({ id: f.approvedReturnId }),
    body: { fields: { lines: { kind: 'receivedLines' } }, valid: (f) => ({ lines: [{ productId: f.productId, quantity: 10, restock: true }] }) },
  },
  { route: 'POST /api/admin/payments-to-refund/:id/refund', caller: 'admin', params: (f) => ({ id: f.paymentToRefundId }) },
  { route: 'GET /api/orders/:id/after-sale', caller: 'customer', params: (f) => ({ id: f.paidOrderId }) },
  { route: 'GET /api/orders/:id/returns', caller: 'customer', params: (f) => ({ id: f.shippedOrderId }) },
  { route: 'GET /api/orders/:id/refunds/:refundId/credit-note.pdf', caller: 'customer', params: (f) => ({ id: f.shippedOrderId, refundId: f.refundId }) },
  {
    route: 'POST /api/orders/:id/returns',
    caller: 'customer',
    params: (f) => ({ id: f.shippedOrderId }),
    body: { fields: { reason: text(REFUND_REASON_MAX) }, valid: (f) => ({ lines: [{ productId: f.productId, quantity: 1 }], reason: 'Wrong size' }) },
  },
  { route: 'GET /api/admin/orders/:id/packing-slip.pdf', caller: 'admin', params: (f) => ({ id: f.paidOrderId }) },
  { route: 'GET /api/admin/users', caller: 'admin', query: ['limit', 'cursor'] },
  { route: 'POST /api/admin/users/:id/make-admin', caller: 'admin', params: (f) => ({ id: f.targetUserId }) },
  { route: 'POST /api/admin/users/:id/remove-admin', caller: 'admin', params: (f) => ({ id: f.targetUserId }) },
  { route: 'DELETE /api/admin/users/:id', caller: 'admin', params: (f) => ({ id: f.targetUserId }) },
  { route: 'GET /api/admin/audit', caller: 'admin', query: ['limit', 'cursor', 'actor', 'kind'] },
  { route: 'GET /api/admin/products/export.csv', caller: 'admin' },
  { route: 'POST /api/admin/products/import', caller: 'admin', query: ['dryRun'], kind: 'catalogue-file' },
  { route: 'GET /api/admin/messages', caller: 'admin', query: ['limit', 'cursor'] },
  {
    route: 'PATCH /api/admin/messages/:id',
    caller: 'admin',
    params: (f) => ({ id: f.messageId }),
    body: { fields: { read: { kind: 'boolean' } }, valid: () => ({ read: true }) },
  },
  { route: 'GET /api/admin/subscribers', caller: 'admin', query: ['limit', 'cursor'] },
  { route: 'GET /api/admin/payments-to-refund', caller: 'admin', query: ['limit', 'cursor'] },
  { route: 'GET /api/admin/companies', caller: 'admin', query: ['limit', 'cursor', 'q'] },
  { route: 'GET /api/admin/companies/:id', caller: 'admin', params: (f) => ({ id: f.companyId }) },
  {
    route: 'PATCH /api/admin/companies/:id',
    caller: 'admin',
    params: (f) => ({ id: f.companyId }),
    body: { fields: { discountPercent: { kind: 'int', min: 0, max: 50 } }, valid: () => ({ discountPercent: 5 }) },
  },
  { route: 'GET /api/admin/companies/:id/prices', caller: 'admin', params: (f) => ({ id: f.companyId }) },
  {
    route: 'PUT /api/admin/companies/:id/prices',
    caller: 'admin',
    params: (f) => ({ id: f.companyId }),
    body: { fields: { prices: { kind: 'contractPrices' } }, valid: (f) => ({ prices: [{ productId: f.productId, unitPriceCents: 50 }] }) },
  },
  { route: 'GET /uploads/:name', caller: 'anonymous', params: (f) => ({ name: f.uploadName }), query: ['w'] },
  { route: 'HEAD /uploads/:name', caller: 'anonymous', params: (f) => ({ name: f.uploadName }), query: ['w'] },
];

let app: SecurityApp;
let stripeApp: SecurityApp;
let fixtures: Fixtures;

beforeAll(async () => {
  app = await openSecurityApp();
  stripeApp = await openSecurityApp({ payments: createStripePaymentGateway(STRIPE) });
  const cast = await arrangeActors(app);
  const customer = cast.tokens.customer!;
  const order = await placeOrder(app, customer);
  const intent = await app.call('POST', `/api/orders/${order.id}/payment-intent`, { token: customer });
  const review = await app.call('POST', '/api/reviews', { token: customer, body: { country: 'Norway', rating: 4, comment: 'Fine', imageUrl: image } });
  const upload = await app.call('POST', '/api/uploads', { token: customer, form: pngForm() });
  const target = await app.signUp({ name: 'Target' });
  const version = (await app.store.users.findById(cast.subject.user.id))!.sessionVersion;
  const link = (purpose: 'verify-email' | 'reset-password', ttl: number) =>
    app.ports.links.issue({ purpose, userId: cast.subject.user.id, version }, ttl);
  const department = await app.store.categories.create({ id: crypto.randomUUID(), name: 'Fasteners', slug: 'fasteners', parentId: null, createdAt: new Date() });
  if (department === 'duplicate-slug') throw new Error('arrange: slug taken');
  const filed = await stockedProduct(app);
  await app.store.products.update(filed.id, { categoryId: department.id }, new Date());
  fixtures = {
    cast,
    productId: filed.id,
    lineProductIds: await Promise.all([1, 2, 3].map(async () => (await stockedProduct(app, LINE_STOCK)).id)),
    categoryId: department.id,
    orderId: order.id,
    paidOrderId: (await paidOrder(app, customer)).id,
    reviewId: review.json.id,
    uploadName: (upload.json.url as string).split('/').pop()!,
    targetUserId: target.user.id,
    messageId: (await app.store.inbox.addContactMessage({ id: crypto.randomUUID(), name: 'Ada', email: 'ada@example.com', message: 'Hello', createdAt: new Date(), readAt: null })).id,
    verifyToken: await link('verify-email', VERIFY_EMAIL_TTL_SECONDS),
    resetToken: await link('reset-password', RESET_PASSWORD_TTL_SECONDS),
    clientSecret: intent.json.clientSecret,
    ...(await arrangeQuotes(app, cast, filed.id)),
    ...(await arrangeReturns(app, cast, filed.id)),
    ...(await arrangeCompany(app, cast, filed.id)),
  };
  useReceivedProduct(filed.id);
});

/** A shipped order of `productId` for the customer, one return of it requested and one approved. */
const arrangeReturns = async (on: SecurityApp, cast: Cast, productId: string) => {
  const placed = await on.call('POST', '/api/orders', { token: cast.tokens.customer, body: { ...validOrder(productId), quantity: 100 } });
  if (placed.status !== 201) throw new Error(`arrange: order ${placed.status} ${placed.text}`);
  const shippedOrderId = placed.json.id as string;
  const intent = await on.call('POST', `/api/orders/${shippedOrderId}/payment-intent`, { token: cast.tokens.customer });
  const charged = await on.call('POST', '/api/payments/test/confirm', { token: cast.tokens.customer, body: { clientSecret: intent.json.clientSecret, card, billing: { name: 'Owner', email: 'owner@example.com' } } });
  await on.call('POST', `/api/orders/${shippedOrderId}/payment/confirm`, { token: cast.tokens.customer, body: { paymentIntentId: charged.json.paymentIntentId } });
  const shipped = await on.call('POST', `/api/admin/orders/${shippedOrderId}/ship`, { token: cast.tokens.admin });
  if (shipped.status !== 200) throw new Error(`arrange: ship ${shipped.status} ${shipped.text}`);
  const ask = async () => {
    const asked = await on.call('POST', `/api/orders/${shippedOrderId}/returns`, { token: cast.tokens.customer, body: { lines: [{ productId, quantity: 10 }], reason: 'Wrong size' } });
    if (asked.status !== 201) throw new Error(`arrange: return ${asked.status} ${asked.text}`);
    return asked.json.id as string;
  };
  const requestedReturnId = await ask();
  const approvedReturnId = await ask();
  await on.call('POST', `/api/admin/returns/${approvedReturnId}/approve`, { token: cast.tokens.admin, body: {} });
  const refund = await on.call('POST', `/api/admin/orders/${shippedOrderId}/refunds`, { token: cast.tokens.admin, body: { amountCents: 1, reason: 'A cent back' } });
  if (refund.status !== 201) throw new Error(`arrange: refund ${refund.status} ${refund.text}`);
  const paymentToRefundId = charged.json.paymentIntentId as string;
  await on.store.refunds.record({ id: paymentToRefundId, orderId: shippedOrderId, amountCents: 1, currency: 'usd', reason: 'order-paid-otherwise', createdAt: new Date() });
  return { shippedOrderId, requestedReturnId, approvedReturnId, refundId: refund.json.id as string, paymentToRefundId };
};

/** The customer's company, with a buyer, an invitation waiting and a site (docs/companies.md). */
const arrangeCompany = async (on: SecurityApp, cast: Cast, productId: string) => {
  const token = cast.tokens.customer;
  const created = await on.call('POST', '/api/company', { token, body: { name: 'Acme Builders' } });
  if (created.status !== 201) throw new Error(`arrange: company ${created.status} ${created.text}`);
  const buyer = await on.signUp({ name: 'Company buyer' });
  await on.store.companies.addMember({ companyId: created.json.company.id, userId: buyer.user.id, role: 'buyer', monthlyLimitCents: 0, joinedAt: new Date() });
  const waiting = await on.call('POST', '/api/orders', { token: buyer.token, body: validOrder(productId) });
  if (waiting.json?.status !== 'awaiting-approval') throw new Error(`arrange: the buyer's order does not wait: ${waiting.status} ${waiting.text}`);
  const invited = await on.call('POST', '/api/company/invitations', { token, body: { email: 'invited@example.com', role: 'buyer' } });
  const added = await on.call('POST', '/api/company/addresses', { token, body: site });
  if (invited.status !== 201 || added.status !== 201) throw new Error(`arrange: invitation ${invited.status}, site ${added.status}`);
  return { companyId: created.json.company.id as string, companyBuyerId: buyer.user.id, companyInvitationId: invited.json.id as string, companySiteId: added.json.id as string, waitingCompanyOrderId: waiting.json.id as string };
};

/** Two requests for quote of the customer's for `productId`: one waiting, one answered holding its stock. */
const arrangeQuotes = async (on: SecurityApp, cast: Cast, productId: string) => {
  const ask = async () => {
    const asked = await on.call('POST', '/api/quotes', { token: cast.tokens.customer, body: { lines: [{ productId, quantity: 100 }], message: 'Best price?' } });
    if (asked.status !== 201) throw new Error(`arrange: quote ${asked.status} ${asked.text}`);
    return asked.json.id as string;
  };
  const quoteId = await ask();
  const quotedQuoteId = await ask();
  const answered = await on.call('POST', `/api/admin/quotes/${quotedQuoteId}/answer`, {
    token: cast.tokens.admin,
    body: { lines: [{ productId, quantity: 100, unitPriceCents: 900 }], expiresInDays: 7, holdStock: true },
  });
  if (answered.status !== 200) throw new Error(`arrange: answer ${answered.status} ${answered.text}`);
  return { quoteId, quotedQuoteId };
};

afterAll(async () => {
  await app?.close();
  await stripeApp?.close();
});

// ---- building and judging requests

const split = (route: string) => {
  const [method, template] = route.split(' ') as [string, string];
  return { method, template };
};
const fill = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);
const tokenOf = (caller: Caller) => (caller === 'anonymous' ? undefined : fixtures.cast.tokens[caller]);
const appFor = (target: Target) => (target.kind === 'webhook' ? stripeApp : app);

type Response = Awaited<ReturnType<SecurityApp['call']>>;

/** A refusal: a 4xx, the spec's error shape (HEAD has no body to judge), and not one byte written. */
const expectRefusedWithoutWrite = async (target: Target, send: () => Promise<Response>, allowed?: number[]) => {
  const on = appFor(target);
  const before = await on.snapshot();
  const response = await send();
  const { method } = split(target.route);
  const problem = method === 'HEAD' ? null : errorShapeProblem(response.json);
  const refused = allowed ? allowed.includes(response.status) : response.status >= 400 && response.status < 500;
  // One object, so a failing run shows the status, the body's problem and the body at once.
  expect({ status: response.status, refused, problem, body: refused && !problem ? null : response.text.slice(0, 300) }).toEqual({
    status: response.status,
    refused: true,
    problem: null,
    body: null,
  });
  expect(await on.snapshot()).toBe(before);
  return response;
};

/** A valid body, then one field made certainly wrong (replaced or, when required, dropped), plus smuggled keys. */
const badBody = (body: NonNullable<Target['body']>) => {
  const names = Object.keys(body.fields);
  return fc
    .record({
      field: fc.constantFrom(...names),
      drop: body.partial ? fc.constant(false) : fc.boolean(),
      // Other fields may get junk too: one certainly-wrong field is enough to refuse the lot.
      others: fc.dictionary(fc.constantFrom(...names), junkValue, { maxKeys: 2 }),
      smuggled: fc.array(fc.tuple(smuggledKey, fc.oneof(junkValue, fc.constant({ role: 'admin' }))), { maxLength: 3 }),
    })
    .chain(({ field, drop, others, smuggled }) =>
      // Leaving out an optional field gives a valid body: only a wrong value is wrong there.
      badValueFor(body.fields[field]!).map((value) => ({ field, drop: drop && !body.optional?.includes(field), others, smuggled, value })),
    );
};

const WRONG_MEDIA_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/xml', 'text/json'];

/** Bodies that are not a JSON object at all: junk text, other JSON values, truncated or enormous JSON. */
const notAnObject = fc.oneof(
  junkString,
  fc.constantFrom('', '{', '{"a":', '[]', '[{}]', 'null', 'true', '42', '"text"', '{"__proto__":', '\u0000{}', '\uFEFF{"x":1'),
  fc.integer({ min: 1_000, max: 50_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.constant(`{"padding":"${'x'.repeat(70 * 1024)}"}`),
);

// ---- the properties

describe('bad input never gets a 5xx and never writes', () => {
  it('covers every route the app registers', () => {
    const routes = new Set([...registeredRoutes(app), ...registeredRoutes(stripeApp)]);
    expect([...routes].sort()).toEqual([...new Set(TARGETS.map((target) => target.route))].sort());
  });

  const withBody = TARGETS.filter((target) => target.body);
  it.each(withBody.map((target) => [nameOf(target), target] as const))('%s: a JSON body with a wrong field', async (_, target) => {
    const { method, template } = split(target.route);
    await fc.assert(
      fc.asyncProperty(badBody(target.body!), async ({ field, drop, others, smuggled, value }) => {
        const base = { ...target.body!.valid(fixtures), ...others };
        if (drop) delete base[field];
        else base[field] = value;
        // A smuggled key equal to the field under test would replace its wrong value (or put back
        // the dropped one), maybe with a valid one: then nothing is wrong with the body.
        const body = withOwnKeys(base, smuggled.filter(([key]) => key !== field));
        await expectRefusedWithoutWrite(target, () =>
          appFor(target).call(method, fill(template, target.params?.(fixtures) ?? {}), { token: tokenOf(target.caller), raw: JSON.stringify(body), contentType: 'application/json' }),
        );
      }),
      RUNS,
    );
  });

  it.each(withBody.map((target) => [nameOf(target), target] as const))('%s: not a JSON object, or the wrong media type', async (_, target) => {
    const { method, template } = split(target.route);
    const path = fill(template, target.params?.(fixtures) ?? {});
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          notAnObject.map((raw) => ({ raw, contentType: 'application/json' as string | undefined })),
          fc.constantFrom(...WRONG_MEDIA_TYPES, undefined).map((contentType) => ({ raw: JSON.stringify(target.body!.valid(fixtures)), contentType })),
        ),
        async ({ raw, contentType }) => {
          const options: CallOptions = { token: tokenOf(target.caller), raw, ...(contentType ? { contentType } : {}) };
          const response = await expectRefusedWithoutWrite(target, () => appFor(target).call(method, path, options));
          // The right body under the wrong type is a 415, whatever it says.
          if (contentType !== 'application/json') expect(response.status).toBe(415);
        },
      ),
      RUNS,
    );
  });

  const withParams = TARGETS.filter((target) => target.params);
  it.each(withParams.map((target) => [nameOf(target), target] as const))('%s: a path parameter that names nothing', async (_, target) => {
    const { method, template } = split(target.route);
    await fc.assert(
      // An empty segment is another route, and dot segments are resolved by the URL parser (as a
      // browser would) before any server sees them: neither is a value of the parameter.
      fc.asyncProperty(junkSegment.filter((segment) => segment !== '' && new URL(`http://x/p/${segment}/q`).pathname === `/p/${segment}/q`), async (segment) => {
        const params = Object.fromEntries(Object.keys(target.params!(fixtures)).map((name) => [name, segment]));
        const options: CallOptions = { token: tokenOf(target.caller) };
        // The rest of the request is valid: only the id is wrong.
        if (target.body) Object.assign(options, { body: target.body.valid(fixtures) });
        await expectRefusedWithoutWrite(target, () => appFor(target).call(method, fill(template, params), options), [400, 404]);
      }),
      RUNS,
    );
  });

  const reads = TARGETS.filter((target) => split(target.route).method === 'GET' || split(target.route).method === 'HEAD');
  it.each(reads.map((target) => [nameOf(target), target] as const))('%s: any query string', async (_, target) => {
    const { method, template } = split(target.route);
    const path = fill(template, target.params?.(fixtures) ?? {});
    const key = fc.oneof(fc.constantFrom(...(target.query ?? ['q'])), fc.string({ maxLength: 10 }), smuggledKey);
    const query = fc.oneof(
      fc.array(fc.tuple(key, junkString), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, v.slice(0, 3000)])).toString()),
      fc.tuple(junkSegment, junkSegment).map(([k, v]) => `${k}=${v}&${k}=${v}`),
    );
    await fc.assert(
      fc.asyncProperty(query, async (search) => {
        const before = await app.snapshot();
        const response = await app.call(method, `${path}?${search}`, { token: tokenOf(target.caller) });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400 && method !== 'HEAD') expect(errorShapeProblem(response.json)).toBeNull();
        // Wherever a redirect goes, it stays on this site or goes to Google: never an open redirect.
        const location = response.headers.get('location');
        if (location !== null) expect(location).toMatch(/^(\/(?![/\\])|https:\/\/accounts\.google\.com\/)/);
        expect(await app.snapshot()).toBe(before);
      }),
      RUNS,
    );
  });

  // Every `{items, nextCursor}` list: the catalogue, reviews, the caller's orders and the admin lists.
  const lists = TARGETS.filter((target) => target.query?.includes('limit'));
  it.each(lists.map((target) => [nameOf(target), target] as const))('%s: a limit that is not 1..100 is a 400', async (_, target) => {
    const { template } = split(target.route);
    await fc.assert(
      fc.asyncProperty(badLimit, async (limit) => {
        const search = new URLSearchParams({ limit });
        await expectRefusedWithoutWrite(target, () => app.call('GET', `${template}?${search}`, { token: tokenOf(target.caller) }), [400]);
      }),
      RUNS,
    );
  });

  // Protected routes, called with everything valid except the token: a 401, and nothing happens.
  const isProtected = (target: Target) => target.caller !== 'anonymous';
  it.each(TARGETS.filter(isProtected).map((target) => [nameOf(target), target] as const))('%s: a token that is not ours', async (_, target) => {
    const { method, template } = split(target.route);
    const path = fill(template, target.params?.(fixtures) ?? {});
    await fc.assert(
      fc.asyncProperty(junkToken, fc.boolean(), async (token, asCookie) => {
        const options: CallOptions = asCookie ? { cookie: token } : { token };
        if (target.body) options.body = target.body.valid(fixtures);
        if (target.kind === 'upload') options.form = pngForm();
        if (target.kind === 'catalogue-file') Object.assign(options, { raw: badCatalogueRow, contentType: 'text/csv' });
        await expectRefusedWithoutWrite(target, () => app.call(method, path, options), [401]);
      }),
      RUNS,
    );
  });

  it('POST /api/orders: an Idempotency-Key that is not 1-200 of [A-Za-z0-9_.:-] is a 400', async () => {
    const target = TARGETS.find((candidate) => candidate.route === 'POST /api/orders')!;
    const badKey = fc.oneof(headerText(40), fc.constant('k'.repeat(201))).filter((key) => !/^[\w.:-]{1,200}$/.test(key.trim()));
    await fc.assert(
      fc.asyncProperty(badKey, async (key) => {
        await expectRefusedWithoutWrite(
          target,
          () => app.call('POST', '/api/orders', { token: tokenOf('customer'), body: validOrder(fixtures.productId), headers: { 'idempotency-key': key } }),
          [400],
        );
      }),
      RUNS,
    );
  });

  it('POST /api/uploads: anything but one image in the field `image`', async () => {
    const target = TARGETS.find((candidate) => candidate.route === 'POST /api/uploads')!;
    // A leading NUL byte is no image's signature and not SVG text, so no junk can pass for an image.
    const junkBytes = fc.uint8Array({ maxLength: 2_000 }).map((bytes) => new Uint8Array([0, ...bytes]));
    const request = fc.oneof(
      junkBytes.map((bytes) => ({ field: 'image', bytes, raw: null as string | null, contentType: null as string | null })),
      junkBytes.map((bytes) => ({ field: 'file', bytes, raw: null, contentType: null })),
      fc.tuple(junkString, fc.constantFrom('multipart/form-data; boundary=xyz', 'multipart/form-data', 'image/png', 'application/json', 'text/plain')).map(([raw, contentType]) => ({
        field: 'image',
        bytes: new Uint8Array(),
        raw: raw as string | null,
        contentType: contentType as string | null,
      })),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ field, bytes, raw, contentType }) => {
        const options: CallOptions = { token: tokenOf('customer') };
        if (raw !== null) Object.assign(options, { raw, contentType });
        else {
          const form = new FormData();
          form.set(field, new Blob([bytes]), 'upload.png');
          options.form = form;
        }
        await expectRefusedWithoutWrite(target, () => app.call('POST', '/api/uploads', options));
      }),
      RUNS,
    );
  });

  it('POST /api/admin/products/import: junk files, and files with one bad row among junk rows, change nothing', async () => {
    const target = TARGETS.find((candidate) => candidate.route === 'POST /api/admin/products/import')!;
    const cell = fc.oneof(junkString, fc.constantFrom('', '0', '-1', '1.999', "'=1+1", '500:1.00;100:2', 'a=b;c', '/x.png', 'NEW-1', 'fasteners'));
    const junkRow = fc.array(cell, { maxLength: CATALOGUE_COLUMNS.length + 1 }).map((cells) => Papa.unparse([cells]));
    const body = fc.oneof(
      junkString,
      fc.array(junkRow, { maxLength: 6 }).map((rows) => [CATALOGUE_COLUMNS.join(','), ...rows, badCatalogueRow.split('\n')[1]].join('\n')),
    );
    const contentType = fc.constantFrom('text/csv', 'text/tab-separated-values', 'text/plain; charset=utf-8', 'application/octet-stream');
    await fc.assert(
      fc.asyncProperty(body, contentType, fc.boolean(), async (raw, type, dryRun) => {
        const send = (path: string) => app.call('POST', path, { token: tokenOf('admin'), raw, contentType: type });
        if (!dryRun) return void (await expectRefusedWithoutWrite(target, () => send('/api/admin/products/import')));
        // A dry run answers its report (200, with the rows' problems) or refuses the file.
        const before = await app.snapshot();
        const response = await send('/api/admin/products/import?dryRun=true');
        if (response.status === 200) expect(response.json.errors.length).toBeGreaterThan(0);
        else expect(errorShapeProblem(response.json)).toBeNull();
        expect(await app.snapshot()).toBe(before);
      }),
      RUNS,
    );
  });

  it('POST /api/webhooks/stripe: junk bodies and signatures are a 400', async () => {
    const target = TARGETS.find((candidate) => candidate.route === 'POST /api/webhooks/stripe')!;
    const stripe = new Stripe(STRIPE.secretKey);
    const signature = fc.oneof(
      headerText(200),
      fc.constant(undefined),
      // Properly formed, but signed with another secret.
      junkString.map((payload) => stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })),
    );
    await fc.assert(
      fc.asyncProperty(notAnObject, signature, async (raw, stripeSignature) => {
        const headers: Record<string, string> = stripeSignature === undefined ? {} : { 'stripe-signature': stripeSignature };
        await expectRefusedWithoutWrite(target, () => stripeApp.call('POST', '/api/webhooks/stripe', { raw, contentType: 'application/json', headers }), [400, 413]);
      }),
      RUNS,
    );
  });
});

describe('the catalogue refuses each bad value under its own field (docs/catalogue.md, "Catalogue")', () => {
  const target = (route: string) => TARGETS.find((candidate) => candidate.route === route)!;
  const productBody = { name: 'Valve', description: 'DN50', imageUrl: image, priceCents: 100, stock: 1 };
  /**
   * A 400 (or a 409 for a taken SKU or slug) naming `field` itself or a part of it
   * (`priceTiers.1.minQuantity`), and nothing written. Junk big enough for a 413 is refused
   * before anyone reads it: no field to name then.
   */
  const expectRefusedUnder = async (route: string, field: string, send: () => Promise<Response>) => {
    const response = await expectRefusedWithoutWrite(target(route), send, [400, 409, 413]);
    if (response.status === 413) return response;
    const named = Object.keys(response.json.error.fields ?? {});
    expect({ field, named: named.some((name) => name === field || name.startsWith(`${field}.`)) ? field : named }).toEqual({ field, named: field });
    return response;
  };

  it('GET /api/products: a wrong sort, price, price range, inStock, q, brand, category or cursor is a 400 under that parameter', async () => {
    const unknownCategory = fc.string({ minLength: 1, maxLength: 20 }).map((text) => `no-such-${text}`);
    await fc.assert(
      fc.asyncProperty(badCatalogueParameter(unknownCategory), fc.constantFrom(...PRODUCT_SORTS), async ({ field, query }, sort) => {
        // A valid sort beside it, unless the sort is what is wrong.
        const pairs = field === 'sort' ? query : [...query, ['sort', sort] as [string, string]];
        const search = new URLSearchParams(pairs).toString();
        await expectRefusedUnder('GET /api/products', field, () => app.call('GET', `/api/products?${search}`));
      }),
      RUNS,
    );
  });

  it('GET /api/products and /suggest: quotes, NEAR, *, -, brackets, emoji and junk in q are words: a normal answer', async () => {
    await fc.assert(
      fc.asyncProperty(searchBoxText, fc.constantFrom(...PRODUCT_SORTS), fc.boolean(), async (q, sort, inStock) => {
        const search = new URLSearchParams({ q, sort, ...(inStock ? { inStock: 'true' } : {}) });
        const list = await app.call('GET', `/api/products?${search}`);
        expect({ q, status: list.status }).toEqual({ q, status: 200 });
        expect(Array.isArray(list.json.items)).toBe(true);
        expect(list.json.total).toBeGreaterThanOrEqual(list.json.items.length);
        const suggestions = await app.call('GET', `/api/products/suggest?${new URLSearchParams({ q })}`);
        expect({ q, status: suggestions.status }).toEqual({ q, status: 200 });
        expect(suggestions.json.length).toBeLessThanOrEqual(SUGGESTION_COUNT);
      }),
      RUNS,
    );
  });

  it('GET /api/products/:id/quantity-advice: a quantity that is not 1–9 digits is a 400 under quantity', async () => {
    await fc.assert(
      fc.asyncProperty(badAdviceQuantity, async (quantity) => {
        const response = await expectRefusedUnder('GET /api/products/:id/quantity-advice', 'quantity', () =>
          app.call('GET', `/api/products/${fixtures.productId}/quantity-advice?${new URLSearchParams({ quantity })}`),
        );
        expect(response.json.error.fields).toEqual({ quantity: messages.quantityAdviceInvalid });
      }),
      RUNS,
    );
  });

  // One catalogue field wrong and the rest of the body right: the refusal names that field.
  const catalogueFields = ['sku', 'minOrderQuantity', 'packSize', 'priceTiers', 'attributes', 'categoryId'] as const;
  it.each([
    ['POST /api/products', (): string => '/api/products'],
    ['PATCH /api/products/:id', (): string => `/api/products/${fixtures.productId}`],
  ] as const)('%s: a wrong SKU, minimum, pack size, tiers, specs or category is refused under that field', async (route, path) => {
    const method = route.split(' ')[0]!;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...catalogueFields).chain((field) => badValueFor(productFields[field]!).map((value) => ({ field, value }))),
        async ({ field, value }) => {
          const body = { ...productBody, [field]: value };
          await expectRefusedUnder(route, field, () => app.call(method, path(), { token: tokenOf('admin'), body }));
        },
      ),
      RUNS,
    );
  });

  it.each([
    ['POST /api/products', (): string => '/api/products'],
    ['PATCH /api/products/:id', (): string => `/api/products/${fixtures.productId}`],
  ] as const)('%s: a minimum that is not a whole number of packs, and tiers out of order', async (route, path) => {
    const method = route.split(' ')[0]!;
    await fc.assert(
      fc.asyncProperty(minimumNotInPacks, async (terms) => {
        const response = await expectRefusedUnder(route, 'minOrderQuantity', () =>
          app.call(method, path(), { token: tokenOf('admin'), body: { ...productBody, ...terms } }),
        );
        expect(response.json.error.fields.minOrderQuantity).toBe(messages.notPackMultiple(terms.packSize));
      }),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(tiersOutOfOrder(productBody.priceCents, 100), async ({ tiers, broken }) => {
        await expectRefusedUnder(route, `priceTiers.${broken}.minQuantity`, () =>
          app.call(method, path(), { token: tokenOf('admin'), body: { ...productBody, minOrderQuantity: 100, packSize: 1, priceTiers: tiers } }),
        );
      }),
      RUNS,
    );
  });

  it('POST /api/products: a SKU in any case is stored upper-case, and the same SKU in another case is a 409 SKU_TAKEN', async () => {
    let made = 0;
    const unique = fc.constant(null).chain(() => {
      made += 1;
      return mixedCaseSku(`FZ${made}-`);
    });
    await fc.assert(
      fc.asyncProperty(unique, async (sku) => {
        const created = await app.call('POST', '/api/products', { token: tokenOf('admin'), body: { ...productBody, sku } });
        expect({ sku, status: created.status, stored: created.json.sku }).toEqual({ sku, status: 201, stored: sku.toUpperCase() });
        const swapped = [...sku].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('');
        const again = await expectRefusedUnder('POST /api/products', 'sku', () =>
          app.call('POST', '/api/products', { token: tokenOf('admin'), body: { ...productBody, sku: swapped } }),
        );
        expect(again.status).toBe(409);
        expect(again.json.error).toMatchObject({ code: 'SKU_TAKEN', fields: { sku: messages.skuTaken(sku.toUpperCase()) } });
      }),
      RUNS,
    );
  });

  it.each(['POST /api/admin/categories', 'PATCH /api/admin/categories/:id'])('%s: a wrong slug is refused under slug', async (route) => {
    const method = route.split(' ')[0]!;
    const path = route.endsWith(':id') ? `/api/admin/categories/${fixtures.categoryId}` : '/api/admin/categories';
    await fc.assert(
      fc.asyncProperty(badValueFor({ kind: 'slug' }), async (slug) => {
        await expectRefusedUnder(route, 'slug', () => app.call(method, path, { token: tokenOf('admin'), body: { name: 'Fixings', slug } }));
      }),
      RUNS,
    );
  });
});

describe('an order with lines refuses each flaw under its own field (docs/orders.md, "Orders, cart, quick order")', () => {
  const target = () => TARGETS.find((candidate) => candidate.route === 'POST /api/orders' && candidate.variant === 'lines')!;
  // One property per kind of flaw, so each is certainly tried; the answer names exactly the flawed fields.
  it.each(Object.keys(orderLinesFlaws(['x'], LINE_STOCK)))('POST /api/orders (lines): %s', async (flaw) => {
    await fc.assert(
      fc.asyncProperty(orderLinesFlaws(fixtures.lineProductIds, LINE_STOCK)[flaw]!, async ({ patch, status, code, fields }) => {
        const body = { ...target().body!.valid(fixtures), ...patch };
        const response = await expectRefusedWithoutWrite(target(), () => app.call('POST', '/api/orders', { token: tokenOf('customer'), body }), [status]);
        expect({ code: response.json.error.code, fields: response.json.error.fields }).toEqual({ code, fields });
      }),
      RUNS,
    );
  });
});

describe('smuggled fields are ignored', () => {
  it('a sign-up cannot make itself an admin or reach the prototype', async () => {
    const body = withOwnKeys({ name: 'Mallory', email: 'mallory@example.com', password: 'password-1' }, [
      ['__proto__', { role: 'admin', isAdmin: true }],
      ['constructor', { prototype: { role: 'admin' } }],
      ['role', 'admin'],
      ['emailVerified', true],
    ]);
    const response = await app.call('POST', '/api/auth/sign-up', { raw: JSON.stringify(body), contentType: 'application/json' });
    expect(response.status).toBe(201);
    expect(response.json.user).toMatchObject({ role: 'customer', emailVerified: false });
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('an order takes its price and status from the server, whatever the body says', async () => {
    const body = { ...validOrder(fixtures.productId), unitPriceCents: 1, totalCents: 1, status: 'shipped', transactionId: 'free', email: 'x@example.com' };
    const response = await app.call('POST', '/api/orders', { token: tokenOf('customer'), body });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ unitPriceCents: 1250, totalCents: 1250 * 100, status: 'unpaid', transactionId: null });
  });

  it('an order with lines takes the price of every line from the server, whatever the lines say', async () => {
    const valid = validLinesOrder(fixtures.lineProductIds);
    const lines = valid.lines.map((line) => ({ ...line, unitPriceCents: 1, lineTotalCents: 1, productName: 'Free', sku: 'FREE' }));
    const response = await app.call('POST', '/api/orders', { token: tokenOf('customer'), body: { ...valid, lines, totalCents: 1, itemCount: 1, number: 'BH-1999-000001' } });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ totalCents: 1250 * 100 * 3, itemCount: 300, status: 'unpaid' });
    expect(response.json.number).toMatch(/^BH-\d{4}-\d{6}$/);
    expect(response.json.number).not.toBe('BH-1999-000001');
    expect(response.json.lines.map((line: { unitPriceCents: number; lineTotalCents: number; sku: string }) => [line.unitPriceCents, line.lineTotalCents, line.sku === 'FREE'])).toEqual(
      valid.lines.map(() => [1250, 1250 * 100, false]),
    );
  });
});
