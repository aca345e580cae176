import { z } from 'zod';
import { MAX_PRICE_CENTS, MAX_STOCK } from '#domain/catalog/manage-catalog.ts';
import { messages } from '../../lib/messages.ts';
import { dollarsToCents } from '#domain/shared/money.ts';

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
