import { notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { isAdmin, type User } from '../identity/user.ts';
import type { Product } from '../catalog/product.ts';
import type { ProductRepository } from '../catalog/product-repository.ts';
import type { CartRepository } from './cart-repository.ts';
import { buyerTermsOf, type BuyerTermsPorts } from '../companies/buyer-terms.ts';
import { pricedForBuyer } from '../companies/company-prices.ts';
import { DEFAULT_MAX_UNPAID_ORDERS, type NewOrder, type Order } from './order.ts';
import { priceOrder } from './order-lines.ts';
import { orderMail } from './order-mail.ts';
import type { OrderRepository } from './order-repository.ts';
import { unpaidOrdersAtCap, type UnpaidCapPorts } from './unpaid-cap.ts';
import { placementApproval, type PlacementApprovalPorts } from '../companies/placement-approval.ts';
import {
  checkOrderDetails,
  checkOrderLines,
  orderLinesError,
  shortLines,
  type OrderDetailsInput,
  type OrderLineRequest,
} from './order-lines-request.ts';

export interface PlaceOrderInput extends OrderDetailsInput {
  buyer: User;
  lines: OrderLineRequest[];
  /** Retrying with the same key returns the order the first request created. */
  idempotencyKey?: string | null;
  /** How many unpaid orders one account may hold (MAX_UNPAID_ORDERS_PER_ACCOUNT); a setting, handed in as a value. */
  maxUnpaidOrders?: number | undefined;
}

export type PlaceOrderPorts = UnpaidCapPorts & BuyerTermsPorts & PlacementApprovalPorts & {
  store: {
    products: Pick<ProductRepository, 'findById'>;
    orders: Pick<OrderRepository, 'findByIdempotencyKey' | 'placeReservingStock'>;
    carts: Pick<CartRepository, 'removeProducts'>;
  };
  ids: IdGenerator;
  clock: Clock;
};

export type PlaceOrderError = ErrorOf<
  'ADMIN_CANNOT_BUY' | 'EMAIL_NOT_VERIFIED' | 'IDEMPOTENCY_KEY_REUSED' | 'NOT_FOUND' | 'VALIDATION_FAILED' | 'INSUFFICIENT_STOCK' | 'TOO_MANY_UNPAID_ORDERS'
>;

/** A retry under an old key must ask for exactly what the first request asked for. */
const sameRequest = (earlier: Order, input: PlaceOrderInput, details: { phone: string; address: string; poNumber: string | null; note: string | null }) =>
  earlier.lines.length === input.lines.length &&
  earlier.lines.every((line, index) => line.productId === input.lines[index]?.productId && line.quantity === input.lines[index]?.quantity) &&
  earlier.phone === details.phone &&
  earlier.address === details.address &&
  earlier.poNumber === details.poNumber &&
  earlier.note === details.note;

/**
 * A signed-in customer orders one or more lines (docs/orders.md, "Orders, cart, quick order"): each product once, each
 * quantity at least the product's minimum, in whole packs and within the stock, priced from the
 * product's tiers, through the buyer's company terms when they have some (never from the request). Every line's stock is reserved in one atomic step
 * with the insert: all lines or none.
 */
export const placeOrder = async (
  ports: PlaceOrderPorts,
  input: PlaceOrderInput,
): Promise<Result<Order, PlaceOrderError>> => {
  const { store, clock, ids } = ports;
  const { buyer, maxUnpaidOrders = DEFAULT_MAX_UNPAID_ORDERS } = input;
  if (isAdmin(buyer)) return fail(refusal('ADMIN_CANNOT_BUY'));
  // Stock is held for an order: only an account whose owner proved the address may hold it.
  if (!buyer.emailVerified) return fail(refusal('EMAIL_NOT_VERIFIED'));

  const details = checkOrderDetails(input);
  // A company member's lines are priced with their company's terms (docs/companies.md, "Company
  // prices"): the products are read once and priced for the buyer before any check or total.
  const terms = await buyerTermsOf(ports, buyer.id);
  const products = new Map<string, Product>();
  const listed = new Map<string, Product>();
  for (const product of await Promise.all([...new Set(input.lines.map((line) => line.productId))].map((id) => store.products.findById(id)))) {
    if (product) {
      products.set(product.id, pricedForBuyer(product, terms));
      listed.set(product.id, product);
    }
  }
  const lineFailures = checkOrderLines(input.lines, products);
  if (!details.ok || lineFailures.length > 0) {
    const lines = orderLinesError(lineFailures);
    // Phone or address problems come first; stock alone is a 409 naming each short line.
    if (!details.ok) return fail({ code: 'VALIDATION_FAILED', fields: { ...details.error, ...(lineFailures.length > 0 ? lines.fields : {}) } });
    return fail(lines);
  }

  const key = input.idempotencyKey ?? null;
  if (key) {
    const earlier = await store.orders.findByIdempotencyKey(buyer.id, key);
    if (earlier) return sameRequest(earlier, input, details.value) ? ok(earlier) : fail(refusal('IDEMPOTENCY_KEY_REUSED'));
  }

  // One account cannot tie up the shelf: a few unpaid orders at a time (they also expire).
  if (await unpaidOrdersAtCap(ports, { buyerId: buyer.id, maxUnpaidOrders })) return fail({ code: 'TOO_MANY_UNPAID_ORDERS', limit: maxUnpaidOrders });

  // Each line keeps its list price beside the price paid (order-lines.ts, listUnitPriceCents).
  const priced = priceOrder(input.lines.map((line) => ({ product: products.get(line.productId)!, quantity: line.quantity, listed: listed.get(line.productId)! })));
  if (!priced.totals) return fail(orderLinesError([{ field: 'lines', failure: { code: 'TOTAL_TOO_LARGE' } }]));
  // A company buyer's order may wait for a manager (docs/companies.md, "Approvals"): decided by the store as it places it.
  const { companyId, approval } = await placementApproval(ports, { buyerId: buyer.id, totalCents: priced.totals.totalCents });
  const order: NewOrder = {
    id: ids.newId(),
    userId: buyer.id,
    companyId,
    email: buyer.email,
    customerName: buyer.name,
    lines: priced.lines,
    itemCount: priced.totals.itemCount,
    totalCents: priced.totals.totalCents,
    ...details.value,
    status: 'unpaid',
    transactionId: null,
    paymentIntentId: null,
    idempotencyKey: key,
    createdAt: clock.now(),
    paidAt: null,
    shippedAt: null,
  };

  const placed = await store.orders.placeReservingStock(order, orderMail('placed'), approval);
  if (placed.ok) {
    // Ordering the cart empties it of the lines ordered (docs/orders.md, "Orders, cart, quick order"); the order stands
    // whatever happens to this tidy-up.
    await store.carts.removeProducts(buyer.id, input.lines.map((line) => line.productId)).catch(() => undefined);
    return ok(placed.value);
  }
  switch (placed.error.code) {
    case 'product-not-found':
      // Deleted between our read and the reservation.
      return fail(notFound('product'));
    case 'insufficient-stock':
      // Someone else took the units between our read and the reservation.
      return fail(orderLinesError(shortLines(placed.error.short)));
    case 'duplicate-key': {
      // A concurrent retry with the same key won the insert: answer with its order.
      const winner = key ? await store.orders.findByIdempotencyKey(buyer.id, key) : null;
      return winner ? ok(winner) : fail(refusal('IDEMPOTENCY_KEY_REUSED'));
    }
  }
};
