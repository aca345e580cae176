/**
 * The card network of the offline test provider: the numbers Stripe documents for its test mode
 * (https://docs.stripe.com/testing) and the checks Stripe makes before it charges a card.
 */

import type { TestCard } from '#domain/ordering/payment-gateway.ts';

/** What the card network says about a card; `invalid` names the field problem Stripe reports. */
export type CardVerdict =
  | { outcome: 'approved' }
  | { outcome: 'declined'; declineCode: string }
  | { outcome: 'invalid'; problem: 'number' | 'expired' | 'cvc' };

/** Stripe's test numbers that succeed. */
const APPROVED = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '3056930009020004', // Diners Club
  '3566002020360505', // JCB
]);

/** Stripe's test numbers that are declined, with the decline code Stripe gives. */
const DECLINED = new Map([
  ['4000000000000002', 'generic_decline'],
  ['4000000000009995', 'insufficient_funds'],
  ['4000000000009987', 'lost_card'],
  ['4000000000009979', 'stolen_card'],
  ['4000000000000119', 'processing_error'],
]);

/** Test numbers whose decline Stripe reports as a field problem rather than a plain decline. */
const FIELD_DECLINES = new Map<string, 'expired' | 'cvc'>([
  ['4000000000000069', 'expired'], // expired_card
  ['4000000000000127', 'cvc'], // incorrect_cvc
]);

export const digitsOnly = (number: string): string => number.replace(/[\s-]/g, '');

/** The Luhn checksum every real card number satisfies; it catches most typing slips. */
export const passesLuhn = (digits: string): boolean => {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

const isAmex = (digits: string): boolean => /^3[47]/.test(digits);

/** A card is good through the last day of its expiry month (in UTC, as card networks count). */
export const isExpired = (expMonth: number, expYear: number, now: Date): boolean => {
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear)) return true;
  const year = expYear < 100 ? 2000 + expYear : expYear; // Stripe accepts two-digit years too.
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (expMonth - 1) < current;
};

/** American Express has a four-digit code on the front, every other brand three on the back. */
export const isCvcValid = (cvc: string, digits: string): boolean =>
  (isAmex(digits) ? /^\d{4}$/ : /^\d{3}$/).test(cvc.trim());

/** Checks in Stripe's order: number, expiry, code, then what the issuer answers. */
export const judgeCard = (card: TestCard, now: Date): CardVerdict => {
  const digits = digitsOnly(card.number);
  if (!passesLuhn(digits)) return { outcome: 'invalid', problem: 'number' };
  if (isExpired(card.expMonth, card.expYear, now)) return { outcome: 'invalid', problem: 'expired' };
  if (!isCvcValid(card.cvc, digits)) return { outcome: 'invalid', problem: 'cvc' };
  const fieldDecline = FIELD_DECLINES.get(digits);
  if (fieldDecline) return { outcome: 'invalid', problem: fieldDecline };
  if (APPROVED.has(digits)) return { outcome: 'approved' };
  // Like Stripe's test mode: any other number (a real card, say) is declined, never charged.
  return { outcome: 'declined', declineCode: DECLINED.get(digits) ?? 'test_mode_live_card' };
};
