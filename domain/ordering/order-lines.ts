import type { Cents } from '../shared/money.ts';
import { lineTotalFor, unitPriceFor } from '../catalog/pricing.ts';
import type { StockedTerms } from '../catalog/product-terms.ts';

/**
 * An order's lines (docs/orders.md, "Orders, cart, quick order"): what was bought, copied from the product at order time
 * so an order never changes when the catalogue does, and priced from the product's tiers.
 */
export interface OrderLine {
  /** Null once the product was deleted; the copied fields below stay. */
  productId: string | null;
  sku: string;
  productName: string;
  productImageUrl: string;
  productDescription: string;
  /** How the product was counted when ordered (`piece`, `box of 50`): the quantity's unit. */
  unit: string;
  quantity: number;
  /** What the buyer paid a unit: the list or tier price, or their company's (docs/companies.md, "Company prices"). */
  unitPriceCents: Cents;
  /**
   * The catalogue's list (or tier) price for the quantity when the order was placed, kept beside
   * the price paid so the order and invoice can show what a company's terms saved. Equal to
   * `unitPriceCents` for everyone else, for an accepted quote (its price is the one agreed) and for
   * orders placed before it was kept.
   */
  listUnitPriceCents: Cents;
  lineTotalCents: Cents;
}

/** What a line copies from its product and prices with. */
export interface OrderableProduct extends StockedTerms {
  id: string;
  sku: string;
  name: string;
  imageUrl: string;
  description: string;
  unit: string;
}

/** `listed`: the product at its catalogue prices, when `product` carries a company's (its list price is kept beside). */
export const priceOrderLine = (product: OrderableProduct, quantity: number, listed: OrderableProduct = product): OrderLine => ({
  productId: product.id,
  sku: product.sku,
  productName: product.name,
  productImageUrl: product.imageUrl,
  productDescription: product.description,
  unit: product.unit,
  quantity,
  unitPriceCents: unitPriceFor(product, quantity),
  listUnitPriceCents: unitPriceFor(listed, quantity),
  lineTotalCents: lineTotalFor(product, quantity),
});

export interface OrderTotals {
  /** Lines in the order. */
  lineCount: number;
  /** Units across every line. */
  itemCount: number;
  totalCents: Cents;
}

/** Null when the total cannot be counted exactly (`checkOrderLines` refuses such orders first). */
export const orderTotals = (lines: readonly Pick<OrderLine, 'quantity' | 'lineTotalCents'>[]): OrderTotals | null => {
  let itemCount = 0;
  let totalCents = 0;
  for (const line of lines) {
    itemCount += line.quantity;
    totalCents += line.lineTotalCents;
  }
  return Number.isSafeInteger(totalCents) && Number.isSafeInteger(itemCount) ? { lineCount: lines.length, itemCount, totalCents } : null;
};

/** Each line at its tier price, and the order's totals. */
export const priceOrder = (
  lines: readonly { product: OrderableProduct; quantity: number; listed?: OrderableProduct }[],
): { lines: OrderLine[]; totals: OrderTotals | null } => {
  const priced = lines.map(({ product, quantity, listed }) => priceOrderLine(product, quantity, listed));
  return { lines: priced, totals: orderTotals(priced) };
};
