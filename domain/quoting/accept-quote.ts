import type { Product } from '../catalog/product.ts';
import type { ProductRepository } from '../catalog/product-repository.ts';
import { isAdmin, type User } from '../identity/user.ts';
import { checkOrderDetails, orderLinesError, shortLines } from '../ordering/order-lines-request.ts';
import { orderTotals, type OrderLine } from '../ordering/order-lines.ts';
import { DEFAULT_MAX_UNPAID_ORDERS, type NewOrder, type Order } from '../ordering/order.ts';
import { unpaidOrdersAtCap, type UnpaidCapPorts } from '../ordering/unpaid-cap.ts';
import { placementApproval, type PlacementApprovalPorts } from '../companies/placement-approval.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { invalid, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { findQuoteFor, type FindQuotePorts } from './find-quotes.ts';
import { offeredLines, type Quote } from './quote.ts';
import { quoteMail } from './quote-mail.ts';
import type { QuoteRepository } from './quote-repository.ts';

export interface AcceptQuoteInput {
  buyer: User;
  quoteId: string;
  phone: string;
  address: string;
  poNumber?: string | null | undefined;
  /** How many unpaid orders one account may hold (MAX_UNPAID_ORDERS_PER_ACCOUNT); a setting, handed in as a value. */
  maxUnpaidOrders?: number | undefined;
}

export type AcceptQuotePorts = FindQuotePorts & UnpaidCapPorts & PlacementApprovalPorts & {
  store: { products: Pick<ProductRepository, 'findById'>; quotes: Pick<QuoteRepository, 'accept'> };
  clock: Clock;
  ids: IdGenerator;
};

export type AcceptQuoteError = ErrorOf<
  'ADMIN_CANNOT_BUY' | 'EMAIL_NOT_VERIFIED' | 'NOT_FOUND' | 'VALIDATION_FAILED' | 'QUOTE_NOT_OPEN' | 'INSUFFICIENT_STOCK' | 'TOO_MANY_UNPAID_ORDERS'
>;

/**
 * The buyer accepts a quote (docs/orders.md, "Requests for quote"): an unpaid order at the quoted
 * prices and quantities, with the phone, address and PO number of any order, placed in the same
 * step that marks the quote accepted, so a quote is accepted once. The units it held become the
 * order's; a quote that held nothing reserves them now, every line or none (409 naming each short
 * line). The order then lives as any order does (paid, or expired after its time). Accepting is
 * placing an order, so placeOrder's rules hold: a verified e-mail, and at most `maxUnpaidOrders`
 * unpaid orders, counted again by the store in the same step as the insert, so two quotes accepted
 * at once cannot both pass the cap.
 */
export const acceptQuote = async (
  deps: AcceptQuotePorts,
  input: AcceptQuoteInput,
): Promise<Result<{ quote: Quote; order: Order }, AcceptQuoteError>> => {
  const { buyer, maxUnpaidOrders = DEFAULT_MAX_UNPAID_ORDERS } = input;
  const { store } = deps;
  // Someone else's quote does not exist for the caller, admins included.
  const found = await findQuoteFor(deps, { actor: buyer, quoteId: input.quoteId, ownerOnly: true });
  if (!found.ok) return found;
  if (isAdmin(buyer)) return fail(refusal('ADMIN_CANNOT_BUY'));
  if (!buyer.emailVerified) return fail(refusal('EMAIL_NOT_VERIFIED'));
  const quote = found.value;

  const details = checkOrderDetails({ phone: input.phone, address: input.address, poNumber: input.poNumber ?? null, note: null });
  if (!details.ok) return fail(invalid(details.error));
  if (quote.status !== 'quoted') return fail({ code: 'QUOTE_NOT_OPEN', status: quote.status });
  if (await unpaidOrdersAtCap(deps, { buyerId: buyer.id, maxUnpaidOrders })) return fail({ code: 'TOO_MANY_UNPAID_ORDERS', limit: maxUnpaidOrders });

  const offered = offeredLines(quote);
  const products = new Map<string, Product>();
  for (const product of await Promise.all(offered.map(({ line }) => (line.productId === null ? null : store.products.findById(line.productId))))) {
    if (product) products.set(product.id, product);
  }
  const lines: OrderLine[] = [];
  for (const { line } of offered) {
    const product = line.productId === null ? undefined : products.get(line.productId);
    // A product deleted since the answer cannot be ordered (nor is its stock held any more).
    if (!product) return fail(notFound('product'));
    const quantity = line.quantity!;
    const unitPriceCents = line.unitPriceCents!;
    lines.push({
      productId: product.id,
      sku: line.sku,
      productName: line.productName,
      productImageUrl: product.imageUrl,
      productDescription: product.description,
      unit: line.unit,
      quantity,
      unitPriceCents,
      // The agreed price is the order's own: nothing to strike beside it.
      listUnitPriceCents: unitPriceCents,
      lineTotalCents: quantity * unitPriceCents,
    });
  }
  const totals = orderTotals(lines);
  if (!totals) return fail(orderLinesError([{ field: 'lines', failure: { code: 'TOTAL_TOO_LARGE' } }]));

  // A company buyer's acceptance may wait for a manager, as an order placed does (docs/companies.md, "Approvals").
  const { companyId, approval } = await placementApproval(deps, { buyerId: buyer.id, totalCents: totals.totalCents });
  const order: NewOrder = {
    id: deps.ids.newId(),
    userId: buyer.id,
    companyId,
    email: buyer.email,
    customerName: buyer.name,
    lines,
    itemCount: totals.itemCount,
    totalCents: totals.totalCents,
    ...details.value,
    // The buyer finds the quote behind the order by its number.
    note: `Quote ${quote.number}`,
    status: 'unpaid',
    transactionId: null,
    paymentIntentId: null,
    idempotencyKey: null,
    createdAt: deps.clock.now(),
    paidAt: null,
    shippedAt: null,
  };
  const accepted = await store.quotes.accept(quote.id, order, quoteMail('accepted'), maxUnpaidOrders, approval);
  if (accepted.ok) return ok(accepted.value);
  switch (accepted.error.code) {
    case 'not-open': {
      const now = accepted.error.status === null ? null : await findQuoteFor(deps, { actor: buyer, quoteId: quote.id, ownerOnly: true });
      if (!now?.ok) return fail(notFound('quote'));
      return fail({ code: 'QUOTE_NOT_OPEN', status: now.value.status === 'quoted' ? 'expired' : now.value.status });
    }
    case 'insufficient-stock':
      // Named by the quote's own line numbers, as the buyer sees them.
      return fail(orderLinesError(shortLines(accepted.error.short.map(({ index, available }) => ({ index: offered[index]!.index, available })))));
    case 'product-not-found':
      return fail(notFound('product'));
    case 'too-many-unpaid-orders':
      // Another order of the buyer's was placed since the check above.
      return fail({ code: 'TOO_MANY_UNPAID_ORDERS', limit: maxUnpaidOrders });
  }
};
