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
import { MAX_PRICE_CENTS, MAX_PRODUCT_DESCRIPTION, MAX_PRODUCT_NAME, MAX_STOCK } from '#domain/catalog/manage-catalog.ts';
import { MAX_COMMENT, MAX_COUNTRY } from '#domain/content/manage-reviews.ts';
import { RATING_MAX, RATING_MIN } from '#domain/content/review.ts';

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
/**
 * Sign-in checks only that both are there: a password that breaks today's sign-up rules is simply
 * wrong (401 INVALID_CREDENTIALS), and saying why would hint at what the real one looks like.
 * The login form still checks the sign-up rules first, as the seed does.
 */
export const signInSchema = z.object({
  email: z.string({ error: messages.emailRequired }).trim().min(1, messages.emailRequired).max(MAX_EMAIL_LENGTH, messages.emailInvalid),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(PASSWORD_MAX_LENGTH, messages.passwordTooLong),
});
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
/**
 * `limit` and `cursor` of every `{items, nextCursor}` list. A cursor is base64url of the last
 * row's time and key, and a subscriber's key is their e-mail (up to 254 characters): 400 leaves room.
 */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().max(400).optional(),
});

// ---- ordering
export const placeOrderSchema = z.object({
  productId: z.string({ error: messages.productNotFound }).min(1, messages.productNotFound).max(100),
  quantity: z
    .number({ error: (issue) => (issue.input == null ? messages.quantityRequired : messages.quantityNotWhole) })
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

/** A month or year as a number or as the digits typed ('04', '2030'). */
const cardDatePart = z.union([z.number().int(), z.string().trim().regex(/^\d{1,4}$/).transform(Number)], { error: messages.cardExpired });

export const testCardSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  card: z.object({
    number: cardNumber,
    expMonth: cardDatePart.pipe(z.number().min(1, messages.cardExpired).max(12, messages.cardExpired)),
    // '30' is 2030, as printed on the card.
    expYear: cardDatePart
      .transform((year) => (year < 100 ? 2000 + year : year))
      .pipe(z.number().min(2000, messages.cardExpired).max(2100, messages.cardExpired)),
    cvc: z
      .union([z.string(), z.number().int().nonnegative().transform(String)], { error: messages.cardCvcInvalid })
      .pipe(z.string().regex(/^\d{3,4}$/, messages.cardCvcInvalid)),
  }),
  billing: z.object({ name: nameField, email: emailField }),
});

// ---- e-mailed links
/** Link tokens are JWTs; anything else is refused before any crypto runs. */
const linkToken = z.string({ error: messages.linkInvalid }).trim().min(1, messages.linkInvalid).max(2000, messages.linkInvalid);
export const verifyEmailSchema = z.object({ token: linkToken });
export const passwordResetRequestSchema = z.object({ email: emailField });
export const passwordResetConfirmSchema = z.object({ token: linkToken, password: passwordField });

/** The reset page also asks for the new password twice. */
export const passwordResetFormSchema = z
  .object({ password: passwordField, confirmPassword: z.string().min(1, messages.confirmPasswordRequired) })
  .refine((form) => form.password === form.confirmPassword, { message: messages.passwordsDiffer, path: ['confirmPassword'] });

// ---- images and links in forms
const MAX_URL_LENGTH = 500;
/** An uploaded image: our own path (/uploads/…, /demo/…) or an http(s) URL from the image host. */
export const imageUrlField = z
  .string({ error: messages.imageMissing })
  .trim()
  .min(1, messages.imageMissing)
  .max(MAX_URL_LENGTH, messages.tooLong(MAX_URL_LENGTH))
  .refine((value) => /^\/[^/\\]/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), messages.imageMissing);

const webUrlField = z
  .string({ error: messages.urlInvalid })
  .trim()
  .min(1, messages.urlInvalid)
  .max(300, messages.tooLong(300))
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), messages.urlInvalid);

// ---- profile (name and e-mail come from the account)
export const profileSchema = z.object({
  imageUrl: imageUrlField,
  phone: phoneField,
  education: requiredText(messages.educationRequired, 300),
  linkedin: webUrlField,
  facebook: webUrlField,
  address: requiredText(messages.addressRequired, 300),
});

// ---- catalog administration
export const priceCentsField = z
  .number({ error: (issue) => (issue.input === undefined ? messages.priceRequired : messages.priceNotNumber) })
  .int(messages.priceNotNumber)
  .min(1, messages.priceNotNumber)
  .max(MAX_PRICE_CENTS, messages.priceNotNumber);
export const stockField = z
  .number({ error: messages.quantityNotWhole })
  .int(messages.quantityNotWhole)
  .min(0, messages.quantityNotWhole)
  .max(MAX_STOCK, messages.quantityNotWhole);

export const productSchema = z.object({
  name: requiredText(messages.productNameRequired, MAX_PRODUCT_NAME),
  description: requiredText(messages.descriptionRequired, MAX_PRODUCT_DESCRIPTION),
  imageUrl: imageUrlField,
  priceCents: priceCentsField,
  stock: stockField,
});

/** Edit Product: any subset of the fields, but at least one. */
export const productPatchSchema = z
  .object({
    name: requiredText(messages.productNameRequired, MAX_PRODUCT_NAME),
    description: requiredText(messages.descriptionRequired, MAX_PRODUCT_DESCRIPTION),
    imageUrl: imageUrlField,
    priceCents: priceCentsField,
    stock: stockField,
  })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), messages.nothingToUpdate);

/**
 * '12.50' (or '$12.50', '12.5', '12') to 1250 cents, exactly (no floating point); null for
 * anything else, including more than two decimals, negatives and exponents.
 */
export const dollarsToCents = (text: string): number | null => {
  const match = /^\s*\$?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
};

/** The Add/Edit Product price box as typed: dollars and cents, more than zero. */
export const dollarsField = z
  .string()
  .trim()
  .min(1, messages.priceRequired)
  .refine((value) => dollarsToCents(value) !== null, messages.priceNotNumber)
  .transform((value) => dollarsToCents(value) ?? 0)
  .refine((cents) => cents > 0 && cents <= MAX_PRICE_CENTS, messages.priceNotNumber);

/** The quantity box as typed: a whole number of units, zero or more. */
export const stockTextField = z
  .string()
  .trim()
  .min(1, messages.quantityRequired)
  .regex(/^\d{1,8}$/, messages.quantityNotWhole)
  .transform(Number)
  .refine((stock) => stock <= MAX_STOCK, messages.quantityNotWhole);

// ---- reviews (name and date come from the account and the clock)
export const reviewSchema = z.object({
  country: requiredText(messages.countryRequired, MAX_COUNTRY),
  rating: z.number({ error: messages.ratingRange }).int(messages.ratingRange).min(RATING_MIN, messages.ratingRange).max(RATING_MAX, messages.ratingRange),
  comment: requiredText(messages.commentRequired, MAX_COMMENT),
  imageUrl: imageUrlField,
});

// ---- Google sign-in
/** Only a same-site path may be the place to return to: never `//evil.example` or a full URL. */
export const safeReturnTo = (value: string | undefined): string =>
  value !== undefined && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 500 ? value : '/';

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type PlaceOrderBody = z.infer<typeof placeOrderSchema>;
export type TestCardInput = z.infer<typeof testCardSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
export type ProductInput = z.infer<typeof productSchema>;
export type ProductPatch = z.infer<typeof productPatchSchema>;
export type ReviewBody = z.infer<typeof reviewSchema>;
