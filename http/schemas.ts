/**
 * Request schemas (zod): the shapes of the API's request bodies. The rules inside the fields are
 * the domain's own checks (domain/identity/credentials-rules.ts, domain/ordering/order-rules.ts,
 * domain/shared/phone.ts), so a request and a web form that uses these fields get the same
 * catalogue message for the same mistake. Unknown keys are stripped, never stored: a client-sent
 * price or status is simply ignored. Forms' own extras (a typed price, a repeated password) live
 * with their web feature.
 */
import { z } from 'zod';
import {
  emailProblem,
  MAX_EMAIL_LENGTH,
  nameProblem,
  PASSWORD_MAX_LENGTH,
  passwordProblem,
} from '#domain/identity/credentials-rules.ts';
import { MAX_CARRIER_LENGTH, MAX_TRACKING_NUMBER_LENGTH } from '#domain/ordering/shipping-details.ts';
import { AUDIT_KINDS } from '#domain/audit/audit-log.ts';
import { fieldProblemText, messages, orderLinesFailureMessage } from '#http/messages.ts';
import { notFound } from '#domain/shared/errors.ts';
import type { PlaceOrderError } from '#domain/ordering/place-order.ts';
import { addressProblem } from '#domain/ordering/order-rules.ts';
import { isLineQuantity } from '#domain/catalog/quantity-advice.ts';
import { checkOrderLinesShape, MAX_ORDER_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH } from '#domain/ordering/order-lines-request.ts';
import type { FieldProblems } from '#domain/shared/errors.ts';
import type { FieldProblem } from '#domain/shared/field-problem.ts';
import { readExpiry } from '#domain/ordering/card-entry.ts';
import { phoneProblem } from '#domain/shared/phone.ts';
import { MAX_CONTACT_MESSAGE_LENGTH } from '#domain/content/inbox.ts';
import { MAX_PAGE_SIZE } from '#domain/shared/page.ts';
import { attributeFilters, MAX_ATTRIBUTE_FILTERS } from '#domain/catalog/attribute-facets.ts';
import { MAX_ATTRIBUTE_NAME_LENGTH, MAX_ATTRIBUTE_VALUE_LENGTH } from '#domain/catalog/product-terms-rules.ts';
import { MAX_PRICE_CENTS, MAX_PRODUCT_DESCRIPTION, MAX_PRODUCT_NAME, MAX_STOCK } from '#domain/catalog/manage-catalog.ts';
import { MAX_COMMENT, MAX_COUNTRY } from '#domain/content/manage-reviews.ts';
import { RATING_MAX, RATING_MIN } from '#domain/content/review.ts';
import { MAX_ATTRIBUTES, MAX_BRAND_LENGTH, MAX_PRICE_TIERS, MAX_UNIT_LENGTH } from '#domain/catalog/product-terms-rules.ts';
import { SKU_MAX_LENGTH } from '#domain/catalog/sku.ts';
import { MAX_CATEGORY_NAME } from '#domain/catalog/category.ts';
import { PRODUCT_SORTS } from '#domain/catalog/product-search.ts';
import { MAX_QUERY_LENGTH } from '#domain/catalog/search-terms.ts';
import { QUOTE_STATUSES } from '#domain/quoting/quote.ts';
import { COMPANY_ROLES, type CompanyRole } from '#domain/companies/company.ts';
import { amountProblem, companyNameProblem, MAX_TAX_ID_LENGTH, siteProblems } from '#domain/companies/company-rules.ts';
import { REFUND_REASON_MAX } from '#domain/after-sale/refund-order.ts';
import { quoteAnswerLinesProblems, quoteAnswerTextProblem, quoteExpiryProblem, quoteLinesProblems, quoteMessageProblem } from '#domain/quoting/quote-rules.ts';

const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, messages.tooLong(max));

/** Adds a domain check's problem, if any, as the field's issue, in the catalogue's words. */
const reportProblem =
  <T>(problem: (value: T) => FieldProblem | string | null) =>
  (value: T, context: z.RefinementCtx) => {
    const found = problem(value);
    if (found !== null) context.addIssue({ code: 'custom', message: typeof found === 'string' ? found : fieldProblemText(found) });
  };

/** A text field (trimmed) checked by one domain rule; a missing or non-text value is `required`. */
const checkedText = (required: string, problem: (value: string) => FieldProblem | null) =>
  z.string({ error: required }).trim().superRefine(reportProblem(problem));

export const emailField = checkedText(messages.emailRequired, emailProblem);
export const passwordField = z.string({ error: messages.passwordRequired }).superRefine(reportProblem(passwordProblem));
export const nameField = checkedText(messages.nameRequired, nameProblem);
export const phoneField = checkedText(messages.phoneRequired, phoneProblem);
export const addressField = checkedText(messages.addressRequired, addressProblem);

/**
 * A quantity in a request: a whole number here. Its minimum, packs and stock are the product's
 * own, so `placeOrder`, which reads the product, checks them (docs/decisions/011).
 */
export const quantityField = z
  .number({ error: (issue) => (issue.input == null ? messages.quantityRequired : messages.quantityNotWhole) })
  .superRefine(reportProblem((quantity: number) => (isLineQuantity(quantity) ? null : messages.quantityNotWhole)));

// ---- identity
/**
 * Sign-in checks only that both are there: a password that breaks today's sign-up rules is simply
 * wrong (401 INVALID_CREDENTIALS), and saying why would hint at what the real one looks like.
 * The login form still checks the sign-up rules first (web/README.md, "Layout").
 */
export const signInSchema = z.object({
  email: z.string({ error: messages.emailRequired }).trim().min(1, messages.emailRequired).max(MAX_EMAIL_LENGTH, messages.emailInvalid),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(PASSWORD_MAX_LENGTH, messages.passwordTooLong),
});
export const signUpSchema = z.object({ name: nameField, email: emailField, password: passwordField });

// ---- content
export const newsletterSchema = z.object({ email: emailField });
export const contactSchema = z.object({
  name: nameField,
  email: emailField,
  message: requiredText(messages.messageRequired, MAX_CONTACT_MESSAGE_LENGTH),
});

// ---- lists and ids
export const idParamSchema = z.object({ id: z.string().min(1).max(100) });

/** `?dryRun=true` reports what the catalogue import would do without writing. */
export const catalogueImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: messages.dryRunInvalid })
    .optional()
    .transform((value) => value === 'true'),
});

/** PATCH /api/admin/messages/:id: read once answered, unread to come back to it. */
export const contactMessageMarkSchema = z.strictObject({ read: z.boolean({ error: messages.invalidInput }) });
/** Shipping details are optional; their rules are the domain's (shipping-details.ts). */
export const shipOrderSchema = z.strictObject({
  carrier: z.string({ error: messages.tooLong(MAX_CARRIER_LENGTH) }).max(200, messages.tooLong(MAX_CARRIER_LENGTH)).nullable().optional(),
  trackingNumber: z.string({ error: messages.trackingNumberCharacters }).max(200, messages.tooLong(MAX_TRACKING_NUMBER_LENGTH)).nullable().optional(),
});
/**
 * `limit` and `cursor` of every `{items, nextCursor}` list. A cursor is base64url of the last
 * row's sort values and key (a subscriber's e-mail, up to 254 characters; a product name, up to
 * 120 characters of UTF-8, in the catalogue's name and relevance sorts): 1,000 leaves room.
 */
const MAX_CURSOR_LENGTH = 1_000;
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
});
/**
 * The admins' order list: a page as above, narrowed to one status and/or one search key (an order
 * id or a customer's e-mail, matched exactly; docs/api.md, "API").
 */
/** The overview's period (the domain answers which periods exist). */
export const salesReportQuerySchema = z.strictObject({ days: z.string().max(10).optional() });
/** Days as `2026-11-24`; the period's rules are the domain's (orders-csv.ts). */
export const ordersExportQuerySchema = z.strictObject({
  from: z.string().max(20, messages.dayFormat).optional(),
  to: z.string().max(20, messages.dayFormat).optional(),
});

/** A search of orders: an id, any tail of the number, an e-mail or the start of a PO number (docs/orders.md, "Finding an order"). */
const orderSearchText = z.string().max(254).optional();

const orderStatusQuery = z.enum(['awaiting-approval', 'unpaid', 'pending', 'shipped', 'cancelled', 'rejected'], { error: messages.orderStatusUnknown }).optional();

export const adminOrdersQuerySchema = listQuerySchema.extend({
  status: orderStatusQuery,
  q: orderSearchText,
  /** One company's orders (docs/companies.md, "Approvals"). */
  companyId: z.string().max(64).optional(),
});

/** A company's orders (docs/companies.md, "Approvals"): by status, by member (a manager's filter). */
export const companyOrdersQuerySchema = listQuerySchema.extend({
  status: orderStatusQuery,
  member: z.string().max(64).optional(),
});

/** A manager's reason for rejecting a member's order, told to the buyer. */
export const rejectOrderSchema = z.object({
  reason: requiredText(messages.rejectionReasonRequired, 500),
});

/** A buyer's own orders, a page at a time, optionally narrowed by the same search as the admins'. */
export const myOrdersQuerySchema = listQuerySchema.extend({ q: orderSearchText });

// ---- ordering (docs/orders.md, "Orders, cart, quick order")
const productIdField = z.string({ error: messages.productNotFound }).min(1, messages.productNotFound).max(100, messages.productNotFound);
const optionalNote = (max: number) => z.string({ error: messages.tooLong(max) }).trim().max(max, messages.tooLong(max)).nullable().optional();
const orderDetailsFields = {
  phone: phoneField,
  address: addressField,
  poNumber: optionalNote(MAX_PO_NUMBER_LENGTH),
  note: optionalNote(MAX_ORDER_NOTE_LENGTH),
};
/** Each line's shape; the number of lines, repeats and whole quantities are the domain's checks. */
const orderLinesField = z
  .array(
    z.object({
      productId: productIdField,
      quantity: z.number({ error: (issue) => (issue.input == null ? messages.quantityRequired : messages.quantityNotWhole) }),
    }),
    { error: messages.linesRequired },
  )
  .superRefine((lines, context) => {
    for (const failure of checkOrderLinesShape(lines)) {
      const path = failure.field.split('.').slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      context.addIssue({ code: 'custom', path, message: orderLinesFailureMessage(failure.failure) });
    }
  });
const orderWithLinesSchema = z.object({ lines: orderLinesField, ...orderDetailsFields });
/** The first contract's body: one product, read as a one-line order. */
const oneProductOrderSchema = z.object({ productId: productIdField, quantity: quantityField, ...orderDetailsFields });

/**
 * `POST /api/orders`: `{lines: [{productId, quantity}], phone, address, poNumber?, note?}`, or the
 * first contract's `{productId, quantity, phone, address}` as a one-line order (`oneProduct`
 * says which, so its errors keep naming `productId` and `quantity`). A body with both shapes is
 * refused, naming the one-product keys: ordering only the lines would silently drop a product the
 * client meant to buy. The inner parse gets the catalogue's generic text for checks without their
 * own (a line that is not an object), as `validate` gives every other schema.
 */
const ONE_PRODUCT_KEYS = ['productId', 'quantity'] as const;
export const placeOrderSchema = z.looseObject({ lines: z.unknown().optional() }).transform((body, context) => {
  const oneProduct = body.lines === undefined;
  const mixed = oneProduct ? [] : ONE_PRODUCT_KEYS.filter((key) => body[key] !== undefined);
  for (const key of mixed) context.addIssue({ code: 'custom', path: [key], message: messages.linesOrOneProduct });
  const parsed = (oneProduct ? oneProductOrderSchema : orderWithLinesSchema).safeParse(body, { error: () => messages.invalidInput });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) context.addIssue({ ...issue, code: 'custom', message: issue.message });
    return z.NEVER;
  }
  if (mixed.length > 0) return z.NEVER;
  const { phone, address, poNumber, note } = parsed.data;
  const lines = 'lines' in parsed.data ? parsed.data.lines : [{ productId: parsed.data.productId, quantity: parsed.data.quantity }];
  return { lines, phone, address, poNumber: poNumber ?? null, note: note ?? null, oneProduct };
});

/**
 * The other half of reading the first contract, kept beside the body's: a one-product order's
 * refusals name `productId` and `quantity`, not `lines.0.…`, and a product that does not exist
 * (the domain says which fields name one: `unknownProducts`) answers 404, as it always did.
 */
export const asOneProductError = (error: PlaceOrderError): PlaceOrderError => {
  if (!('fields' in error) || !error.fields) return error;
  const onlyUnknownProduct = error.code === 'VALIDATION_FAILED' && Object.keys(error.fields).length === 1 && error.unknownProducts?.includes('lines.0.productId');
  if (onlyUnknownProduct) return notFound('product');
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field.replace(/^lines\.0\./, ''), message]));
  return { ...error, fields };
};

/**
 * What a client sends, for schemas whose transform hides it: the API description reads these
 * instead (docs/api.md, "The API described"). An order is exactly one of its two shapes.
 */
export const documentedInputs = new Map<z.ZodType, z.ZodType>([[placeOrderSchema, z.xor([orderWithLinesSchema, oneProductOrderSchema])]]);

/** `PUT /api/cart`: the whole list; its rules (count, repeats, quantities) are the domain's. */
export const saveCartSchema = z.object({
  lines: z.array(
    z.object({
      productId: productIdField,
      quantity: z.number({ error: (issue) => (issue.input == null ? messages.quantityRequired : messages.quantityNotWhole) }),
    }),
    { error: messages.cartLinesRequired },
  ),
});

/** `POST /api/cart/resolve`: pasted text; its size and line limits are the domain's (pasted-list.ts). */
export const resolveListSchema = z.object({ text: z.string({ error: messages.pastedListNotText }) });

export const idempotencyKeySchema = z.string().min(1).max(200).regex(/^[\w.:-]+$/);

// ---- payments
export const confirmPaymentSchema = z.object({ paymentIntentId: z.string().min(1).max(200) });

const cardNumber = z
  .string({ error: messages.cardNumberInvalid })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => /^\d{12,19}$/.test(value), messages.cardNumberInvalid);

/** A month or year as a number or as the digits typed ('04', '2030'). */
const cardDatePart = z.union([z.number().int(), z.string().trim().regex(/^\d{1,4}$/).transform(Number)], {
  error: (issue) => (issue.input === undefined || issue.input === '' ? messages.cardExpiryMissing : messages.cardExpiryInvalid),
});

/** The expiry as the buyer typed it (MM/YY, MMYY, MM / YYYY), read by the same rule as the card form. */
const cardExpiryText = z.string().max(20, messages.cardExpiryInvalid).transform((text, context) => {
  const reading = readExpiry(text);
  if (reading.kind === 'date') return { expMonth: reading.expMonth, expYear: reading.expYear };
  context.addIssue({ code: 'custom', message: reading.kind === 'empty' ? messages.cardExpiryMissing : messages.cardExpiryInvalid });
  return z.NEVER;
});

export const testCardSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  card: z
    .object({
      number: cardNumber,
      // Either `expiry` as typed, or `expMonth` and `expYear` as Stripe takes them.
      expiry: cardExpiryText.optional(),
      expMonth: cardDatePart.pipe(z.number().min(1, messages.cardExpiryInvalid).max(12, messages.cardExpiryInvalid)).optional(),
      // '30' is 2030, as printed on the card.
      expYear: cardDatePart
        .transform((year) => (year < 100 ? 2000 + year : year))
        .pipe(z.number().min(2000, messages.cardExpired).max(2100, messages.cardExpiryInvalid))
        .optional(),
      cvc: z
        .union([z.string(), z.number().int().nonnegative().transform(String)], { error: messages.cardCvcInvalid })
        .pipe(z.string().regex(/^\d{3,4}$/, messages.cardCvcInvalid)),
    })
    .transform(({ number, cvc, expiry, expMonth, expYear }, context) => {
      const date = expiry ?? (expMonth !== undefined && expYear !== undefined ? { expMonth, expYear } : null);
      if (date) return { number, cvc, ...date };
      context.addIssue({ code: 'custom', message: messages.cardExpiryMissing });
      return z.NEVER;
    }),
  billing: z.object({ name: nameField, email: emailField }),
});

// ---- e-mailed links
/** Link tokens are JWTs; anything else is refused before any crypto runs. */
const linkToken = z.string({ error: messages.linkInvalid }).trim().min(1, messages.linkInvalid).max(2000, messages.linkInvalid);
export const verifyEmailSchema = z.object({ token: linkToken });
export const passwordResetRequestSchema = z.object({ email: emailField });
export const passwordResetConfirmSchema = z.object({ token: linkToken, password: passwordField });

// ---- images and links in forms
const MAX_URL_LENGTH = 500;
/** An uploaded image: our own path (/uploads/…, /demo/…) or an http(s) URL from the image host. */
export const imageUrlField = z
  .string({ error: messages.imageMissing })
  .trim()
  .min(1, messages.imageMissing)
  .max(MAX_URL_LENGTH, messages.tooLong(MAX_URL_LENGTH))
  .refine((value) => /^\/[^/\\]/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), messages.imageMissing);

/** An optional web address: empty, or an http(s) URL. */
const optionalWebUrlField = z
  .string({ error: messages.urlInvalid })
  .trim()
  .max(300, messages.tooLong(300))
  .refine((value) => value === '' || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), messages.urlInvalid);

// ---- profile (name and e-mail come from the account; phone and address are what orders need)
export const profileSchema = z.object({
  imageUrl: z.union([z.literal(''), imageUrlField], { error: messages.imageMissing }),
  phone: phoneField,
  education: z.string({ error: messages.invalidInput }).trim().max(300, messages.tooLong(300)),
  linkedin: optionalWebUrlField,
  facebook: optionalWebUrlField,
  address: requiredText(messages.addressRequired, 300),
  // Optional, and absent from older clients' bodies: empty until the contractor gives them.
  companyName: z.string({ error: messages.invalidInput }).trim().max(200, messages.tooLong(200)).default(''),
  jobTitle: z.string({ error: messages.invalidInput }).trim().max(100, messages.tooLong(100)).default(''),
  // VAT and tax numbers are written with letters, digits and separators ("GB 123 4567 89",
  // "DE123456789", "12-3456789"); the invoice prints it as given.
  taxNumber: z
    .string({ error: messages.invalidInput })
    .trim()
    .max(40, messages.tooLong(40))
    .regex(/^[A-Za-z0-9 .\-/]*$/, messages.taxNumberInvalid)
    .default(''),
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

/**
 * The catalogue fields (docs/catalogue.md, "Catalogue"): here only their shapes, with generous length
 * caps against abuse; the rules (SKU characters, brand length, minimum, packs, tiers, the
 * category existing) are the domain's (manage-catalog.ts), which answers per-field messages.
 */
const wholeNumberField = z.number({ error: messages.notWholeNumber });
const catalogFields = {
  sku: z.string({ error: messages.skuCharacters }).max(100, messages.tooLong(SKU_MAX_LENGTH)).optional(),
  categoryId: z.string({ error: messages.categoryNotFound }).max(100, messages.categoryNotFound).nullable().optional(),
  brand: z.string({ error: messages.tooLong(MAX_BRAND_LENGTH) }).max(200, messages.tooLong(MAX_BRAND_LENGTH)).nullable().optional(),
  unit: z.string({ error: messages.tooLong(MAX_UNIT_LENGTH) }).max(200, messages.tooLong(MAX_UNIT_LENGTH)).optional(),
  attributes: z
    .array(z.object({ name: z.string({ error: messages.fieldRequired }).max(500), value: z.string({ error: messages.fieldRequired }).max(1_000) }), {
      error: messages.tooMany(MAX_ATTRIBUTES),
    })
    .max(100, messages.tooMany(MAX_ATTRIBUTES))
    .optional(),
  minOrderQuantity: wholeNumberField.optional(),
  packSize: wholeNumberField.optional(),
  priceTiers: z
    .array(z.object({ minQuantity: wholeNumberField, unitPriceCents: wholeNumberField }), { error: messages.tooMany(MAX_PRICE_TIERS) })
    .max(50, messages.tooMany(MAX_PRICE_TIERS))
    .optional(),
};

export const productSchema = z.object({
  name: requiredText(messages.productNameRequired, MAX_PRODUCT_NAME),
  description: requiredText(messages.descriptionRequired, MAX_PRODUCT_DESCRIPTION),
  imageUrl: imageUrlField,
  priceCents: priceCentsField,
  stock: stockField,
  ...catalogFields,
});

/** Edit Product: any subset of the fields, but at least one. */
export const productPatchSchema = productSchema
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), messages.nothingToUpdate);

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
export type TestCardInput = z.infer<typeof testCardSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
export type ProductInput = z.infer<typeof productSchema>;
export type ProductPatch = z.infer<typeof productPatchSchema>;
export type ReviewBody = z.infer<typeof reviewSchema>;

// ---- catalogue search (docs/catalogue.md, "Search")
/** A whole number of cents from a query string: digits only, so `-5`, `1e3` and `12.5` are refused. */
const priceFilter = z
  .string()
  .regex(/^\d{1,12}$/, messages.priceFilterInvalid)
  .transform(Number)
  .pipe(z.number().max(MAX_PRICE_CENTS, messages.priceFilterInvalid));

/**
 * `attr=Name:Value`, repeatable (docs/catalogue.md, "Spec facets"): one value arrives as a string,
 * several as an array. Read as filters by the domain's rules (attribute-facets.ts): a malformed
 * pair, or more than MAX_ATTRIBUTE_FILTERS, is refused.
 */
const attributeFilterParam = z
  .union([z.string(), z.array(z.string())])
  .describe(
    `A specification filter, \`Name:Value\` (split at the first colon), repeatable up to ${MAX_ATTRIBUTE_FILTERS} times: a product matches when it holds every name given with any of that name's values.`,
  )
  .transform((value, context) => {
    const texts = typeof value === 'string' ? [value] : value;
    // A bound before parsing: a query string of thousands of pairs is refused without reading them.
    const filters = texts.length > MAX_ATTRIBUTE_FILTERS * 2 ? null : attributeFilters(texts);
    if (filters?.ok) return filters.value;
    const message =
      filters === null || filters.error.code === 'TOO_MANY' ? messages.tooMany(MAX_ATTRIBUTE_FILTERS) : messages.attributeFilterInvalid(MAX_ATTRIBUTE_NAME_LENGTH, MAX_ATTRIBUTE_VALUE_LENGTH);
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/**
 * GET /api/products. `q` may hold anything a buyer types (quotes, operators, emoji): the domain
 * cuts it into words, so only its length is refused here.
 */
export const catalogQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
    q: z.string().max(MAX_QUERY_LENGTH, messages.searchTooLong(MAX_QUERY_LENGTH)).optional(),
    category: z.string().trim().min(1, messages.categoryNotFound).max(100, messages.categoryNotFound).optional(),
    brand: z.string().trim().min(1, messages.tooLong(MAX_BRAND_LENGTH)).max(MAX_BRAND_LENGTH, messages.tooLong(MAX_BRAND_LENGTH)).optional(),
    inStock: z.enum(['true', 'false'], { error: messages.inStockInvalid }).transform((value) => value === 'true').optional(),
    minPriceCents: priceFilter.optional(),
    maxPriceCents: priceFilter.optional(),
    sort: z.enum(PRODUCT_SORTS, { error: messages.sortUnknown }).optional(),
    /** The words as typed, without typo corrections ("search instead for …"). */
    exact: z.enum(['true', 'false'], { error: messages.exactInvalid }).transform((value) => value === 'true').optional(),
    attr: attributeFilterParam.optional(),
  })
  .superRefine((query, context) => {
    if (query.minPriceCents !== undefined && query.maxPriceCents !== undefined && query.minPriceCents > query.maxPriceCents) {
      context.addIssue({ code: 'custom', path: ['minPriceCents'], message: messages.priceRangeReversed });
    }
  });

/** GET /api/products/suggest: `q` is required (empty answers no suggestions), once. */
export const suggestQuerySchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? messages.fieldRequired : messages.invalidInput) })
    .max(MAX_QUERY_LENGTH, messages.searchTooLong(MAX_QUERY_LENGTH)),
});

/** GET /api/products/:id/quantity-advice */
export const quantityAdviceQuerySchema = z.object({
  quantity: z.string({ error: messages.quantityAdviceInvalid }).regex(/^\d{1,9}$/, messages.quantityAdviceInvalid).transform(Number),
});

// ---- categories (admin)
const categoryFields = {
  name: z.string({ error: messages.categoryNameRequired }).max(500, messages.tooLong(MAX_CATEGORY_NAME)),
  slug: z.string({ error: messages.slugInvalid }).max(500, messages.slugInvalid),
  parentId: z.string({ error: messages.categoryNotFound }).max(100, messages.categoryNotFound).nullable(),
};
export const categorySchema = z.object({ ...categoryFields, slug: categoryFields.slug.optional(), parentId: categoryFields.parentId.optional() });
export const categoryPatchSchema = z
  .object(categoryFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), messages.nothingToUpdate);

// ---- requests for quote (docs/orders.md, "Requests for quote")
/** Each problem of the lines under its line's field (`lines.2.quantity`), from the domain's check. */
const lineProblems =
  <L>(problems: (lines: L[]) => FieldProblems) =>
  (lines: L[], context: z.RefinementCtx) => {
    for (const [field, problem] of Object.entries(problems(lines))) {
      const path = field.split('.').slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      context.addIssue({ code: 'custom', path, message: fieldProblemText(problem) });
    }
  };
const wholeNumber = z.number({ error: (issue) => (issue.input == null ? messages.quantityRequired : messages.quantityNotWhole) });

/** `POST /api/quotes`: `{lines: [{productId, quantity}], message}`; any quantity of at least 1. */
export const requestQuoteSchema = z.object({
  lines: z.array(z.object({ productId: productIdField, quantity: wholeNumber }), { error: messages.linesRequired }).superRefine(lineProblems(quoteLinesProblems)),
  message: z.string({ error: messages.quoteMessageRequired }).superRefine(reportProblem(quoteMessageProblem)),
});

/** `POST /api/admin/quotes/:id/answer`: the offer, its validity and whether it holds the stock. */
export const answerQuoteSchema = z.object({
  lines: z
    .array(z.object({ productId: productIdField, quantity: wholeNumber, unitPriceCents: z.number({ error: messages.quotePriceInvalid }) }), { error: messages.linesRequired })
    .superRefine(lineProblems(quoteAnswerLinesProblems)),
  expiresInDays: z.number({ error: messages.quoteExpiryDays(1, 30) }).superRefine(reportProblem(quoteExpiryProblem)),
  holdStock: z.boolean({ error: messages.quoteHoldStockInvalid }),
  message: z.string({ error: messages.invalidInput }).superRefine(reportProblem(quoteAnswerTextProblem)).nullable().optional(),
});

/** `POST /api/quotes/:id/accept`: where the order goes, as for any order. */
export const acceptQuoteSchema = z.object({ phone: phoneField, address: addressField, poNumber: optionalNote(MAX_PO_NUMBER_LENGTH) });

/** The admins' quote list: a page, narrowed to one status. */
/** The audit log (docs/audit-log.md, "Audit log"): a page narrowed by actor (a user id or e-mail) and kind. */
export const auditQuerySchema = listQuerySchema.extend({
  actor: z.string().trim().max(254).optional(),
  kind: z.enum(AUDIT_KINDS, { error: messages.auditKindUnknown }).optional(),
});

export const adminQuotesQuerySchema = listQuerySchema.extend({
  status: z.enum(QUOTE_STATUSES as [string, ...string[]], { error: messages.quoteStatusUnknown }).optional(),
});

// ---- after the sale (docs/orders.md, "After the sale: cancel, refund, return")
/** A reason or answer: text here; required-ness and length are the domain's (after-sale/refund-order.ts). */
const afterSaleText = z.string({ error: messages.reasonRequired }).max(2_000, messages.tooLong(REFUND_REASON_MAX));
const restockField = z.boolean({ error: messages.restockInvalid });
const afterSaleLine = z.object({
  productId: productIdField,
  quantity: z.number({ error: (issue) => (issue.input == null ? messages.quantityRequired : messages.quantityNotWhole) }).int(messages.quantityNotWhole),
});
const afterSaleLines = z.array(afterSaleLine, { error: messages.refundEmpty }).max(500, messages.refundEmpty);

/** `POST /api/admin/orders/:id/cancel {reason, restock}`. */
export const cancelOrderSchema = z.strictObject({ reason: afterSaleText, restock: restockField.default(true) });
/** `POST /api/admin/orders/:id/refunds {lines | null, amountCents?, reason, restock}`. */
export const refundOrderSchema = z.strictObject({
  lines: afterSaleLines.nullable().optional(),
  amountCents: z.number({ error: messages.refundAmount(0) }).int(messages.refundAmount(0)).optional(),
  reason: afterSaleText,
  restock: restockField.default(false),
});
/** `POST /api/orders/:id/returns {lines, reason}`. */
export const requestReturnSchema = z.strictObject({ lines: afterSaleLines, reason: afterSaleText });
/** `POST /api/admin/returns/:id/approve {answer?}`. */
export const approveReturnSchema = z.strictObject({ answer: afterSaleText.nullable().optional() });
/** `POST /api/admin/returns/:id/reject {answer}`. */
export const rejectReturnSchema = z.strictObject({ answer: afterSaleText });
/** `POST /api/admin/returns/:id/receive {lines: [{productId, quantity, restock}]}`; a quantity may be 0 (nothing came back of it). */
export const receiveReturnSchema = z.strictObject({
  lines: z.array(afterSaleLine.extend({ restock: restockField }), { error: messages.refundEmpty }).max(500, messages.refundEmpty),
});
export const adminReturnsQuerySchema = listQuerySchema.extend({
  status: z.enum(['requested', 'approved', 'rejected', 'received'], { error: messages.returnStatusUnknown }).optional(),
});
export const refundParamSchema = z.object({ id: z.string().min(1).max(100), refundId: z.string().min(1).max(100) });

// ---- companies (docs/companies.md): the rules are the domain's (domain/companies/company-rules.ts)
const companyAmount = z
  .number({ error: messages.centsInvalid })
  .nullable()
  .superRefine(reportProblem((cents: number | null) => amountProblem(cents)));
const companyRole = z.enum(COMPANY_ROLES as [CompanyRole, ...CompanyRole[]], { error: messages.companyRoleInvalid });
const companyName = checkedText(messages.companyNameRequired, companyNameProblem);
const taxIdField = z
  .string({ error: messages.invalidInput })
  .trim()
  .max(MAX_TAX_ID_LENGTH, messages.tooLong(MAX_TAX_ID_LENGTH))
  .nullable()
  .optional();

/** `POST /api/company`. */
export const createCompanySchema = z.object({ name: companyName, taxId: taxIdField });
/** `PATCH /api/company`: the fields to change. */
export const updateCompanySchema = z.object({ name: companyName.optional(), taxId: taxIdField, approvalThresholdCents: companyAmount.optional() });
/** `POST /api/company/invitations`. */
export const inviteMemberSchema = z.object({ email: emailField, role: companyRole, monthlyLimitCents: companyAmount.optional() });
/** `POST /api/company/invitations/accept`: the token from the join link. */
export const acceptInvitationSchema = z.object({ token: z.string({ error: messages.invitationNotFound }).trim().min(1, messages.invitationNotFound).max(200, messages.invitationNotFound) });
/** `PATCH /api/company/members/:userId`. */
export const updateMemberSchema = z.object({ role: companyRole.optional(), monthlyLimitCents: companyAmount.optional() });
export const memberParamSchema = z.object({ userId: z.string().min(1).max(100) });
const siteLabel = checkedText(messages.siteLabelRequired, (value) => siteProblems({ label: value }).label ?? null);
const siteRecipient = checkedText(messages.recipientRequired, (value) => siteProblems({ recipient: value }).recipient ?? null);
const siteAddress = checkedText(messages.addressRequired, (value) => siteProblems({ address: value }).address ?? null);
/** `POST /api/company/addresses`: a site. */
export const siteSchema = z.object({ label: siteLabel, recipient: siteRecipient, phone: phoneField, address: siteAddress });
/** `PATCH /api/company/addresses/:id`: the fields to change. */
export const siteChangesSchema = z.object({ label: siteLabel.optional(), recipient: siteRecipient.optional(), phone: phoneField.optional(), address: siteAddress.optional() });
