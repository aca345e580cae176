/**
 * Request schemas (zod), shared by the server's validators and the web app's forms so both show
 * the same catalogue message for the same mistake. Unknown keys are stripped, never stored: a
 * client-sent price or status is simply ignored.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from '#domain/identity/credentials-rules.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#domain/identity/user.ts';
import { messages } from '#domain/messages.ts';
import { MIN_ORDER_QUANTITY } from '#domain/ordering/order.ts';
import { MAX_ADDRESS_LENGTH } from '#domain/ordering/order-rules.ts';
import { normalizePhone } from '#domain/shared/phone.ts';
import { MAX_CONTACT_MESSAGE_LENGTH } from '#domain/content/inbox.ts';
import { MAX_PAGE_SIZE } from '#domain/shared/page.ts';

const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, messages.tooLong(max));

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(MAX_EMAIL_LENGTH, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);

export const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

export const nameField = requiredText(messages.nameRequired, MAX_NAME_LENGTH);

export const phoneField = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .max(40, messages.phoneNotDigits)
  .refine((value) => normalizePhone(value) !== null, messages.phoneNotDigits);

export const addressField = requiredText(messages.addressRequired, MAX_ADDRESS_LENGTH);

// ---- identity
export const signInSchema = z.object({ email: emailField, password: passwordField });
export const signUpSchema = z.object({ name: nameField, email: emailField, password: passwordField });

/** The sign-up form also asks for the password twice. */
export const signUpFormSchema = signUpSchema
  .extend({ confirmPassword: z.string().min(1, messages.confirmPasswordRequired) })
  .refine((form) => form.password === form.confirmPassword, {
    message: messages.passwordsDiffer,
    path: ['confirmPassword'],
  });

// ---- content
export const newsletterSchema = z.object({ email: emailField });
export const contactSchema = z.object({
  name: nameField,
  email: emailField,
  message: requiredText(messages.messageRequired, MAX_CONTACT_MESSAGE_LENGTH),
});

// ---- lists and ids
export const idParamSchema = z.object({ id: z.string().min(1).max(100) });
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().max(200).optional(),
});

// ---- ordering
export const placeOrderSchema = z.object({
  productId: z.string({ error: messages.productNotFound }).min(1, messages.productNotFound).max(100),
  quantity: z
    .number({ error: messages.quantityNotWhole })
    .int(messages.quantityNotWhole)
    .min(MIN_ORDER_QUANTITY, messages.belowMinimum)
    .max(Number.MAX_SAFE_INTEGER, messages.aboveStock),
  phone: phoneField,
  address: addressField,
});

/**
 * The purchase form as typed (strings), checked in the seed's order: present, numeric, at least
 * the minimum, at most the stock.
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
      .refine((value) => Number(value) >= MIN_ORDER_QUANTITY, messages.belowMinimum)
      .refine((value) => Number(value) <= stock, messages.aboveStock),
  });

export const idempotencyKeySchema = z.string().min(1).max(200).regex(/^[\w.:-]+$/);

// ---- payments
export const confirmPaymentSchema = z.object({ paymentIntentId: z.string().min(1).max(200) });

const cardNumber = z
  .string({ error: messages.cardNumberInvalid })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => /^\d{12,19}$/.test(value), messages.cardNumberInvalid);

export const testCardSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  card: z.object({
    number: cardNumber,
    expMonth: z.number({ error: messages.cardExpired }).int().min(1, messages.cardExpired).max(12, messages.cardExpired),
    expYear: z.number({ error: messages.cardExpired }).int().min(2000, messages.cardExpired).max(2100, messages.cardExpired),
    cvc: z.string({ error: messages.cardCvcInvalid }).regex(/^\d{3,4}$/, messages.cardCvcInvalid),
  }),
  billing: z.object({ name: nameField, email: emailField }),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type PlaceOrderBody = z.infer<typeof placeOrderSchema>;
export type TestCardInput = z.infer<typeof testCardSchema>;
