import { problem, tooLong } from '../shared/field-problem.ts';
import type { FieldProblems } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { ShippingDetails } from './order.ts';

export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_NUMBER_LENGTH = 60;

/** Carriers' tracking numbers are letters and digits, sometimes grouped with spaces or dashes. */
const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
const CONTROL_CHARACTER = /\p{Cc}/u;

export interface ShippingDetailsInput {
  carrier?: string | null | undefined;
  trackingNumber?: string | null | undefined;
}

const optionalText = (input: string | null | undefined): string | null => {
  const text = (input ?? '').trim();
  return text === '' ? null : text;
};

/** The carrier and tracking number an admin may give when shipping: both optional, each one short line. */
export const checkShippingDetails = (input: ShippingDetailsInput): Result<ShippingDetails, FieldProblems> => {
  const fields: FieldProblems = {};
  const carrier = optionalText(input.carrier);
  if (carrier !== null && carrier.length > MAX_CARRIER_LENGTH) fields.carrier = tooLong(MAX_CARRIER_LENGTH);
  else if (carrier !== null && CONTROL_CHARACTER.test(carrier)) fields.carrier = problem('controlCharacters');
  const trackingNumber = optionalText(input.trackingNumber);
  if (trackingNumber !== null && trackingNumber.length > MAX_TRACKING_NUMBER_LENGTH) fields.trackingNumber = tooLong(MAX_TRACKING_NUMBER_LENGTH);
  else if (trackingNumber !== null && !TRACKING_NUMBER.test(trackingNumber)) fields.trackingNumber = problem('trackingNumberCharacters');
  return Object.keys(fields).length > 0 ? fail(fields) : ok({ carrier, trackingNumber: trackingNumber?.toUpperCase() ?? null });
};
