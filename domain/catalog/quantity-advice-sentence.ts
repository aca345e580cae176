import { messages } from '../messages.ts';
import { formatCents } from '../shared/money.ts';
import type { StockedTerms } from './product-terms.ts';
import { worthGoingUp, type QuantityAdvice } from './quantity-advice.ts';

/**
 * The one sentence shown under a quantity field (docs/catalogue.md, "Quantity advice"), or null when
 * there is nothing to say. A problem comes before a saving, in the order a buyer fixes them:
 * the minimum, then the stock, then whole packs. A next break that costs more on the whole line,
 * or that the stock cannot fill, is not mentioned.
 */
export const adviceSentence = (advice: QuantityAdvice, terms: StockedTerms): string | null => {
  const { problems, suggestions, nextBreak } = advice;
  const max = suggestions.maxAvailable;
  if (problems.includes('BELOW_MINIMUM')) {
    return max === null ? messages.adviceStockBelowMinimum(terms.stock, suggestions.minimum) : messages.adviceBelowMinimum(suggestions.minimum);
  }
  if (problems.includes('ABOVE_STOCK')) {
    return max === null ? messages.adviceStockBelowMinimum(terms.stock, suggestions.minimum) : messages.adviceStock(terms.stock, max, terms.packSize);
  }
  if (problems.includes('NOT_A_PACK_MULTIPLE')) {
    const upper = suggestions.roundedToPack;
    const lower = upper - terms.packSize;
    // The quantity is at least the minimum and within the stock here, so `lower` can be ordered.
    return upper <= terms.stock ? messages.advicePackChoice(terms.packSize, lower, upper) : messages.advicePackOne(terms.packSize, lower);
  }
  if (nextBreak && worthGoingUp(advice, terms)) {
    return messages.adviceNextBreak(nextBreak.extraUnits, formatCents(nextBreak.unitPriceCents), formatCents(nextBreak.savingCents));
  }
  return null;
};
