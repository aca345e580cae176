import { fail, ok, type Result } from '../shared/result.ts';
import type { Cents } from '../shared/money.ts';
import { MAX_PRICE_CENTS, MAX_STOCK } from './product-limits.ts';
import {
  DEFAULT_MIN_ORDER_QUANTITY,
  DEFAULT_PACK_SIZE,
  DEFAULT_UNIT,
  MIN_ORDER_QUANTITY,
  type PriceTier,
  type ProductAttribute,
  type ProductTerms,
} from './product-terms.ts';
import type { FieldFailure, TermFailure } from './term-failure.ts';

/**
 * The rules of a product's catalogue fields and terms (docs/catalogue.md, "Catalogue"). Each check takes
 * the value as the admin typed it (trimmed strings, numbers) and returns the stored value or a
 * typed failure, so the API, the admin forms and the CSV import refuse the same things.
 */

export const MAX_BRAND_LENGTH = 60;
export const MAX_UNIT_LENGTH = 30;
export const MAX_ATTRIBUTES = 30;
export const MAX_ATTRIBUTE_NAME_LENGTH = 60;
export const MAX_ATTRIBUTE_VALUE_LENGTH = 200;
export const MAX_PRICE_TIERS = 6;
/** No quantity term can exceed what the shop can ever hold of one product. */
export const MAX_TERM_QUANTITY = MAX_STOCK;

/** Brand is optional: empty means none (null). */
export const checkBrand = (input: string | null | undefined): Result<string | null, TermFailure> => {
  const brand = (input ?? '').trim();
  if (brand === '') return ok(null);
  return brand.length > MAX_BRAND_LENGTH ? fail({ code: 'TOO_LONG', max: MAX_BRAND_LENGTH }) : ok(brand);
};

/** Unit defaults to `piece` when left empty. */
export const checkUnit = (input: string | null | undefined): Result<string, TermFailure> => {
  const unit = (input ?? '').trim();
  if (unit === '') return ok(DEFAULT_UNIT);
  return unit.length > MAX_UNIT_LENGTH ? fail({ code: 'TOO_LONG', max: MAX_UNIT_LENGTH }) : ok(unit);
};

const wholeNumberFailure = (value: number, min: number, max: number): TermFailure | null => {
  if (!Number.isSafeInteger(value)) return { code: 'NOT_WHOLE_NUMBER' };
  if (value < min) return { code: 'TOO_SMALL', min };
  if (value > max) return { code: 'TOO_LARGE', max };
  return null;
};

/** A spec cell is one line shown in a table and a CSV cell: tabs, line breaks and NULs have no place in it. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** The specification table: up to 30 rows, both cells one filled line, names distinct (any case). */
export const checkAttributes = (
  input: readonly ProductAttribute[] | null | undefined,
): Result<ProductAttribute[], FieldFailure[]> => {
  const rows = input ?? [];
  if (rows.length > MAX_ATTRIBUTES) return fail([{ field: 'attributes', failure: { code: 'TOO_MANY', max: MAX_ATTRIBUTES } }]);
  const failures: FieldFailure[] = [];
  const attributes: ProductAttribute[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const name = row.name.trim();
    const value = row.value.trim();
    const at = (part: 'name' | 'value', failure: TermFailure) => failures.push({ field: `attributes.${index}.${part}`, failure });
    if (name === '') at('name', { code: 'REQUIRED' });
    else if (CONTROL_CHARACTER.test(name)) at('name', { code: 'CONTROL_CHARACTERS' });
    else if (name.length > MAX_ATTRIBUTE_NAME_LENGTH) at('name', { code: 'TOO_LONG', max: MAX_ATTRIBUTE_NAME_LENGTH });
    else if (seen.has(name.toLowerCase())) at('name', { code: 'DUPLICATE_ATTRIBUTE', name });
    if (value === '') at('value', { code: 'REQUIRED' });
    else if (CONTROL_CHARACTER.test(value)) at('value', { code: 'CONTROL_CHARACTERS' });
    else if (value.length > MAX_ATTRIBUTE_VALUE_LENGTH) at('value', { code: 'TOO_LONG', max: MAX_ATTRIBUTE_VALUE_LENGTH });
    seen.add(name.toLowerCase());
    attributes.push({ name, value });
  });
  return failures.length > 0 ? fail(failures) : ok(attributes);
};

/** Units per pack: a whole number from 1. */
export const checkPackSize = (packSize: number): TermFailure | null => wholeNumberFailure(packSize, 1, MAX_TERM_QUANTITY);

/** A product's minimum: at least the shop-wide 100 and a whole number of its packs. */
export const checkMinOrderQuantity = (minOrderQuantity: number, packSize: number): TermFailure | null =>
  wholeNumberFailure(minOrderQuantity, MIN_ORDER_QUANTITY, MAX_TERM_QUANTITY) ??
  (Number.isSafeInteger(packSize) && packSize >= 1 && minOrderQuantity % packSize !== 0
    ? { code: 'NOT_A_PACK_MULTIPLE', packSize }
    : null);

/**
 * Volume prices against the product's price, minimum and pack size: at most 6; each quantity
 * above the minimum, a whole number of packs and above the previous one; each price a whole
 * number of cents, below the regular price and below the previous tier's.
 */
export const checkPriceTiers = (
  tiers: readonly PriceTier[],
  terms: Pick<ProductTerms, 'priceCents' | 'minOrderQuantity' | 'packSize'>,
): FieldFailure[] => {
  if (tiers.length > MAX_PRICE_TIERS) return [{ field: 'priceTiers', failure: { code: 'TOO_MANY', max: MAX_PRICE_TIERS } }];
  const failures: FieldFailure[] = [];
  tiers.forEach((tier, index) => {
    const previous = index > 0 ? tiers[index - 1] : undefined;
    const quantity = quantityFailure(tier.minQuantity, terms, previous?.minQuantity);
    if (quantity) failures.push({ field: `priceTiers.${index}.minQuantity`, failure: quantity });
    const price = priceFailure(tier.unitPriceCents, terms.priceCents, previous?.unitPriceCents);
    if (price) failures.push({ field: `priceTiers.${index}.unitPriceCents`, failure: price });
  });
  return failures;
};

const quantityFailure = (
  minQuantity: number,
  terms: Pick<ProductTerms, 'minOrderQuantity' | 'packSize'>,
  previous: number | undefined,
): TermFailure | null => {
  const whole = wholeNumberFailure(minQuantity, 1, MAX_TERM_QUANTITY);
  if (whole) return whole;
  if (minQuantity <= terms.minOrderQuantity) return { code: 'TIER_NOT_ABOVE_MINIMUM', minimum: terms.minOrderQuantity };
  if (terms.packSize >= 1 && minQuantity % terms.packSize !== 0) return { code: 'NOT_A_PACK_MULTIPLE', packSize: terms.packSize };
  if (previous !== undefined && minQuantity <= previous) return { code: 'TIER_NOT_RISING', previous };
  return null;
};

const priceFailure = (unitPriceCents: Cents, priceCents: Cents, previous: Cents | undefined): TermFailure | null => {
  const whole = wholeNumberFailure(unitPriceCents, 1, MAX_PRICE_CENTS);
  if (whole) return whole;
  if (unitPriceCents >= priceCents) return { code: 'TIER_PRICE_NOT_BELOW_BASE', priceCents };
  if (previous !== undefined && unitPriceCents >= previous) return { code: 'TIER_PRICE_NOT_FALLING', previous };
  return null;
};

/** The terms as a form or an import row gives them; missing ones take their defaults. */
export interface ProductTermsInput {
  priceCents: Cents;
  minOrderQuantity?: number | undefined;
  packSize?: number | undefined;
  priceTiers?: readonly PriceTier[] | undefined;
}

/**
 * All of a product's terms at once, in dependency order: a pack size it cannot use is reported
 * once, on `packSize`, rather than again on every quantity measured in packs. The price itself is
 * checked by the product's own rules; here it is the ceiling of the tiers.
 */
export const checkProductTerms = (input: ProductTermsInput): Result<ProductTerms, FieldFailure[]> => {
  const packSize = input.packSize ?? DEFAULT_PACK_SIZE;
  const minOrderQuantity = input.minOrderQuantity ?? DEFAULT_MIN_ORDER_QUANTITY;
  const priceTiers = (input.priceTiers ?? []).map((tier) => ({ minQuantity: tier.minQuantity, unitPriceCents: tier.unitPriceCents }));
  const packFailure = checkPackSize(packSize);
  if (packFailure) return fail([{ field: 'packSize', failure: packFailure }]);
  const minimumFailure = checkMinOrderQuantity(minOrderQuantity, packSize);
  if (minimumFailure) return fail([{ field: 'minOrderQuantity', failure: minimumFailure }]);
  const terms: ProductTerms = { priceCents: input.priceCents, minOrderQuantity, packSize, priceTiers };
  const tierFailures = checkPriceTiers(priceTiers, terms);
  return tierFailures.length > 0 ? fail(tierFailures) : ok(terms);
};
