import { messages } from '../messages.ts';
import { phoneProblem } from '../shared/phone.ts';
import { requiredTextProblem } from '../shared/text-rules.ts';
import { MIN_ORDER_QUANTITY } from './order.ts';

/**
 * The ordering rules, written once: `placeOrder` checks them (order-lines-request.ts), the HTTP
 * request schema (http/schemas.ts) and the purchase form call the same checks, so every layer
 * shows the same message for the same mistake.
 */

export const MAX_ADDRESS_LENGTH = 500;

/**
 * A whole number of units (a safe integer: larger ones are not counted exactly), at least the
 * minimum order and at most the stock. The HTTP schema, which does not know the stock, passes
 * Number.MAX_SAFE_INTEGER; `placeOrder` checks again with the real stock.
 */
export const quantityProblem = (quantity: number, stock: number): string | null => {
  if (!Number.isSafeInteger(quantity)) return messages.quantityNotWhole;
  if (quantity < MIN_ORDER_QUANTITY) return messages.belowMinimum;
  if (quantity > stock) return messages.aboveStock;
  return null;
};

export const addressProblem = (address: string): string | null =>
  requiredTextProblem(address, messages.addressRequired, MAX_ADDRESS_LENGTH);

export { phoneProblem };
