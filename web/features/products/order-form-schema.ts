import { z } from 'zod';
import { messages } from '#domain/messages.ts';
import { quantityProblem } from '#domain/ordering/order-rules.ts';
import { addressField, phoneField } from '#http/schemas.ts';

/**
 * The purchase form as typed (strings): the quantity box must hold digits, then the domain's
 * quantity rule (minimum, stock) decides; phone and address are the request's own fields.
 */
export const orderFormSchema = (stock: number) =>
  z.object({
    phone: phoneField,
    address: addressField,
    quantity: z
      .string()
      .trim()
      .min(1, messages.quantityRequired)
      .regex(/^\d+$/, messages.quantityNotWhole)
      .superRefine((value, context) => {
        const problem = quantityProblem(Number(value), stock);
        if (problem !== null) context.addIssue({ code: 'custom', message: problem });
      }),
  });
