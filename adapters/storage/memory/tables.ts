import type { Category } from '#domain/catalog/category.ts';
import type { Product } from '#domain/catalog/product.ts';
import type { ContactMessage, Review, Subscriber } from '#domain/content/review.ts';
import type { Profile, User } from '#domain/identity/user.ts';
import { MIN_ORDER_QUANTITY } from '#domain/catalog/product-terms.ts';
import { SPENDING_STATUSES, type Order } from '#domain/ordering/order.ts';
import type { ApprovalReason } from '#domain/companies/approval.ts';
import type { PlacementApproval } from '#domain/ordering/order-repository.ts';
import type { Refund, Return } from '#domain/after-sale/after-sale.ts';
import type { CartLineRequest } from '#domain/ordering/cart-repository.ts';
import type { PaymentToRefund } from '#domain/ordering/payment-to-refund.ts';
import type { Quote } from '#domain/quoting/quote.ts';
import type { Company, CompanyAddress, CompanyInvitation, Membership } from '#domain/companies/company.ts';
import type { Cents } from '#domain/shared/money.ts';
import type { StoredTestIntent, StoredTestRefund } from '../../payments/test/test-payment-intents.ts';
import type { AuditRow } from '../audit-rows.ts';
import { createCatalogWrites, type CatalogWrites } from '../catalog-writes.ts';
import type { OutboxRow } from './outbox.ts';

/**
 * The memory store's "database": what the repositories share, as the SQL tables are shared
 * (deleting a product touches orders, deleting a user touches profiles and reviews).
 */
export interface MemoryTables {
  products: Map<string, Product>;
  categories: Map<string, Category>;
  orders: Map<string, Order>;
  paymentsToRefund: Map<string, PaymentToRefund>;
  /** Refunds (credit notes) and returns (domain/after-sale), keyed by id. */
  refunds: Map<string, Refund>;
  returns: Map<string, Return>;
  users: Map<string, User>;
  profiles: Map<string, Profile>;
  reviews: Map<string, Review>;
  /** Keyed by the lower-cased e-mail, as the SQL unique index on lower(email). */
  subscribers: Map<string, Subscriber>;
  contactMessages: ContactMessage[];
  /** The last number handed out per kind and year (`order:2026`), as the SQL number_sequences. */
  numberSequences: Map<string, number>;
  /** Each buyer's cart lines by user id; a deleted product's lines are skipped as SQL cascades them. */
  carts: Map<string, CartLineRequest[]>;
  /** Requests for quote with their lines, keyed by id. */
  quotes: Map<string, Quote>;
  /** The mail outbox (outbox.ts), keyed by id. */
  mailOutbox: Map<string, OutboxRow>;
  /** The audit log (audit.ts), keyed by id. */
  auditLog: Map<string, AuditRow>;
  /** The offline test provider's payment intents (test-payment-intents.ts), keyed by id. */
  testPaymentIntents: Map<string, StoredTestIntent>;
  /** Its refunds, keyed by idempotency key. */
  testPaymentRefunds: Map<string, StoredTestRefund>;
  /** Companies (docs/companies.md), keyed by id. */
  companies: Map<string, Company>;
  /** Memberships keyed by user id: a user belongs to at most one company, as the SQL primary key. */
  companyMembers: Map<string, Membership>;
  /** Invitations with their token's hash, keyed by id. */
  companyInvitations: Map<string, CompanyInvitation & { tokenHash: string }>;
  /** Company sites, keyed by id. */
  companyAddresses: Map<string, CompanyAddress>;
  /** Contract prices: product id to unit price, per company id, with the version each replacement moves (docs/companies.md, "Company prices"). */
  companyPrices: Map<string, { version: number; prices: Map<string, Cents> }>;
  /** Counts every write that can change what the catalog shows (see the store's catalogVersion). */
  catalog: CatalogWrites;
}

export const createMemoryTables = (): MemoryTables => ({
  products: new Map(),
  categories: new Map(),
  orders: new Map(),
  paymentsToRefund: new Map(),
  refunds: new Map(),
  returns: new Map(),
  users: new Map(),
  profiles: new Map(),
  reviews: new Map(),
  subscribers: new Map(),
  contactMessages: [],
  numberSequences: new Map(),
  carts: new Map(),
  quotes: new Map(),
  mailOutbox: new Map(),
  auditLog: new Map(),
  testPaymentIntents: new Map(),
  testPaymentRefunds: new Map(),
  companies: new Map(),
  companyMembers: new Map(),
  companyInvitations: new Map(),
  companyAddresses: new Map(),
  companyPrices: new Map(),
  catalog: createCatalogWrites(),
});

/** Every value handed in or out is copied, so callers can never mutate the stored state. */
export const copy = <T>(value: T): T => structuredClone(value);
export const copyOrNull = <T>(value: T | undefined): T | null => (value === undefined ? null : copy(value));

export const emailKey = (email: string): string => email.toLowerCase();

// The CHECK constraints of the SQL schemas, so code that relies on them fails here too.
export const checkStock = (stock: number): void => {
  if (!Number.isInteger(stock) || stock < 0) throw new Error('CHECK constraint failed: products_stock_check');
};
/** PostgreSQL's products_terms_check (the domain checks the same before any write). */
export const checkTerms = (terms: Pick<Product, 'minOrderQuantity' | 'packSize'>): void => {
  if (!(terms.minOrderQuantity >= MIN_ORDER_QUANTITY && terms.packSize >= 1 && terms.minOrderQuantity % terms.packSize === 0)) {
    throw new Error('CHECK constraint failed: products_terms_check');
  }
};
/**
 * Whether a member's new order waits for approval: their month so far, summed in the same
 * synchronous step as the insert, as the SQL stores do inside their transaction
 * (order-repository.ts, PlacementApproval).
 */
export const approvalReason = (orders: Iterable<Order>, order: Pick<Order, 'userId'>, approval: PlacementApproval | undefined): ApprovalReason | null =>
  approval ? approval.decide(spentFor(orders, { userId: order.userId, companyId: approval.companyId }, approval.monthStart)) : null;

/**
 * What placing adds to an order when its approval decides it waits (approvalReason): the
 * `awaiting-approval` status and the open approval; otherwise no approval at all.
 */
export const placedApproval = (reason: ApprovalReason | null): Pick<Order, 'approval'> & { status?: 'awaiting-approval' } =>
  reason ? { status: 'awaiting-approval', approval: { reason, decidedBy: null, decidedAt: null, rejectionReason: null } } : { approval: null };

/** The next number of a kind (`order`, `quote`, `invoice`, `credit-note`…) in a year, as the SQL stores' per-year counters. */
export const nextNumber = (tables: Pick<MemoryTables, 'numberSequences'>, kind: string, year: number): number => {
  const key = `${kind}:${year}`;
  const sequence = (tables.numberSequences.get(key) ?? 0) + 1;
  tables.numberSequences.set(key, sequence);
  return sequence;
};

/**
 * What a member spent for their company since `since`: their orders placed for it that still stand
 * (order.ts, SPENDING_STATUSES), not what they bought on their own before joining (docs/companies.md,
 * "Companies and members"); as order-queries.ts, spendingOf, asks the SQL stores.
 */
export const spentFor = (orders: Iterable<Order>, member: { userId: string; companyId: string }, since: Date): number => {
  let spent = 0;
  for (const order of orders) {
    if (order.userId === member.userId && order.companyId === member.companyId && order.createdAt >= since && SPENDING_STATUSES.includes(order.status)) spent += order.totalCents;
  }
  return spent;
};

export const checkQuantity = (quantity: number): void => {
  if (!Number.isInteger(quantity) || quantity < MIN_ORDER_QUANTITY) {
    throw new Error('CHECK constraint failed: order_lines_quantity_check');
  }
};

/** Every line's units back on its product's shelf (where the product still exists). */
export const returnStock = (tables: MemoryTables, order: Order): void => {
  for (const line of order.lines) {
    const product = line.productId === null ? undefined : tables.products.get(line.productId);
    if (!product) continue;
    product.stock += line.quantity;
    tables.catalog.changed(null);
  }
};
