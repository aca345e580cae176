import type { Cents } from '../shared/money.ts';
import { lineTotalFor, nextTierAbove, unitPriceFor } from './pricing.ts';
import { MAX_TERM_QUANTITY } from './product-terms-rules.ts';
import type { StockedTerms } from './product-terms.ts';

/**
 * What the product page and the cart tell a buyer about the quantity they type (docs/catalogue.md,
 * "Quantity advice"): whether it can be ordered, what it costs, the next price break and the
 * nearest quantities that can be ordered. `GET /api/products/:id/quantity-advice` answers this
 * object as it is; `quantity-advice-sentence.ts` turns it into the one sentence shown.
 */

export type QuantityProblem = 'BELOW_MINIMUM' | 'NOT_A_PACK_MULTIPLE' | 'ABOVE_STOCK';

export interface NextBreak {
  minQuantity: number;
  unitPriceCents: Cents;
  extraUnits: number;
  /** What the whole line saves by going up to this tier; negative when it simply costs more. */
  savingCents: Cents;
}

export interface QuantitySuggestions {
  /** The quantity rounded up to whole packs (itself when it already is). */
  roundedToPack: number;
  /** The product's minimum (always a whole number of packs). */
  minimum: number;
  /** The most that can be ordered now: whole packs within the stock; null when below the minimum. */
  maxAvailable: number | null;
}

export interface QuantityAdvice {
  quantity: number;
  valid: boolean;
  problems: QuantityProblem[];
  unitPriceCents: Cents;
  lineTotalCents: Cents;
  nextBreak: NextBreak | null;
  suggestions: QuantitySuggestions;
}

/** A quantity the advice (and an order line) can take: a whole number from 0 to the stock limit. */
export const isLineQuantity = (quantity: number): boolean =>
  Number.isSafeInteger(quantity) && quantity >= 0 && quantity <= MAX_TERM_QUANTITY;

const roundUpToPack = (quantity: number, packSize: number): number => Math.ceil(quantity / packSize) * packSize;
const roundDownToPack = (quantity: number, packSize: number): number => Math.floor(quantity / packSize) * packSize;

/** Whole packs within the stock, or null when that is less than the minimum. */
export const maxAvailableFor = (terms: Pick<StockedTerms, 'stock' | 'packSize' | 'minOrderQuantity'>): number | null => {
  const most = roundDownToPack(Math.max(terms.stock, 0), terms.packSize);
  return most >= terms.minOrderQuantity ? most : null;
};

/**
 * Whether a product can be ordered at all: 'sold-out' with nothing on the shelf, 'below-minimum'
 * when what is left is less than one minimum order in whole packs (no order could succeed).
 */
export type Availability = 'orderable' | 'below-minimum' | 'sold-out';
export const availabilityOf = (terms: Pick<StockedTerms, 'stock' | 'packSize' | 'minOrderQuantity'>): Availability =>
  terms.stock <= 0 ? 'sold-out' : maxAvailableFor(terms) === null ? 'below-minimum' : 'orderable';

export const quantityProblems = (terms: StockedTerms, quantity: number): QuantityProblem[] => {
  const problems: QuantityProblem[] = [];
  if (quantity < terms.minOrderQuantity) problems.push('BELOW_MINIMUM');
  if (quantity % terms.packSize !== 0) problems.push('NOT_A_PACK_MULTIPLE');
  if (quantity > terms.stock) problems.push('ABOVE_STOCK');
  return problems;
};

/** Callers check the quantity with `isLineQuantity` first (the API answers 400 otherwise). */
export const adviseQuantity = (terms: StockedTerms, quantity: number): QuantityAdvice => {
  if (!isLineQuantity(quantity)) throw new RangeError(`not a line quantity: ${quantity}`);
  const problems = quantityProblems(terms, quantity);
  const lineTotalCents = lineTotalFor(terms, quantity);
  const tier = nextTierAbove(terms, quantity);
  return {
    quantity,
    valid: problems.length === 0,
    problems,
    unitPriceCents: unitPriceFor(terms, quantity),
    lineTotalCents,
    nextBreak: tier && {
      minQuantity: tier.minQuantity,
      unitPriceCents: tier.unitPriceCents,
      extraUnits: tier.minQuantity - quantity,
      savingCents: lineTotalCents - lineTotalFor(terms, tier.minQuantity),
    },
    suggestions: {
      roundedToPack: roundUpToPack(quantity, terms.packSize),
      minimum: terms.minOrderQuantity,
      maxAvailable: maxAvailableFor(terms),
    },
  };
};

/**
 * The quantity to offer a buyer in one click, with why, or null when nothing helps (the stock is
 * below the minimum) or nothing is needed. Fixes come first in the order the sentence names them
 * (minimum, stock, packs); a valid quantity gets the next price break when it saves money and is
 * in stock. Every suggested quantity is itself valid.
 */
export type SuggestionReason = 'minimum' | 'stock' | 'pack' | 'next-break';
export interface QuantitySuggestion {
  quantity: number;
  reason: SuggestionReason;
}

export const suggestQuantity = (advice: QuantityAdvice, terms: StockedTerms): QuantitySuggestion | null => {
  const { problems, suggestions, nextBreak } = advice;
  const max = suggestions.maxAvailable;
  if (problems.includes('BELOW_MINIMUM')) return max === null ? null : { quantity: suggestions.minimum, reason: 'minimum' };
  if (problems.includes('ABOVE_STOCK')) return max === null ? null : { quantity: max, reason: 'stock' };
  if (problems.includes('NOT_A_PACK_MULTIPLE')) {
    const up = suggestions.roundedToPack;
    return { quantity: up <= terms.stock ? up : up - terms.packSize, reason: 'pack' };
  }
  return worthGoingUp(advice, terms) && nextBreak ? { quantity: nextBreak.minQuantity, reason: 'next-break' } : null;
};

/** The next break is worth mentioning when it saves money on the whole line and is in stock. */
export const worthGoingUp = (advice: QuantityAdvice, terms: Pick<StockedTerms, 'stock'>): boolean =>
  advice.nextBreak !== null && advice.nextBreak.savingCents > 0 && advice.nextBreak.minQuantity <= terms.stock;
