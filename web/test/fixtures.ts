/** Objects typed by the server's DTOs (http/dto.ts), for msw handlers (see `json` in server.ts). */
import type { ErrorDto, MeDto, OrderDto, ProductDto, ReviewDto, UserDto } from '#http/dto.ts';

export const customer: UserDto = {
  id: 'u_customer',
  email: 'buyer@example.com',
  name: 'Bea Buyer',
  role: 'customer',
  emailVerified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};

export const admin: UserDto = { ...customer, id: 'u_admin', email: 'admin@example.com', name: 'Ada Admin', role: 'admin' };

export const meOf = (user: UserDto): MeDto => ({ user, profile: null });

export const makeProduct = (overrides: Partial<ProductDto> = {}): ProductDto => ({
  id: 'p_wrench',
  sku: 'BH-000001',
  name: 'Pipe Wrench 14"',
  description: 'Heavy-duty cast iron pipe wrench with hook jaw, made for plumbers who tighten galvanised pipe all day long.',
  imageUrl: '/demo/pipe-wrench.svg',
  priceCents: 1250,
  stock: 500,
  categoryId: null,
  category: null,
  brand: null,
  unit: 'piece',
  attributes: [],
  minOrderQuantity: 100,
  packSize: 1,
  priceTiers: [],
  createdAt: '2026-11-10T10:00:00.000Z',
  updatedAt: '2026-11-10T10:00:00.000Z',
  ...overrides,
});

/** An order; unless `lines` are given, one line made of the first contract's product fields. */
export const makeOrder = (overrides: Partial<OrderDto> = {}): OrderDto => {
  const order = {
    id: 'o_1',
    number: 'BH-2026-000001',
    email: customer.email,
    customerName: customer.name,
    productId: 'p_wrench',
    productName: 'Pipe Wrench 14"',
    productImageUrl: '/demo/pipe-wrench.svg',
    productDescription: 'Heavy-duty pipe wrench',
    unitPriceCents: 1250,
    unit: 'piece',
    quantity: 150,
    totalCents: 187500,
    phone: '5551234567',
    address: '1 Dock Road',
    poNumber: null,
    note: null,
    status: 'unpaid' as const,
    transactionId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    invoiceNumber: null,
    refundedCents: 0,
    companyId: null,
    approval: null,
    ...overrides,
  };
  const lines = overrides.lines ?? [
    {
      productId: order.productId,
      sku: 'PW-14',
      productName: order.productName,
      productImageUrl: order.productImageUrl,
      unit: order.unit,
      quantity: order.quantity,
      unitPriceCents: order.unitPriceCents,
      listUnitPriceCents: order.unitPriceCents,
      lineTotalCents: order.totalCents,
    },
  ];
  return { ...order, lines, itemCount: overrides.itemCount ?? lines.reduce((sum, line) => sum + line.quantity, 0) };
};

/**
 * An order of three products counted three ways (boxes, reels, pieces), with a PO number and a
 * note; the first contract's fields repeat its first line, as the server sends them.
 */
export const makeThreeLineOrder = (overrides: Partial<OrderDto> = {}): OrderDto =>
  makeOrder({
    id: 'o_three',
    number: 'BH-2026-000042',
    productId: 'p_bolt',
    productName: 'Hex Bolt M8 x 40',
    productImageUrl: '/demo/hex-bolt.svg',
    unit: 'box of 50',
    quantity: 20,
    unitPriceCents: 1450,
    totalCents: 252_100,
    poNumber: 'PO-7781',
    note: 'Deliver to gate 3, mornings only.',
    lines: [
      { productId: 'p_bolt', sku: 'HB-M8-40', productName: 'Hex Bolt M8 x 40', productImageUrl: '/demo/hex-bolt.svg', unit: 'box of 50', quantity: 20, unitPriceCents: 1450, listUnitPriceCents: 1450, lineTotalCents: 29_000 },
      { productId: 'p_wire', sku: 'CW-25', productName: 'Copper Wire 2.5 mm', productImageUrl: '/demo/copper-wire.svg', unit: 'reel', quantity: 4, unitPriceCents: 8900, listUnitPriceCents: 8900, lineTotalCents: 35_600 },
      { productId: 'p_wrench', sku: 'PW-14', productName: 'Pipe Wrench 14"', productImageUrl: '/demo/pipe-wrench.svg', unit: 'piece', quantity: 150, unitPriceCents: 1250, listUnitPriceCents: 1250, lineTotalCents: 187_500 },
    ],
    ...overrides,
  });

export const makeReview = (overrides: Partial<ReviewDto> = {}): ReviewDto => ({
  id: 'r_1',
  name: 'Carlos Pipe',
  imageUrl: '/demo/avatar.svg',
  country: 'Spain',
  rating: 5,
  comment: 'Fast delivery of 400 fittings.',
  createdAt: '2026-11-22T09:00:00.000Z',
  ...overrides,
});

export const errorBody = (code: string, message: string, fields?: Record<string, string>): ErrorDto => ({
  error: fields ? { code, message, fields } : { code, message },
});
