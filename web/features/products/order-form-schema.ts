import { z } from 'zod';
import type { StockedTerms } from '#domain/catalog/product-terms.ts';
import { fieldProblemText, messages } from '../../lib/messages.ts';
import { quantityProblem } from '#domain/ordering/order-lines-request.ts';
import { addressField, phoneField } from '#http/schemas.ts';

/**
 * The purchase form as typed (strings): the quantity box must hold digits, then the product's own
 * quantity rule (its minimum, packs and stock: the one `placeOrder` applies) decides; phone and
 * address are the request's own fields.
 */
export const orderFormSchema = (product: StockedTerms) =>
  z.object({
    phone: phoneField,
    address: addressField,
    quantity: z
      .string()
      .trim()
      .min(1, messages.quantityRequired)
      .regex(/^\d+$/, messages.quantityNotWhole)
      .superRefine((value, context) => {
        const problem = quantityProblem(product, Number(value));
        if (problem !== null) context.addIssue({ code: 'custom', message: fieldProblemText(problem) });
      }),
  });
