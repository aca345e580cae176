/** Money is integer US cents end to end; only display turns it into dollars. */
export type Cents = number;

export const formatCents = (cents: Cents): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
};

/** Multiplies a unit price by a whole quantity, refusing results JavaScript cannot count exactly. */
export const multiplyCents = (unit: Cents, quantity: number): Cents | null => {
  const total = unit * quantity;
  return Number.isSafeInteger(total) ? total : null;
};

/**
 * '12.50' (or '$12.50', '12.5', '12') to 1250 cents, exactly (no floating point); null for
 * anything else, including more than two decimals, negatives and exponents. The admin forms and
 * the catalogue import read prices this way.
 */
export const dollarsToCents = (text: string): Cents | null => {
  const match = /^\s*\$?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
};

/** 1250 → '12.50': plain dollars with two decimals and no symbol (form fields, the catalogue file). */
export const centsAsDollars = (cents: Cents): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
