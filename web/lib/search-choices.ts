/**
 * Readers of a URL's search choices for the routes' validateSearch (docs/storefront.md, "First-load
 * JavaScript"). Every route's validateSearch is in the first page's bundle, whatever the page; zod
 * there cost 24 kB gzipped on every page, so these few plain readers do the routes' part. Each
 * answers the value when it is a valid choice and undefined otherwise: a link holding a value the
 * page cannot take still opens the page, without that choice (as the catalogue says, "ignored").
 * Forms keep zod (lib/validate.ts), loaded with the form.
 */

/** One of `values`, as written. */
export const oneOf =
  <const T extends readonly (string | number)[]>(values: T) =>
  (raw: unknown): T[number] | undefined =>
    values.includes(raw as T[number]) ? (raw as T[number]) : undefined;

/**
 * Text trimmed, `min` to `max` characters after trimming. The router reads `8080` as a number, so
 * with `numbersAsText` a number is read as its text (a part number is words too).
 */
export const text =
  ({ min = 0, max, trim = true, numbersAsText = false }: { min?: number; max: number; trim?: boolean; numbersAsText?: boolean }) =>
  (raw: unknown): string | undefined => {
    const value = numbersAsText && typeof raw === 'number' ? String(raw) : raw;
    if (typeof value !== 'string') return undefined;
    const read = trim ? value.trim() : value;
    return read.length >= min && read.length <= max ? read : undefined;
  };

/** A finite number from `min` to `max`, from a number or its text (an empty text reads as 0, as zod's coerce). */
export const numberFrom =
  ({ min, max }: { min: number; max: number }) =>
  (raw: unknown): number | undefined => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    return Number.isFinite(value) && value >= min && value <= max ? value : undefined;
  };

/** true or false, as the router reads them from the URL. */
export const flag = (raw: unknown): boolean | undefined => (typeof raw === 'boolean' ? raw : undefined);

/** A list of at most `max` items, each valid by `item`; one invalid item drops the whole list. */
export const listOf =
  <T>(item: (raw: unknown) => T | undefined, max: number) =>
  (raw: unknown): T[] | undefined => {
    if (!Array.isArray(raw) || raw.length > max) return undefined;
    const read = raw.map(item);
    return read.every((value) => value !== undefined) ? (read as T[]) : undefined;
  };

type Readers = Record<string, (raw: unknown) => unknown>;
export type ChoicesOf<R extends Readers> = { [K in keyof R]?: ReturnType<R[K]> };

/**
 * A route's validateSearch from one reader per choice. A choice the URL holds with a value the page
 * cannot take is answered as undefined (the router then leaves it out of the URL); other names are
 * left to the router.
 */
export const searchChoices =
  <R extends Readers>(readers: R) =>
  (raw: Record<string, unknown>): ChoicesOf<R> => {
    const search: Record<string, unknown> = {};
    for (const [name, read] of Object.entries(readers)) {
      const value = read(raw[name]);
      if (value !== undefined || name in raw) search[name] = value;
    }
    return search as ChoicesOf<R>;
  };
