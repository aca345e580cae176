// What both order yardsticks (bare-order-server.mjs on SQLite, bare-order-pg-server.mjs on
// PostgreSQL) compute outside their database: the session check, the priced lines and the order row from the body,
// and the 201 answer. One copy, so the two yardsticks differ only in how they talk to their store.

import { jwtVerify } from 'jose';

/**
 * The session's claims from the bearer token, checked exactly as
 * adapters/identity/jwt-token-service.ts does (HS256, issuer, audience, sub/exp/sv), or null.
 */
export const sessionClaimsOf = async (authorization, key) => {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  try {
    const { payload } = await jwtVerify(token ?? '', key, { algorithms: ['HS256'], issuer: 'bulkhead', audience: 'bulkhead-session', requiredClaims: ['sub', 'exp', 'sv'] });
    return payload;
  } catch {
    return null;
  }
};

/** Thrown inside a yardstick's transaction when a line's units are not on the shelf. */
export class Short extends Error {}

/** The line's unit price: the list price, or the last tier the quantity reaches. */
const unitPrice = (product, quantity) => {
  let price = Number(product.price_cents);
  const tiers = typeof product.price_tiers === 'string' ? JSON.parse(product.price_tiers) : product.price_tiers;
  for (const tier of tiers) if (quantity >= tier.minQuantity) price = tier.unitPriceCents;
  return price;
};

/** The order to store, or null when a line names an unknown product. */
export const orderFrom = (user, body, productOf) => {
  const lines = [];
  for (const { productId, quantity } of body.lines) {
    const product = productOf(productId);
    if (!product) return null;
    const unitPriceCents = unitPrice(product, quantity);
    lines.push({
      productId,
      sku: product.sku,
      productName: product.name,
      productImageUrl: product.image_url,
      productDescription: product.description,
      unit: product.unit,
      quantity,
      unitPriceCents,
      lineTotalCents: unitPriceCents * quantity,
    });
  }
  const createdAt = Date.now();
  return {
    id: crypto.randomUUID(),
    userId: user.id,
    email: user.email,
    name: user.name,
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
    phone: body.phone,
    address: body.address,
    poNumber: body.poNumber ?? null,
    note: body.note ?? null,
    year: new Date(createdAt).getUTCFullYear(),
    createdAt,
  };
};

/** The 201 body the real server answers, from the stored order and its number. */
export const placedAnswer = (order, number) => {
  const { userId: _user, name, year: _year, createdAt, ...shown } = order;
  return { ...shown, number, customerName: name, status: 'unpaid', createdAt: new Date(createdAt).toISOString() };
};
