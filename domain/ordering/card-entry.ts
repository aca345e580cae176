/**
 * How a buyer types a card, shared by the test provider's card form (web) and its API schema
 * (http), so both accept the same things and say the same words. Phone keypads have no "/": the
 * expiry is read from its digits, so `12/30`, `1230`, `12 / 2030` and `12/2030` are one date.
 */

export type ExpiryReading =
  | { kind: 'date'; expMonth: number; expYear: number }
  | { kind: 'empty' }
  | { kind: 'invalid' };

/** Reads an expiry as typed: MM/YY, MMYY, MM / YYYY, MMYYYY (spaces and one separator allowed). */
export const readExpiry = (text: string): ExpiryReading => {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const parts = /^(\d{1,2})\s*[/\-.]?\s*(\d{2}|\d{4})$/.exec(trimmed);
  if (!parts?.[1] || !parts[2]) return { kind: 'invalid' };
  // "130" is ambiguous (1/30 or 13/0): without a separator the month takes two digits.
  if (parts[1].length === 1 && !/[/\-.\s]/.test(trimmed)) return { kind: 'invalid' };
  const expMonth = Number(parts[1]);
  const expYear = parts[2].length === 2 ? 2000 + Number(parts[2]) : Number(parts[2]);
  if (expMonth < 1 || expMonth > 12) return { kind: 'invalid' };
  return { kind: 'date', expMonth, expYear };
};

/**
 * The expiry box's text after a keystroke: digits only, the slash put in after the month
 * (`1` → `1`, `12` → `12 / `, `123` → `12 / 3`), a leading `2`–`9` read as that month (`4` →
 * `04 / `). Deleting back over the slash drops it rather than putting it back.
 */
export const formatExpiryAsTyped = (typed: string, previous = ''): string => {
  let digits = typed.replace(/\D/g, '').slice(0, 6);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  const deleting = typed.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
};

/** A card number in groups of four as typed (at most 19 digits). */
export const groupCardNumber = (typed: string): string =>
  typed
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
