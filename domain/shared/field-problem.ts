import type { Cents } from './money.ts';

/**
 * Why one field of a request was refused, as data and never as English
 * (domain/README.md, "Words"): the rules name the problem and the numbers it needs, and the edge
 * that shows it picks the words (the HTTP edge in one place, http/messages.ts `fieldProblemText`). The failures of the
 * product terms, of an order's lines and of a pasted list are their modules' own vocabularies,
 * declared here so that this file, which `errors.ts` reads, imports nothing from the folders that
 * use it.
 */
export type FieldProblem =
  | { rule: PlainFieldRule }
  | { rule: 'tooLong'; max: number }
  | { rule: 'periodTooLong'; days: number }
  | { rule: 'quoteAnswerQuantity'; minimum: number }
  /** A refund's or return's line asks for more units than are left (`max`) or for none. */
  | { rule: 'afterSaleQuantity'; max: number }
  /** A refund's amount passes what is left to refund (`max`), or is not a positive whole number of cents. */
  | { rule: 'refundAmount'; max: number }
  | { rule: 'quoteExpiryDays'; min: number; max: number }
  | { rule: 'importUnknownColumn'; position: number }
  | { rule: 'importDuplicateColumn'; column: string }
  | { rule: 'importRowShape'; cells: number; columns: number }
  | { rule: 'importSkuRepeated'; row: number }
  | { rule: 'importColumnMissing'; column: string }
  | { rule: 'importTooManyRows'; max: number }
  /** A product term (catalog/term-failure.ts): part numbers, packs, minimums, volume prices. */
  | { rule: 'term'; failure: TermFailure }
  /** An order's lines (ordering/order-lines-request.ts), also a quote's. */
  | { rule: 'orderLines'; failure: OrderLinesFailureCode }
  /** A pasted quick-order list as a whole (ordering/pasted-list.ts). */
  | { rule: 'pastedList'; failure: PastedListFailure };

/** The problems that need no data: what is missing or malformed says it all. */
export type PlainFieldRule =
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'nameRequired'
  | 'phoneRequired'
  | 'phoneNotDigits'
  | 'addressRequired'
  | 'urlInvalid'
  | 'fieldRequired'
  | 'productNameRequired'
  | 'descriptionRequired'
  | 'imageMissing'
  | 'priceRequired'
  | 'priceNotNumber'
  | 'quantityNotWhole'
  | 'notWholeNumber'
  | 'productNotFound'
  | 'categoryNotFound'
  | 'categoryNameRequired'
  | 'slugInvalid'
  | 'categoryTooDeep'
  | 'quantityAdviceInvalid'
  | 'importImagePath'
  | 'importCategoryUnknown'
  | 'importTiersFormat'
  | 'importSpecsFormat'
  | 'importNeedsSku'
  | 'lineNotInOrder'
  | 'lineRepeated'
  | 'refundEmpty'
  | 'reasonRequired'
  | 'importEmpty'
  | 'reportPeriod'
  | 'dayFormat'
  | 'periodReversed'
  | 'cartQuantityAtLeastOne'
  | 'controlCharacters'
  | 'trackingNumberCharacters'
  | 'messageRequired'
  | 'countryRequired'
  | 'commentRequired'
  | 'ratingRange'
  | 'quoteLineQuantity'
  | 'quoteMessageRequired'
  | 'quotePriceInvalid'
  | 'quoteAnswerLineNotAsked'
  /** Companies (docs/companies.md). */
  | 'companyNameRequired'
  | 'siteLabelRequired'
  | 'recipientRequired'
  | 'centsInvalid'
  /** The card a payment provider refused before trying to charge it. */
  | 'cardNumberInvalid'
  | 'cardExpired'
  | 'cardCvcInvalid';

/** A problem that needs no data. */
export const problem = (rule: PlainFieldRule): FieldProblem => ({ rule });
export const tooLong = (max: number): FieldProblem => ({ rule: 'tooLong', max });

/**
 * Why a product field was refused (catalog/term-failure.ts): the HTTP schemas, the admin forms and
 * the CSV import all run the same checks.
 */
export type TermFailure =
  | { code: 'REQUIRED' }
  | { code: 'TOO_SHORT'; min: number }
  | { code: 'TOO_LONG'; max: number }
  | { code: 'CONTROL_CHARACTERS' }
  | { code: 'SKU_CHARACTERS' }
  | { code: 'NOT_WHOLE_NUMBER' }
  | { code: 'TOO_SMALL'; min: number }
  | { code: 'TOO_LARGE'; max: number }
  | { code: 'NOT_A_PACK_MULTIPLE'; packSize: number }
  | { code: 'TOO_MANY'; max: number }
  | { code: 'DUPLICATE_ATTRIBUTE'; name: string }
  | { code: 'TIER_NOT_ABOVE_MINIMUM'; minimum: number }
  | { code: 'TIER_NOT_RISING'; previous: number }
  | { code: 'TIER_PRICE_NOT_BELOW_BASE'; priceCents: Cents }
  | { code: 'TIER_PRICE_NOT_FALLING'; previous: Cents };

/** One line of an order refused (ordering/order-lines-request.ts). */
export type LineFailure =
  | { code: 'NOT_WHOLE_NUMBER' }
  | { code: 'UNKNOWN_PRODUCT' }
  | { code: 'DUPLICATE_PRODUCT'; firstIndex: number }
  | { code: 'BELOW_MINIMUM'; minimum: number }
  | { code: 'NOT_A_PACK_MULTIPLE'; packSize: number }
  | { code: 'ABOVE_STOCK'; available: number };

/** The lines as a whole refused, or one line. */
export type OrderLinesFailureCode = { code: 'NO_LINES' } | { code: 'TOO_MANY_LINES'; max: number } | { code: 'TOTAL_TOO_LARGE' } | LineFailure;

/** A pasted list refused as a whole (ordering/pasted-list.ts). */
export type PastedListFailure =
  | { code: 'EMPTY' }
  | { code: 'TOO_LARGE'; maxBytes: number }
  | { code: 'TOO_MANY_LINES'; max: number }
  | { code: 'NOT_TEXT' };
