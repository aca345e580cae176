import { fail, ok, type Result } from '../shared/result.ts';
import type { TermFailure } from './term-failure.ts';

/**
 * The part number rule (docs/catalogue.md, "Catalogue"): 2–32 characters of `A–Z 0–9 - . /`, stored
 * upper-case and compared case-insensitively, so `m8-nut` and `M8-NUT` are one SKU.
 */
export const SKU_MIN_LENGTH = 2;
export const SKU_MAX_LENGTH = 32;
/**
 * Checked as typed, before upper-casing: `toUpperCase` turns some other letters into ASCII (`ß` into
 * `SS`, `ı` into `I`, `ﬀ` into `FF`), which would let them through as a different SKU.
 */
const SKU_CHARACTERS = /^[A-Za-z0-9./-]+$/;

/** The stored and compared form: trimmed and upper-case (it does not check the rule). */
export const normalizeSku = (input: string): string => input.trim().toUpperCase();

export const sameSku = (a: string, b: string): boolean => normalizeSku(a) === normalizeSku(b);

/**
 * The SKU's matching key (docs/catalogue.md, "Search that forgives"): upper-case letters and digits only, so a part
 * number is found however it is typed — `fbm840`, `FB M8 40` and `fb-m8-40` all start the key of
 * `FB-M8-40-A2`. Not unique (`AB-1` and `A-B1` share `AB1`); the stores keep it in `sku_key`
 * beside the SKU, written on every insert and update.
 */
export const skuKey = (input: string): string => input.toUpperCase().replace(/[^A-Z0-9]+/g, '');

/** Checks a SKU as typed and gives its stored form. */
export const checkSku = (input: string): Result<string, TermFailure> => {
  const typed = input.trim();
  if (typed.length === 0) return fail({ code: 'REQUIRED' });
  if (typed.length < SKU_MIN_LENGTH) return fail({ code: 'TOO_SHORT', min: SKU_MIN_LENGTH });
  if (typed.length > SKU_MAX_LENGTH) return fail({ code: 'TOO_LONG', max: SKU_MAX_LENGTH });
  if (!SKU_CHARACTERS.test(typed)) return fail({ code: 'SKU_CHARACTERS' });
  return ok(normalizeSku(typed));
};

export const isValidSku = (input: string): boolean => checkSku(input).ok;

/**
 * The SKU the server gives a product the admin left without one: `BH-000123` from a sequence
 * number (more digits once the sequence passes 999,999).
 */
export const ASSIGNED_SKU_PREFIX = 'BH-';

export const assignedSku = (sequence: number): string => {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`SKU sequence must be a positive whole number, got ${sequence}`);
  return `${ASSIGNED_SKU_PREFIX}${String(sequence).padStart(6, '0')}`;
};

/** The sequence number of a server-assigned SKU, or null for any other SKU. */
export const assignedSkuSequence = (sku: string): number | null => {
  const match = /^BH-(\d{6,15})$/.exec(normalizeSku(sku));
  if (!match?.[1]) return null;
  const sequence = Number(match[1]);
  return sequence >= 1 ? sequence : null;
};
