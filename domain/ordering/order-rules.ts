import { problem, type FieldProblem } from '../shared/field-problem.ts';
import { phoneProblem } from '../shared/phone.ts';
import { requiredTextProblem } from '../shared/text-rules.ts';

/**
 * The ordering rules, written once: `placeOrder` checks them (order-lines-request.ts), the HTTP
 * request schema (http/schemas.ts) and the purchase form call the same checks, so every layer
 * reports the same problem for the same mistake. The quantity rule is the product's own (its
 * minimum, packs and stock): `quantityProblem` in order-lines-request.ts.
 */

export const MAX_ADDRESS_LENGTH = 500;

export const addressProblem = (address: string): FieldProblem | null =>
  requiredTextProblem(address, problem('addressRequired'), MAX_ADDRESS_LENGTH);

export { phoneProblem };
