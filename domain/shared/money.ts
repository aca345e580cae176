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
