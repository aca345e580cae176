import type { Cents } from '../shared/money.ts';
import type { StockedTerms } from './product-terms.ts';
import { worthGoingUp, type QuantityAdvice } from './quantity-advice.ts';

/**
 * The one thing to tell a buyer under a quantity field (docs/catalogue.md, "Quantity advice"), as data:
 * the edge that shows it writes the sentence (http/messages.ts `adviceText`), so the domain says
 * which advice and with which numbers, never the English.
 */
export type AdviceNote =
  /** Below the product's minimum, and the stock can fill it. */
  | { code: 'BELOW_MINIMUM'; minimum: number }
  /** Less in stock than the minimum order: nothing can be ordered now. */
  | { code: 'STOCK_BELOW_MINIMUM'; stock: number; minimum: number }
  /** More than the stock: `maxAvailable` can be ordered now (a multiple of `packSize`). */
  | { code: 'ONLY_IN_STOCK'; stock: number; maxAvailable: number; packSize: number }
  /** Not whole packs: the pack multiples on either side, both orderable. */
  | { code: 'PACK_CHOICE'; packSize: number; lower: number; upper: number }
  /** Not whole packs, and only the multiple below is in stock. */
  | { code: 'PACK_ONE'; packSize: number; quantity: number }
  /** A price break worth going up to. */
  | { code: 'NEXT_BREAK'; extraUnits: number; unitPriceCents: Cents; savingCents: Cents };

/**
 * The note for `advice`, or null when there is nothing to say. A problem comes before a saving,
 * in the order a buyer fixes them: the minimum, then the stock, then whole packs. A next break
 * that costs more on the whole line, or that the stock cannot fill, is not mentioned.
 */
export const adviceNote = (advice: QuantityAdvice, terms: StockedTerms): AdviceNote | null => {
  const { problems, suggestions, nextBreak } = advice;
  const max = suggestions.maxAvailable;
  if (problems.includes('BELOW_MINIMUM')) {
    return max === null ? stockBelowMinimum(terms.stock, suggestions.minimum) : { code: 'BELOW_MINIMUM', minimum: suggestions.minimum };
  }
  if (problems.includes('ABOVE_STOCK')) {
    return max === null ? stockBelowMinimum(terms.stock, suggestions.minimum) : onlyInStock(terms.stock, max, terms.packSize);
  }
  if (problems.includes('NOT_A_PACK_MULTIPLE')) {
    const upper = suggestions.roundedToPack;
    const lower = upper - terms.packSize;
    // The quantity is at least the minimum and within the stock here, so `lower` can be ordered.
    return upper <= terms.stock ? { code: 'PACK_CHOICE', packSize: terms.packSize, lower, upper } : { code: 'PACK_ONE', packSize: terms.packSize, quantity: lower };
  }
  if (nextBreak && worthGoingUp(advice, terms)) {
    return { code: 'NEXT_BREAK', extraUnits: nextBreak.extraUnits, unitPriceCents: nextBreak.unitPriceCents, savingCents: nextBreak.savingCents };
  }
  return null;
};

export const stockBelowMinimum = (stock: number, minimum: number): AdviceNote => ({ code: 'STOCK_BELOW_MINIMUM', stock, minimum });
export const onlyInStock = (stock: number, maxAvailable: number, packSize: number): AdviceNote => ({ code: 'ONLY_IN_STOCK', stock, maxAvailable, packSize });
