/** Amounts a manager types in dollars: a monthly limit, an approval threshold (docs/companies.md, "Companies and members"). */
import { centsAsDollars, dollarsToCents } from '#domain/shared/money.ts';

/** '' is "no limit" (null); '1,250.50' or '$500' are cents; anything else is undefined (a problem to show). */
export const optionalCents = (text: string): number | null | undefined => {
  const trimmed = text.replaceAll(',', '').trim();
  if (trimmed === '') return null;
  return dollarsToCents(trimmed) ?? undefined;
};

export const optionalCentsProblem = ({ value }: { value: string }): string | undefined =>
  optionalCents(value) === undefined ? 'Enter an amount in dollars, like 2500 or 2500.00, or leave it empty for none' : undefined;

/** The field's text for an amount already set: '' for none. */
export const centsText = (cents: number | null): string => (cents === null ? '' : centsAsDollars(cents));

export const requiredProblem =
  (what: string, max: number) =>
  ({ value }: { value: string }): string | undefined => {
    const text = value.trim();
    if (text === '') return `Enter the ${what}`;
    return text.length > max ? `The ${what} can be at most ${max} characters` : undefined;
  };
