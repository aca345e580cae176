import { MAX_PRICE_CENTS } from '../catalog/product-limits.ts';
import { messages } from '../messages.ts';
import { checkOrderLinesShape, orderLinesFailureMessage, type OrderLineRequest } from '../ordering/order-lines-request.ts';
import { MIN_ORDER_QUANTITY } from '../catalog/product-terms.ts';
import { isLineQuantity } from '../catalog/quantity-advice.ts';
import { requiredTextProblem } from '../shared/text-rules.ts';
import { MAX_QUOTE_DAYS, MAX_QUOTE_MESSAGE_LENGTH, MIN_QUOTE_DAYS } from './quote.ts';

/**
 * The rules of a request for quote and of its answer (docs/orders.md, "Requests for quote"), written
 * once: the use cases check them, the HTTP schemas and the forms call the same checks. Failures
 * are per field (`lines.2.quantity`), as an order's are.
 */

export type QuoteLineRequest = OrderLineRequest;

/**
 * A request's lines: 1–100, each product once, each quantity a whole number of at least 1 (any
 * amount: above the stock or below the product's minimum is what a quote is for).
 */
export const quoteLinesProblems = (lines: readonly QuoteLineRequest[]): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const failure of checkOrderLinesShape(lines)) fields[failure.field] ??= orderLinesFailureMessage(failure);
  lines.forEach((line, index) => {
    if (isLineQuantity(line.quantity) && line.quantity < 1) fields[`lines.${index}.quantity`] ??= messages.quoteLineQuantity;
  });
  return fields;
};

export const quoteMessageProblem = (message: string): string | null =>
  requiredTextProblem(message, messages.quoteMessageRequired, MAX_QUOTE_MESSAGE_LENGTH);

/** The shop's optional text with its offer. */
export const quoteAnswerTextProblem = (answer: string): string | null =>
  answer.trim().length > MAX_QUOTE_MESSAGE_LENGTH ? messages.tooLong(MAX_QUOTE_MESSAGE_LENGTH) : null;

export interface QuoteAnswerLine {
  productId: string;
  quantity: number;
  unitPriceCents: number;
}

/**
 * An answer's lines, before they are matched to the request: 1–100, each product once, each
 * quantity at least the order floor (an accepted quote becomes an order) and a whole number,
 * each price whole cents from 0 up to the catalogue's highest price.
 */
export const quoteAnswerLinesProblems = (lines: readonly QuoteAnswerLine[]): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const failure of checkOrderLinesShape(lines)) fields[failure.field] ??= orderLinesFailureMessage(failure);
  lines.forEach((line, index) => {
    if (isLineQuantity(line.quantity) && line.quantity < MIN_ORDER_QUANTITY) fields[`lines.${index}.quantity`] ??= messages.quoteAnswerQuantity(MIN_ORDER_QUANTITY);
    if (!(Number.isSafeInteger(line.unitPriceCents) && line.unitPriceCents >= 0 && line.unitPriceCents <= MAX_PRICE_CENTS)) {
      fields[`lines.${index}.unitPriceCents`] = messages.quotePriceInvalid;
    }
  });
  return fields;
};

export const quoteExpiryProblem = (days: number): string | null =>
  Number.isSafeInteger(days) && days >= MIN_QUOTE_DAYS && days <= MAX_QUOTE_DAYS ? null : messages.quoteExpiryDays(MIN_QUOTE_DAYS, MAX_QUOTE_DAYS);
