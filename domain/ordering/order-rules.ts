import { messages } from '../messages.ts';
import { normalizePhone } from '../shared/phone.ts';
import { MIN_ORDER_QUANTITY } from './order.ts';

export const MAX_ADDRESS_LENGTH = 500;

export interface OrderRequest {
  quantity: number;
  phone: string;
  address: string;
}

/**
 * The order form's rules in the seed's order (present, numeric, minimum, stock), as field
 * messages. Returns the normalised phone and address when every field is fine.
 */
export const checkOrderRequest = (
  input: OrderRequest,
  stock: number,
): { ok: true; phone: string; address: string } | { ok: false; fields: Record<string, string> } => {
  const fields: Record<string, string> = {};
  if (!Number.isSafeInteger(input.quantity)) fields.quantity = messages.quantityNotWhole;
  else if (input.quantity < MIN_ORDER_QUANTITY) fields.quantity = messages.belowMinimum;
  else if (input.quantity > stock) fields.quantity = messages.aboveStock;

  const phone = normalizePhone(input.phone);
  if (input.phone.trim() === '') fields.phone = messages.phoneRequired;
  else if (phone === null) fields.phone = messages.phoneNotDigits;

  const address = input.address.trim();
  if (address === '') fields.address = messages.addressRequired;
  else if (address.length > MAX_ADDRESS_LENGTH) fields.address = messages.tooLong(MAX_ADDRESS_LENGTH);

  return Object.keys(fields).length > 0 || phone === null
    ? { ok: false, fields }
    : { ok: true, phone, address };
};
