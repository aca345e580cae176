import { messages } from '../messages.ts';
import { formatCents, type Cents } from '../shared/money.ts';

/**
 * Why a product field was refused, as data: the HTTP schemas, the admin forms and the CSV import
 * all run the same checks and turn a failure into text only at the edge, with
 * `termFailureMessage`.
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

/** A failure and the field it belongs to, as a dotted path: `priceTiers.2.minQuantity`. */
export interface FieldFailure {
  field: string;
  failure: TermFailure;
}

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

/** Field failures as the `fields` of a validation error (`invalid(...)`): the first per field. */
export const failuresToFields = (failures: readonly FieldFailure[]): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const { field, failure } of failures) fields[field] ??= termFailureMessage(failure);
  return fields;
};
