import type { Cents } from '../shared/money.ts';

/**
 * What a product adds for bulk buyers (docs/catalogue.md, "Catalogue"): how it is counted and sold. The
 * storage, HTTP and web layers use these types as they are; the rules live in
 * `product-terms-rules.ts`, the arithmetic in `pricing.ts` and `quantity-advice.ts`.
 */

/** A volume price: from `minQuantity` units up, each unit costs `unitPriceCents`. */
export interface PriceTier {
  minQuantity: number;
  unitPriceCents: Cents;
}

/** One row of the product page's specification table, e.g. Thread `M8`. */
export interface ProductAttribute {
  name: string;
  value: string;
}

/** Everything the price of a line and the checks of its quantity depend on. */
export interface ProductTerms {
  /** The unit price from the minimum up, until the first tier. */
  priceCents: Cents;
  /** At least the shop-wide floor of 100, and a whole number of packs. */
  minOrderQuantity: number;
  /** Units per pack; every quantity is a whole number of packs. */
  packSize: number;
  /** Strictly rising quantities, strictly falling prices, all below `priceCents`; at most 6. */
  priceTiers: readonly PriceTier[];
}

/** The terms plus what is on the shelf: what quantity advice and order checks need. */
export interface StockedTerms extends ProductTerms {
  stock: number;
}

/** How a product is named and described beyond its name: the catalogue's own fields. */
export interface ProductCatalogDetails {
  /** Upper-case part number, unique (compared case-insensitively). */
  sku: string;
  brand: string | null;
  /** How it is counted, shown next to every quantity: `piece`, `roll`, `box of 50`. */
  unit: string;
  attributes: readonly ProductAttribute[];
}

/**
 * The shop-wide floor (docs/catalogue.md, "Catalogue"): no product's minimum order goes below it. It
 * bounds the terms an admin saves; an order is checked against the product's own minimum.
 */
export const MIN_ORDER_QUANTITY = 100;

export const DEFAULT_UNIT = 'piece';
export const DEFAULT_PACK_SIZE = 1;
/** A product's own minimum defaults to the shop-wide floor and may never go below it. */
export const DEFAULT_MIN_ORDER_QUANTITY = MIN_ORDER_QUANTITY;

/** The terms every product had before volume prices existed: the floor, single units, one price. */
export const plainTerms = (priceCents: Cents): ProductTerms => ({
  priceCents,
  minOrderQuantity: DEFAULT_MIN_ORDER_QUANTITY,
  packSize: DEFAULT_PACK_SIZE,
  priceTiers: [],
});
