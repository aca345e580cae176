/**
 * Storage tests' orders: an unpaid order of one line per product, copied and priced the way the
 * place-order use case builds one (each line total from its unit price), so each test names only
 * what it is about. `quantity` sets every line's quantity.
 */
import { randomUUID } from 'node:crypto';
import type { Product } from '#domain/catalog/product.ts';
import type { OrderLine } from '#domain/ordering/order-lines.ts';
import type { NewOrder } from '#domain/ordering/order.ts';

export type FixtureProduct = Pick<Product, 'id' | 'name' | 'imageUrl' | 'description' | 'priceCents'> & Partial<Pick<Product, 'unit' | 'sku'>>;
export type OrderOverrides = Partial<NewOrder> & { quantity?: number };

export const lineOf = (product: FixtureProduct, quantity = 100): OrderLine => ({
  productId: product.id,
  sku: product.sku ?? 'FIXTURE-1',
  productName: product.name,
  productImageUrl: product.imageUrl,
  productDescription: product.description,
  unit: product.unit ?? 'piece',
  quantity,
  unitPriceCents: product.priceCents,
  listUnitPriceCents: product.priceCents,
  lineTotalCents: product.priceCents * quantity,
});

export const unpaidOrderOf = (products: FixtureProduct | readonly FixtureProduct[], { quantity = 100, ...overrides }: OrderOverrides = {}): NewOrder => {
  const lines = overrides.lines ?? (Array.isArray(products) ? products : [products]).map((product: FixtureProduct) => lineOf(product, quantity));
  return {
    id: randomUUID(),
    userId: randomUUID(),
    email: 'buyer@example.com',
    customerName: 'Ada Buyer',
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
    phone: '+15550100',
    address: '1 Dock Road',
    poNumber: null,
    note: null,
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
