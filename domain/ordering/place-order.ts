import { domainError, invalid, type DomainError } from '../shared/errors.ts';
import type { CoreDeps } from '../shared/deps.ts';
import { multiplyCents } from '../shared/money.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import { isAdmin, type User } from '../identity/user.ts';
import type { Order } from './order.ts';
import { checkOrderRequest } from './order-rules.ts';

export interface PlaceOrderInput {
  buyer: User;
  productId: string;
  quantity: number;
  phone: string;
  address: string;
  /** Retrying with the same key returns the order the first request created. */
  idempotencyKey?: string | null;
}

/**
 * A signed-in customer orders at least the minimum and at most the stock. The price comes from
 * the product, never from the request; stock is reserved in the same atomic step as the insert.
 */
export const placeOrder = async (
  { store, clock, ids }: CoreDeps,
  input: PlaceOrderInput,
): Promise<Result<Order, DomainError>> => {
  const { buyer } = input;
  if (isAdmin(buyer)) return fail(domainError('ADMIN_CANNOT_BUY', messages.adminCannotBuy));

  const key = input.idempotencyKey ?? null;
  if (key) {
    const earlier = await store.orders.findByIdempotencyKey(buyer.id, key);
    if (earlier) {
      const sameRequest = earlier.productId === input.productId && earlier.quantity === input.quantity;
      return sameRequest
        ? ok(earlier)
        : fail(domainError('IDEMPOTENCY_KEY_REUSED', messages.idempotencyKeyReused));
    }
  }

  const product = await store.products.findById(input.productId);
  if (!product) return fail(domainError('NOT_FOUND', messages.productNotFound));

  const checked = checkOrderRequest(input, product.stock);
  if (!checked.ok) {
    const stockOnly = Object.keys(checked.fields).length === 1 && checked.fields.quantity === messages.aboveStock;
    return fail(
      stockOnly
        ? domainError('INSUFFICIENT_STOCK', messages.insufficientStock, checked.fields)
        : invalid(checked.fields),
    );
  }

  const totalCents = multiplyCents(product.priceCents, input.quantity);
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
    unitPriceCents: product.priceCents,
    quantity: input.quantity,
    totalCents,
    phone: checked.phone,
    address: checked.address,
    status: 'unpaid',
    transactionId: null,
    idempotencyKey: key,
    createdAt: clock.now(),
    paidAt: null,
    shippedAt: null,
  };

  const placed = await store.orders.placeReservingStock(order);
  if (placed.ok) return ok(placed.order);
  if (placed.reason === 'product-not-found') return fail(domainError('NOT_FOUND', messages.productNotFound));
  if (placed.reason === 'duplicate-key' && key) {
    // A concurrent retry with the same key won the insert: answer with its order.
    const winner = await store.orders.findByIdempotencyKey(buyer.id, key);
    if (winner) return ok(winner);
  }
  // Someone else took the units between our read and the reservation.
  return fail(domainError('INSUFFICIENT_STOCK', messages.insufficientStock, { quantity: messages.aboveStock }));
};
