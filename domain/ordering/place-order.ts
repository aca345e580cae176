import { invalid, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import type { Ports } from '../ports.ts';
import { multiplyCents } from '../shared/money.ts';
import { normalizePhone } from '../shared/phone.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import { isAdmin, type User } from '../identity/user.ts';
import { DEFAULT_MAX_UNPAID_ORDERS, type Order } from './order.ts';
import { checkOrderRequest } from './order-rules.ts';
import { unitPriceFor } from '../catalog/pricing.ts';

export interface PlaceOrderInput {
  buyer: User;
  productId: string;
  quantity: number;
  phone: string;
  address: string;
  /** Retrying with the same key returns the order the first request created. */
  idempotencyKey?: string | null;
}

export type PlaceOrderError = ErrorOf<
  'ADMIN_CANNOT_BUY' | 'EMAIL_NOT_VERIFIED' | 'IDEMPOTENCY_KEY_REUSED' | 'NOT_FOUND' | 'VALIDATION_FAILED' | 'INSUFFICIENT_STOCK' | 'TOO_MANY_UNPAID_ORDERS'
>;

/**
 * A signed-in customer orders at least the minimum and at most the stock. The price comes from
 * the product, never from the request; stock is reserved in the same atomic step as the insert.
 */
export const placeOrder = async (
  { store, clock, ids, maxUnpaidOrders = DEFAULT_MAX_UNPAID_ORDERS }: Pick<Ports, 'store' | 'clock' | 'ids'> & { maxUnpaidOrders?: number },
  input: PlaceOrderInput,
): Promise<Result<Order, PlaceOrderError>> => {
  const { buyer } = input;
  if (isAdmin(buyer)) return fail(refusal('ADMIN_CANNOT_BUY'));
  // Stock is held for an order: only an account whose owner proved the address may hold it.
  if (!buyer.emailVerified) return fail(refusal('EMAIL_NOT_VERIFIED'));

  const key = input.idempotencyKey ?? null;
  if (key) {
    const earlier = await store.orders.findByIdempotencyKey(buyer.id, key);
    if (earlier) {
      // Every field the buyer chose must match: a retry with another phone, address, product or
      // quantity is a new request under an old key, never silently the first order.
      const sameRequest =
        earlier.productId === input.productId &&
        earlier.quantity === input.quantity &&
        earlier.phone === normalizePhone(input.phone) &&
        earlier.address === input.address.trim();
      return sameRequest
        ? ok(earlier)
        : fail(refusal('IDEMPOTENCY_KEY_REUSED'));
    }
  }

  // One account cannot tie up the shelf: a few unpaid orders at a time (they also expire).
  if ((await store.orders.countUnpaidOf(buyer.id)) >= maxUnpaidOrders) {
    return fail({ code: 'TOO_MANY_UNPAID_ORDERS', limit: maxUnpaidOrders });
  }

  const product = await store.products.findById(input.productId);
  if (!product) return fail(notFound('product'));

  const checked = checkOrderRequest(input, product.stock);
  if (!checked.ok) {
    const stockOnly = Object.keys(checked.fields).length === 1 && checked.fields.quantity === messages.aboveStock;
    return fail(stockOnly ? refusal('INSUFFICIENT_STOCK') : invalid(checked.fields));
  }

  // The product's own terms (README.md, "Catalogue"): its minimum and whole packs.
  if (input.quantity < product.minOrderQuantity) return fail(invalid({ quantity: messages.lineBelowMinimum(product.minOrderQuantity) }));
  if (input.quantity % product.packSize !== 0) return fail(invalid({ quantity: messages.lineNotPackMultiple(product.packSize) }));

  // The volume price of the tier the quantity reaches, never a price from the request.
  const unitPriceCents = unitPriceFor(product, input.quantity);
  const totalCents = multiplyCents(unitPriceCents, input.quantity);
  if (totalCents === null) return fail(invalid({ quantity: messages.aboveStock }));

  const order: Order = {
    id: ids.newId(),
    userId: buyer.id,
    email: buyer.email,
    customerName: buyer.name,
    productId: product.id,
    productName: product.name,
    productImageUrl: product.imageUrl,
    productDescription: product.description,
    unitPriceCents,
    unit: product.unit,
    quantity: input.quantity,
    totalCents,
    phone: checked.phone,
    address: checked.address,
    status: 'unpaid',
    transactionId: null,
    paymentIntentId: null,
    idempotencyKey: key,
    createdAt: clock.now(),
    paidAt: null,
    shippedAt: null,
  };

  const placed = await store.orders.placeReservingStock(order);
  if (placed.ok) return ok(placed.value);
  if (placed.error.code === 'product-not-found') return fail(notFound('product'));
  if (placed.error.code === 'duplicate-key' && key) {
    // A concurrent retry with the same key won the insert: answer with its order.
    const winner = await store.orders.findByIdempotencyKey(buyer.id, key);
    if (winner) return ok(winner);
  }
  // Someone else took the units between our read and the reservation.
  return fail(refusal('INSUFFICIENT_STOCK'));
};
