/**
 * The server's words (domain/README.md, "Words"): the text of every refusal by code, of every
 * field problem, of the quantity advice and of quick order's rows. The domain answers codes and
 * data; this catalogue is where they become English, in one place. The web app reads it too
 * (through web/lib/messages.ts), so a form says what the server would answer and tests assert the
 * texts users read. Labels and the web app's own toasts live in web/lib/; e-mails are written with
 * their templates in adapters/mail/.
 */
import { CATALOGUE_COLUMNS } from '#domain/catalog/catalogue-csv.ts';
import type { FieldProblem, OrderLinesFailureCode, PastedListFailure, TermFailure } from '#domain/shared/field-problem.ts';
import { formatCents } from '#domain/shared/money.ts';
import { serverError } from './server-error-message.ts';
import type { AdviceNote } from '#domain/catalog/quantity-advice-note.ts';

/** Quantities in sentences read with thousands separators: "1,000". */
const quantityText = (quantity: number): string => quantity.toLocaleString('en-US');

export const messages = {
  // Toasts and confirmations
  sessionExpired: 'Your session has expired. Please log in again.',
  cannotChangeOwnRole: 'You cannot remove your own admin role; another admin can.',
  lastAdmin: 'The shop needs at least one admin: make someone else an admin first.',

  // Field validation
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  nameRequired: 'Name is required',
  unstorableText: 'This field holds characters that cannot be stored (control characters or broken text); please remove them',
  quantityRequired: 'Please enter a quantity',
  quantityNotWhole: 'Quantity must be a whole number',
  phoneRequired: 'Please enter your phone number',
  phoneNotDigits: 'Phone number must contain digits only',
  addressRequired: 'Please enter your address',
  orderStatusUnknown: 'Status must be awaiting-approval, unpaid, pending, shipped, cancelled or rejected.',
  rejectionReasonRequired: 'Please tell the buyer why the order is rejected',
  auditKindUnknown: 'Unknown kind of audit entry.',
  aboveStock: 'Order quantity cannot exceed the available quantity',
  imageTooLarge: 'Image must be smaller than 1 MB (1,000,000 bytes)',
  imageMissing: 'Please select an image and try again',
  imageNotServedHere: 'Please upload the image here and try again',
  imageUnsupported: 'Please choose a PNG, JPEG, GIF, WebP or SVG image',
  imageTooManyPixels: 'Image must be at most 40 megapixels (for example 8000 × 5000 pixels); please scale it down and try again',
  imageUnreadable: 'This image could not be read: it may be damaged or incomplete. Please save it again and upload it',
  priceNotNumber: 'Price must be a number',
  priceRequired: 'Please enter a price',
  productNameRequired: 'Please enter a product name',
  descriptionRequired: 'Please enter a description',
  messageRequired: 'Please enter a message',
  countryRequired: 'Please enter your country',
  commentRequired: 'Please enter a comment',
  ratingRange: 'Rating must be between 1 and 5',
  urlInvalid: 'Please enter a full link starting with https://',
  taxNumberInvalid: 'Please use only letters, digits, spaces, dots, dashes and slashes in the tax/VAT number',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  invalidInput: 'Please check the highlighted fields',

  // Failures
  nothingToUpdate: 'Change at least one field before saving',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  linkExpired: 'This link has expired. Request a new one.',
  linkUsed: 'This link was already used. Request a new one.',
  linkInvalid: 'This link is not valid. Request a new one.',
  verifyBeforeOrdering:
    'Please verify your e-mail address before ordering: open the link we sent you, or send a new one from the menu.',
  notSignedIn: 'Please sign in to continue',
  awaitingApproval: 'This order waits for a manager of your company to approve it; you can pay once it is approved.',
  orderNotAwaitingApproval: 'This order is not waiting for approval any more: another manager may have decided it already.',
  orderRejected: 'A manager of your company rejected this order, so it cannot be paid. Place a new order if you still need the parts.',
  cannotApproveOwnOrder: 'Another manager has to approve your own order.',
  forbidden: 'You are not allowed to do that',
  notFound: 'Not found',
  productNotFound: 'This product does not exist',
  orderNotFound: 'This order does not exist',
  contactMessageNotFound: 'This message does not exist',
  adminCannotBuy: 'Admins cannot place orders',
  insufficientStock: 'Order quantity cannot exceed the available quantity',
  orderNotDeletable: 'Only unpaid orders can be deleted',
  tooManyUnpaidOrders: (limit: number) =>
    `You already have ${limit} unpaid orders. Pay for one or delete one before placing another.`,
  orderNotShippable: 'Only paid orders can be shipped',
  orderAlreadyPaid: 'This order has already been paid',
  invoiceBeforePayment: 'This order is not paid yet: its invoice is issued once it is paid',
  paymentNotConfirmed: 'The payment has not been confirmed by the card provider',
  cardDeclined: 'Your card was declined.',
  cardExpired: 'Your card has expired.',
  cardExpiryMissing: 'Enter the expiry date',
  cardExpiryInvalid: 'Enter the expiry date as MM/YY',
  cardCvcInvalid: "Your card's security code is invalid.",
  cardNumberInvalid: 'Your card number is invalid.',
  cannotDeleteSelf: 'You cannot delete your own account',
  googleEmailUnverified: 'Your Google account has no verified e-mail address',
  googleSignInFailed: 'Google sign-in did not complete. Please try again.',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order',
  bodyTooLarge: 'The request is too large',
  unsupportedMediaType: 'Please send JSON',
  malformedJson: 'The request body is not valid JSON',
  crossSiteRefused: 'This request came from another site and was refused',
  serverError,
  storageUnavailable: {
    unreachable: 'The shop cannot reach its database just now. Please try again in a few seconds.',
    full: 'The shop cannot save anything just now (its storage is full). Nothing was changed; please try again later.',
    'read-only': 'The shop cannot save anything just now (its storage is read-only). Nothing was changed; please try again later.',
    busy: 'The shop is busy saving other changes. Nothing was changed; please try again in a few seconds.',
  },
  serviceUnavailable: {
    mail: 'We could not send the e-mail just now. Please try again in a few minutes.',
    payments: 'Card payments are unavailable just now. Please try again in a few minutes.',
    images: 'Image uploads are unavailable just now. Please try again in a few minutes.',
  },

  // Product terms: part numbers, packs, minimums and volume prices (domain/catalog/term-failure.ts)
  fieldRequired: 'Please fill in this field',
  tooShort: (min: number) => `Please use at least ${min} characters`,
  controlCharacters: 'Please use one line of plain text (no tabs, line breaks or control characters)',
  dayFormat: 'Enter a day as YYYY-MM-DD, e.g. 2026-11-24',
  periodReversed: 'The period must start on or before its last day',
  periodTooLong: (days: number) => `Export at most ${days} days at a time`,
  reportPeriod: 'Choose a period of 30 or 90 days',
  trackingNumberCharacters: 'A tracking number may contain only letters, digits, spaces and -',
  skuCharacters: 'A SKU may contain only letters, digits and - . /',
  notWholeNumber: 'Please enter a whole number',
  atLeast: (min: number) => `Must be at least ${quantityText(min)}`,
  atMost: (max: number) => `Must be at most ${quantityText(max)}`,
  notPackMultiple: (packSize: number) => `Must be a whole number of packs of ${quantityText(packSize)}`,
  tooMany: (max: number) => `At most ${max} are allowed`,
  duplicateAttribute: (name: string) => `"${name}" is listed twice`,
  tierNotAboveMinimum: (minimum: number) => `A volume price starts above the minimum order of ${quantityText(minimum)}`,
  tierNotRising: (previous: number) => `Must be more than the previous tier's ${quantityText(previous)}`,
  tierPriceNotBelowBase: (price: string) => `Must be less than the regular price of ${price}`,
  tierPriceNotFalling: (price: string) => `Must be less than the previous tier's ${price}`,

  // Catalogue: part numbers, categories and search (domain/catalog/)
  skuTaken: (sku: string) => `Another product already has the SKU ${sku}`,
  categoryNotFound: 'This category does not exist',
  categoryNameRequired: 'Please enter a category name',
  slugInvalid: 'Use lower-case letters and digits separated by single hyphens',
  slugTaken: (slug: string) => `Another category already uses the address ${slug}`,
  categoryTooDeep: 'A category can only be placed inside a department (two levels)',
  categoryHasChildren: 'This department still has categories: move or delete them first',
  categoryHasProducts: (count: number) => `${quantityText(count)} product${count === 1 ? ' is' : 's are'} filed under this category: move them first`,
  searchTooLong: (max: number) => `Please search with at most ${max} characters`,
  sortUnknown: 'Sort by relevance, newest, price-asc, price-desc or name',
  attributeFilterInvalid: (maxName: number, maxValue: number) =>
    `Filter by a specification as Name:Value (a name of at most ${maxName} characters, a value of at most ${maxValue})`,
  priceFilterInvalid: 'Please enter a price in whole cents, 0 or more',
  priceRangeReversed: 'The lowest price must not be above the highest',
  inStockInvalid: 'Use inStock=true, or leave it out',
  exactInvalid: 'Use exact=true, or leave it out',
  quantityAdviceInvalid: 'Please enter a whole number of units',

  // The catalogue file (domain/catalog/catalogue-import.ts)
  dryRunInvalid: 'Use dryRun=true, or leave it out',
  importEmpty: 'The file has no products: the first row names the columns, one product per row after it',
  importNeedsSku: 'The file needs a sku column: products are matched by their part number',
  importUnknownColumn: (position: number) => `Column ${position} of the first row is not one of ${CATALOGUE_COLUMNS.join(', ')}`,
  importDuplicateColumn: (name: string) => `The column ${name} appears twice`,
  importTooManyRows: (max: number) => `A file may hold at most ${quantityText(max)} products`,
  importTooLarge: (maxMegabytes: number) => `A file may be at most ${maxMegabytes} MB`,
  importNotText: 'This does not look like a CSV or TSV file',
  importRowShape: (cells: number, columns: number) => `This row has ${cells} cells; the first row names ${columns} columns`,
  importUnclosedQuote: (row: number) => `Row ${row}: a quoted cell is not closed`,
  importColumnMissing: (column: string) => `A new product needs a ${column} column`,
  importSkuRepeated: (row: number) => `The same SKU is already on row ${row}`,
  importCategoryUnknown: 'No category has this address: use a slug from Categories',
  importTiersFormat: 'Write volume prices as quantity:price pairs, e.g. 500:22.00;1000:19.50',
  importSpecsFormat: 'Write the specification as name=value pairs, e.g. Thread=M8;Length=40 mm',
  importImagePath: 'Use an image of this shop, as the export writes it (a path starting with /)',
  importRefused: (rows: number) => `Nothing was imported. Rows to fix: ${quantityText(rows)}`,

  // Quantity advice as the buyer types (domain/catalog/quantity-advice-note.ts, worded by adviceText)
  adviceNextBreak: (extraUnits: number, unitPrice: string, saving: string) =>
    `Add ${quantityText(extraUnits)} more to pay ${unitPrice} each and save ${saving}`,
  advicePackChoice: (packSize: number, lower: number, upper: number) =>
    `Sold in packs of ${quantityText(packSize)}: ${quantityText(lower)} or ${quantityText(upper)}?`,
  advicePackOne: (packSize: number, quantity: number) => `Sold in packs of ${quantityText(packSize)}: ${quantityText(quantity)}?`,
  adviceBelowMinimum: (minimum: number) => `The minimum order for this product is ${quantityText(minimum)}`,
  adviceStock: (stock: number, maxAvailable: number, packSize: number) =>
    packSize > 1
      ? `Only ${quantityText(stock)} in stock: order ${quantityText(maxAvailable)} now (a multiple of ${quantityText(packSize)})`
      : `Only ${quantityText(stock)} in stock: order ${quantityText(maxAvailable)} now`,
  adviceStockBelowMinimum: (stock: number, minimum: number) =>
    `Only ${quantityText(stock)} in stock, less than the minimum order of ${quantityText(minimum)}`,

  // Orders with lines (domain/ordering/order-lines-request.ts)
  linesRequired: 'Add at least one product to the order',
  tooManyLines: (max: number) => `An order can have at most ${max} lines`,
  duplicateLine: (firstIndex: number) => `This product is already on line ${firstIndex + 1}`,
  // The message catalogue's own words for an order under the minimum ("The minimum order quantity is
  // 100"), with the product's minimum in place of the shop-wide 100.
  lineBelowMinimum: (minimum: number) => `The minimum order quantity is ${quantityText(minimum)}`,
  lineNotPackMultiple: (packSize: number) => `This product is sold in packs of ${quantityText(packSize)}`,
  lineAboveStock: (available: number) => `Only ${quantityText(available)} in stock`,
  linesOrOneProduct: 'Send the products either as lines or as one productId and quantity, not both',

  // The cart and "Order again" (domain/ordering/cart.ts)
  cartQuantityAtLeastOne: 'Quantity must be at least 1',
  cartLinesRequired: 'Send the cart as a list of lines, each a product and a quantity',
  reorderProductGone: 'This product is no longer sold',
  reorderSoldOut: 'This product is sold out',

  // Quick order: a pasted list (domain/ordering/pasted-list.ts, resolve-pasted-list.ts)
  pastedListEmpty: 'Paste at least one line: a SKU, then a quantity',
  pastedListTooLarge: (maxKilobytes: number) => `Please paste at most ${maxKilobytes} kB`,
  pastedListTooManyLines: (max: number) => `Please paste at most ${max} lines`,
  pastedListNotText: 'This does not look like text: paste rows of a SKU and a quantity',
  rowUnreadable: 'Could not read this line: write a SKU, then a quantity',
  rowUnknownSku: (sku: string) => `No product has the SKU ${sku}`,
  rowUnknownName: (text: string) => `No product matches "${text}": write its SKU`,
  rowSeveralMatch: (text: string) => `Several products match "${text}": pick one`,
  rowMergedInto: (line: number) => `Same SKU as line ${line}: added to that line`,
  rowMergedFrom: (lines: readonly number[]) =>
    `Includes the quantity of line${lines.length === 1 ? '' : 's'} ${lines.join(', ')} (same SKU)`,

  // Requests for quote (domain/quoting/)
  quoteNotFound: 'This quote does not exist',
  quoteMessageRequired: 'Please tell us what you need: a quantity, a price or a delivery date',
  quoteLineQuantity: 'Please ask for at least 1 unit',
  quoteAnswerLineNotAsked: 'This product is not on the request',
  quoteAnswerQuantity: (minimum: number) => `Offer at least ${quantityText(minimum)} units, or leave the line out`,
  quotePriceInvalid: 'Please enter a price in whole cents, 0 or more',
  quoteExpiryDays: (min: number, max: number) => `The offer must last from ${min} to ${max} days`,
  quoteStatusUnknown: 'Status must be requested, quoted, accepted, declined or expired.',
  quoteHoldStockInvalid: 'Say whether the quote holds the stock: true or false',
  quoteNotOpen: {
    requested: 'This quote has not been answered yet',
    quoted: 'This quote was already answered',
    accepted: 'This quote was already accepted',
    declined: 'This quote was declined',
    expired: 'This quote has expired',
  },

  // After the sale: cancel, refund, return (domain/after-sale/)
  refundNotFound: 'This refund does not exist',
  paymentToRefundNotFound: 'This payment is not waiting for a refund',
  paymentAlreadyRefunded: 'This payment was already refunded',
  returnNotFound: 'This return does not exist',
  orderNotCancellable: 'Only a paid order that has not shipped can be cancelled',
  orderNotRefundable: 'Money can be given back only on a paid or shipped order',
  refundExceedsPaid: (left: number) => `That is more than is left to refund on this order: at most ${formatCents(left)}`,
  refundRefused: {
    'exceeds-payment': 'The payment provider refused: that is more than is left of the payment',
    'not-paid': 'The payment provider has no succeeded payment to refund for this order',
    declined: 'The payment provider refused the refund',
  },
  returnNotShipped: 'Items can be returned once the order has shipped',
  returnWindowClosed: (days: number) => `Returns are accepted within ${days} days of shipping; this order shipped longer ago`,
  returnNotOpen: {
    requested: 'This return has not been approved yet',
    approved: 'This return was already approved',
    rejected: 'This return was rejected',
    received: 'This return was already received',
  },
  lineNotInOrder: 'This product is not on the order',
  lineRepeated: 'This product is already listed above: one line per product',
  afterSaleQuantity: (max: number) => (max <= 0 ? 'None of this product is left to give back' : `Choose from 1 to ${quantityText(max)} units`),
  refundAmount: (max: number) => `Enter an amount in whole cents, from 1 to ${max}`,
  refundEmpty: 'Choose the lines to give back, or an amount',
  reasonRequired: 'Please say why',
  returnStatusUnknown: 'Status must be requested, approved, rejected or received.',
  restockInvalid: 'Say whether the units go back on the shelf: true or false',

  // Companies (domain/companies/)
  noCompany: 'You do not belong to a company',
  alreadyInCompany: 'This account already belongs to a company',
  notAManager: 'Only a manager of the company can do this',
  alreadyInvited: 'This address already has an invitation waiting',
  invitationNotFound: 'This invitation does not exist or has expired',
  invitationUsed: 'This invitation was already accepted',
  invitationForAnotherEmail: 'This invitation was sent to another e-mail address: sign in with that one',
  lastManager: 'The company needs at least one manager: make someone else a manager first',
  tooManyAddresses: (max: number) => `A company can keep at most ${max} sites: remove one first`,
  tooManyMembers: (max: number) => `A company can have at most ${max} members, invitations waiting included: a manager must remove a member or withdraw an invitation first`,
  companyMemberNotFound: 'This person is not a member of your company',
  companyInvitationNotFound: 'This invitation does not exist',
  companyAddressNotFound: 'This site does not exist',
  companyNameRequired: 'Please enter the company name',
  siteLabelRequired: 'Please name the site',
  recipientRequired: 'Please enter who receives deliveries',
  centsInvalid: 'Please enter an amount in whole cents, 0 or more',
  companyRoleInvalid: 'Role must be manager or buyer.',
} as const;

/** A product term's refusal (part numbers, packs, minimums, volume prices) in words. */
export const termFailureMessage = (failure: TermFailure): string => {
  switch (failure.code) {
    case 'REQUIRED':
      return messages.fieldRequired;
    case 'TOO_SHORT':
      return messages.tooShort(failure.min);
    case 'TOO_LONG':
      return messages.tooLong(failure.max);
    case 'CONTROL_CHARACTERS':
      return messages.controlCharacters;
    case 'SKU_CHARACTERS':
      return messages.skuCharacters;
    case 'NOT_WHOLE_NUMBER':
      return messages.notWholeNumber;
    case 'TOO_SMALL':
      return messages.atLeast(failure.min);
    case 'TOO_LARGE':
      return messages.atMost(failure.max);
    case 'NOT_A_PACK_MULTIPLE':
      return messages.notPackMultiple(failure.packSize);
    case 'TOO_MANY':
      return messages.tooMany(failure.max);
    case 'DUPLICATE_ATTRIBUTE':
      return messages.duplicateAttribute(failure.name);
    case 'TIER_NOT_ABOVE_MINIMUM':
      return messages.tierNotAboveMinimum(failure.minimum);
    case 'TIER_NOT_RISING':
      return messages.tierNotRising(failure.previous);
    case 'TIER_PRICE_NOT_BELOW_BASE':
      return messages.tierPriceNotBelowBase(formatCents(failure.priceCents));
    case 'TIER_PRICE_NOT_FALLING':
      return messages.tierPriceNotFalling(formatCents(failure.previous));
  }
};

/** An order's (or a quote's, or a cart's) lines refused, in words. */
export const orderLinesFailureMessage = (failure: OrderLinesFailureCode): string => {
  switch (failure.code) {
    case 'NO_LINES':
      return messages.linesRequired;
    case 'TOO_MANY_LINES':
      return messages.tooManyLines(failure.max);
    case 'TOTAL_TOO_LARGE':
      return messages.aboveStock;
    case 'NOT_WHOLE_NUMBER':
      return messages.quantityNotWhole;
    case 'UNKNOWN_PRODUCT':
      return messages.productNotFound;
    case 'DUPLICATE_PRODUCT':
      return messages.duplicateLine(failure.firstIndex);
    case 'BELOW_MINIMUM':
      return messages.lineBelowMinimum(failure.minimum);
    case 'NOT_A_PACK_MULTIPLE':
      return messages.lineNotPackMultiple(failure.packSize);
    case 'ABOVE_STOCK':
      return messages.lineAboveStock(failure.available);
  }
};

/** A pasted quick-order list refused as a whole, in words. */
export const pastedListFailureMessage = (failure: PastedListFailure): string => {
  switch (failure.code) {
    case 'EMPTY':
      return messages.pastedListEmpty;
    case 'TOO_LARGE':
      return messages.pastedListTooLarge(failure.maxBytes / 1000);
    case 'TOO_MANY_LINES':
      return messages.pastedListTooManyLines(failure.max);
    case 'NOT_TEXT':
      return messages.pastedListNotText;
  }
};

/**
 * The one place a field problem becomes words: every answer's `fields`, the import report's rows
 * and the forms that run the same rules. Exhaustive, so a new rule without a text fails to
 * type-check here.
 */
export const fieldProblemText = (problem: FieldProblem): string => {
  switch (problem.rule) {
    case 'tooLong':
      return messages.tooLong(problem.max);
    case 'periodTooLong':
      return messages.periodTooLong(problem.days);
    case 'quoteAnswerQuantity':
      return messages.quoteAnswerQuantity(problem.minimum);
    case 'afterSaleQuantity':
      return messages.afterSaleQuantity(problem.max);
    case 'refundAmount':
      return messages.refundAmount(problem.max);
    case 'quoteExpiryDays':
      return messages.quoteExpiryDays(problem.min, problem.max);
    case 'importUnknownColumn':
      return messages.importUnknownColumn(problem.position);
    case 'importDuplicateColumn':
      return messages.importDuplicateColumn(problem.column);
    case 'importRowShape':
      return messages.importRowShape(problem.cells, problem.columns);
    case 'importSkuRepeated':
      return messages.importSkuRepeated(problem.row);
    case 'importColumnMissing':
      return messages.importColumnMissing(problem.column);
    case 'importTooManyRows':
      return messages.importTooManyRows(problem.max);
    case 'term':
      return termFailureMessage(problem.failure);
    case 'orderLines':
      return orderLinesFailureMessage(problem.failure);
    case 'pastedList':
      return pastedListFailureMessage(problem.failure);
    default:
      // Every other rule needs no data: its name is its text's key.
      return messages[problem.rule];
  }
};

/** A request's field problems as the texts its answer carries, field by field. */
export const fieldTexts = (fields: Readonly<Record<string, FieldProblem>>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([field, problem]) => [field, fieldProblemText(problem)]));

/** The quantity advice under a quantity field (cart, quick order, product page) as one sentence. */
export const adviceText = (note: AdviceNote): string => {
  switch (note.code) {
    case 'BELOW_MINIMUM':
      return messages.adviceBelowMinimum(note.minimum);
    case 'STOCK_BELOW_MINIMUM':
      return messages.adviceStockBelowMinimum(note.stock, note.minimum);
    case 'ONLY_IN_STOCK':
      return messages.adviceStock(note.stock, note.maxAvailable, note.packSize);
    case 'PACK_CHOICE':
      return messages.advicePackChoice(note.packSize, note.lower, note.upper);
    case 'PACK_ONE':
      return messages.advicePackOne(note.packSize, note.quantity);
    case 'NEXT_BREAK':
      return messages.adviceNextBreak(note.extraUnits, formatCents(note.unitPriceCents), formatCents(note.savingCents));
  }
};
