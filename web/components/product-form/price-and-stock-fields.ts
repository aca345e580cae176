import { z } from 'zod';
import { MAX_PRICE_CENTS, MAX_STOCK } from '#domain/catalog/manage-catalog.ts';
import { messages } from '#domain/messages.ts';

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
