import { messages } from '../messages.ts';
import { invalid, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { normalizePhone } from '../shared/phone.ts';
import { unitPriceFor } from '../catalog/pricing.ts';
import { multiplyCents } from '../shared/money.ts';
import type { StockedTerms } from '../catalog/product-terms.ts';
import { isLineQuantity, quantityProblems } from '../catalog/quantity-advice.ts';
import { addressProblem, phoneProblem } from './order-rules.ts';

/**
 * The rules of an order with lines (docs/orders.md, "Orders, cart, quick order"): 1–100 lines, each product once, each
 * quantity at least the product's minimum, in whole packs and within the stock; a PO number of at
 * most 40 characters and a note of at most 500. Failures name the line (`lines.2.quantity`), so
 * the cart, quick order and the API point at the same row.
 */

export const MAX_ORDER_LINES = 100;
export const MAX_PO_NUMBER_LENGTH = 40;
export const MAX_ORDER_NOTE_LENGTH = 500;

export interface OrderLineRequest {
  productId: string;
  quantity: number;
}

export type LineFailure =
  | { code: 'NOT_WHOLE_NUMBER' }
  | { code: 'UNKNOWN_PRODUCT' }
  | { code: 'DUPLICATE_PRODUCT'; firstIndex: number }
  | { code: 'BELOW_MINIMUM'; minimum: number }
  | { code: 'NOT_A_PACK_MULTIPLE'; packSize: number }
  | { code: 'ABOVE_STOCK'; available: number };

export type OrderLinesFailure =
  | { field: 'lines'; failure: { code: 'NO_LINES' } | { code: 'TOO_MANY_LINES'; max: number } | { code: 'TOTAL_TOO_LARGE' } }
  | { field: `lines.${number}.productId` | `lines.${number}.quantity`; index: number; failure: LineFailure };

const lineFailure = (index: number, part: 'productId' | 'quantity', failure: LineFailure): OrderLinesFailure => ({
  field: `lines.${index}.${part}`,
  index,
  failure,
});

/**
 * What can be checked before the products are read: the number of lines, repeated products and
 * whole-number quantities (the API's request schema runs this one).
 */
export const checkOrderLinesShape = (lines: readonly OrderLineRequest[]): OrderLinesFailure[] => {
  if (lines.length === 0) return [{ field: 'lines', failure: { code: 'NO_LINES' } }];
  if (lines.length > MAX_ORDER_LINES) return [{ field: 'lines', failure: { code: 'TOO_MANY_LINES', max: MAX_ORDER_LINES } }];
  const failures: OrderLinesFailure[] = [];
  const firstIndex = new Map<string, number>();
  lines.forEach((line, index) => {
    const first = firstIndex.get(line.productId);
    if (first === undefined) firstIndex.set(line.productId, index);
    else failures.push(lineFailure(index, 'productId', { code: 'DUPLICATE_PRODUCT', firstIndex: first }));
    if (!isLineQuantity(line.quantity)) failures.push(lineFailure(index, 'quantity', { code: 'NOT_WHOLE_NUMBER' }));
  });
  return failures;
};

/**
 * The quantity rule, written once (docs/decisions/011): a whole number, at least the product's own
 * minimum, in whole packs and within the stock. The first problem, in the order a buyer fixes
 * them; null when the quantity can be ordered.
 */
export const quantityFailure = (product: StockedTerms, quantity: number): LineFailure | null => {
  if (!isLineQuantity(quantity)) return { code: 'NOT_WHOLE_NUMBER' };
  const [problem] = quantityProblems(product, quantity);
  if (problem === 'BELOW_MINIMUM') return { code: 'BELOW_MINIMUM', minimum: product.minOrderQuantity };
  if (problem === 'NOT_A_PACK_MULTIPLE') return { code: 'NOT_A_PACK_MULTIPLE', packSize: product.packSize };
  if (problem === 'ABOVE_STOCK') return { code: 'ABOVE_STOCK', available: Math.max(product.stock, 0) };
  return null;
};

/**
 * The same rule as the catalogue's sentence, for a form's quantity box: the product page's
 * purchase form shows what `placeOrder` would answer for that line.
 */
export const quantityProblem = (product: StockedTerms, quantity: number): string | null => {
  const failure = quantityFailure(product, quantity);
  return failure && failureMessage(failure);
};

/**
 * Every line against its product as read now: missing products, then each line's minimum, packs
 * and stock (the first problem of a line, in the order a buyer fixes them). The atomic
 * reservation checks the stock again; a short line there becomes the same ABOVE_STOCK failure.
 */
export const checkOrderLines = (
  lines: readonly OrderLineRequest[],
  products: ReadonlyMap<string, StockedTerms>,
): OrderLinesFailure[] => {
  const shape = checkOrderLinesShape(lines);
  if (shape.length > 0) return shape;
  const failures: OrderLinesFailure[] = [];
  let totalCents = 0;
  lines.forEach((line, index) => {
    const product = products.get(line.productId);
    if (!product) return void failures.push(lineFailure(index, 'productId', { code: 'UNKNOWN_PRODUCT' }));
    const problem = quantityFailure(product, line.quantity);
    if (problem) failures.push(lineFailure(index, 'quantity', problem));
    else totalCents += multiplyCents(unitPriceFor(product, line.quantity), line.quantity) ?? Number.POSITIVE_INFINITY;
  });
  if (failures.length === 0 && !Number.isSafeInteger(totalCents)) return [{ field: 'lines', failure: { code: 'TOTAL_TOO_LARGE' } }];
  return failures;
};

export const orderLinesFailureMessage = ({ failure }: OrderLinesFailure): string => failureMessage(failure);

function failureMessage(failure: OrderLinesFailure['failure']): string {
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
}

/**
 * The error to answer: 409 INSUFFICIENT_STOCK when stock is the only problem (each short line
 * named, with what is available), else 400 VALIDATION_FAILED naming every bad field, and which of
 * them name a product that does not exist.
 */
export const orderLinesError = (failures: readonly OrderLinesFailure[]): ErrorOf<'INSUFFICIENT_STOCK' | 'VALIDATION_FAILED'> => {
  const fields: Record<string, string> = {};
  for (const failure of failures) fields[failure.field] ??= orderLinesFailureMessage(failure);
  const onlyStock = failures.length > 0 && failures.every(({ failure }) => failure.code === 'ABOVE_STOCK');
  if (onlyStock) return { code: 'INSUFFICIENT_STOCK', fields };
  const unknownProducts = failures.filter(({ failure }) => failure.code === 'UNKNOWN_PRODUCT').map(({ field }) => field);
  return unknownProducts.length > 0 ? { ...invalid(fields), unknownProducts } : invalid(fields);
};

/** Lines the atomic reservation found short, as the same failures `checkOrderLines` gives. */
export const shortLines = (short: readonly { index: number; available: number }[]): OrderLinesFailure[] =>
  short.map(({ index, available }) => lineFailure(index, 'quantity', { code: 'ABOVE_STOCK', available: Math.max(available, 0) }));

export interface OrderDetailsInput {
  phone: string;
  address: string;
  poNumber?: string | null | undefined;
  note?: string | null | undefined;
}
export interface OrderDetails {
  phone: string;
  address: string;
  /** Empty means none. */
  poNumber: string | null;
  note: string | null;
}

const optionalText = (input: string | null | undefined): string | null => {
  const text = (input ?? '').trim();
  return text === '' ? null : text;
};

/** The order's own fields: phone and address as for every order, then the PO number and note. */
export const checkOrderDetails = (input: OrderDetailsInput): Result<OrderDetails, Record<string, string>> => {
  const fields: Record<string, string> = {};
  const phoneText = phoneProblem(input.phone);
  if (phoneText) fields.phone = phoneText;
  const addressText = addressProblem(input.address);
  if (addressText) fields.address = addressText;
  const poNumber = optionalText(input.poNumber);
  if (poNumber && poNumber.length > MAX_PO_NUMBER_LENGTH) fields.poNumber = messages.tooLong(MAX_PO_NUMBER_LENGTH);
  const note = optionalText(input.note);
  if (note && note.length > MAX_ORDER_NOTE_LENGTH) fields.note = messages.tooLong(MAX_ORDER_NOTE_LENGTH);
  const phone = normalizePhone(input.phone);
  if (Object.keys(fields).length > 0 || phone === null) return fail(fields);
  return ok({ phone, address: input.address.trim(), poNumber, note });
};
