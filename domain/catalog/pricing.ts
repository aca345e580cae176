import type { Cents } from '../shared/money.ts';
import type { PriceTier, ProductTerms } from './product-terms.ts';

/**
 * Prices in integer cents (docs/catalogue.md, "Catalogue"): the unit price of a quantity is that of the
 * highest tier it reaches, else the regular price. The server is the only authority on prices;
 * the web app calls these same functions for instant feedback.
 */

type PricedTerms = Pick<ProductTerms, 'priceCents' | 'priceTiers'>;

/** The tier a quantity reaches, or null when it pays the regular price. */
export const tierFor = (terms: PricedTerms, quantity: number): PriceTier | null => {
  let reached: PriceTier | null = null;
  for (const tier of terms.priceTiers) if (quantity >= tier.minQuantity) reached = tier;
  return reached;
};

export const unitPriceFor = (terms: PricedTerms, quantity: number): Cents => tierFor(terms, quantity)?.unitPriceCents ?? terms.priceCents;

/**
 * A line's total. Quantities are bounded by the stock limit and prices by the price limit, so the
 * product stays well inside exact integers; anything else is a caller's bug, not bad input.
 */
export const lineTotalFor = (terms: PricedTerms, quantity: number): Cents => {
  const total = unitPriceFor(terms, quantity) * quantity;
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`line total out of range for quantity ${quantity}`);
  return total;
};

/** The first tier above a quantity: the next price break the buyer could reach. */
export const nextTierAbove = (terms: PricedTerms, quantity: number): PriceTier | null =>
  terms.priceTiers.find((tier) => tier.minQuantity > quantity) ?? null;

/** The lowest unit price on offer, for "from $0.85" on product cards. */
export const lowestUnitPrice = (terms: PricedTerms): Cents => terms.priceTiers.at(-1)?.unitPriceCents ?? terms.priceCents;
