/**
 * Storage tests' orders: an unpaid order for `product`, snapshotted the way the place-order use
 * case builds one (the total from the unit price), so each test names only what it is about.
 */
import { randomUUID } from 'node:crypto';
import type { Product } from '#domain/catalog/product.ts';
import type { Order } from '#domain/ordering/order.ts';

export const unpaidOrderOf = (
  product: Pick<Product, 'id' | 'name' | 'imageUrl' | 'description' | 'priceCents'> & Partial<Pick<Product, 'unit'>>,
  overrides: Partial<Order> = {},
): Order => {
  const quantity = overrides.quantity ?? 100;
  return {
    id: randomUUID(),
    userId: randomUUID(),
    email: 'buyer@example.com',
    customerName: 'Ada Buyer',
    productId: product.id,
    productName: product.name,
    productImageUrl: product.imageUrl,
    productDescription: product.description,
    unitPriceCents: product.priceCents,
    unit: product.unit ?? 'piece',
    quantity,
    totalCents: product.priceCents * quantity,
    phone: '+15550100',
    address: '1 Dock Road',
    status: 'unpaid',
    transactionId: null,
    paymentIntentId: null,
    idempotencyKey: null,
    createdAt: new Date(),
    paidAt: null,
    shippedAt: null,
    ...overrides,
  };
};
