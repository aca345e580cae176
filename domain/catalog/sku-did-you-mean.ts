import { normalizeSku } from './sku.ts';

/**
 * "Did you mean" for a part number nobody has (README.md, "Quick order"): the known SKUs within a
 * few typing mistakes of it. Pure, so the in-memory store uses it as it is; the SQL stores may
 * narrow the candidates with the database (trigrams, prefixes) and rank them with it.
 */

/**
 * Edits between two strings, a swap of neighbours counting as one (the optimal string alignment
 * distance): `M8-NTU` is one edit from `M8-NUT`. Stops early and answers `limit + 1` once the
 * distance is surely above `limit`.
 */
export const editDistance = (a: string, b: string, limit = Number.POSITIVE_INFINITY): number => {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      current[j] = best;
      rowBest = Math.min(rowBest, best);
    }
    if (rowBest > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? 0, limit + 1);
};

/** How many edits a SKU of this length may be from a suggestion: 1 for short SKUs, up to 3. */
export const didYouMeanTolerance = (sku: string): number => Math.min(3, Math.max(1, Math.floor(sku.length / 4)));

export const DID_YOU_MEAN_LIMIT = 3;
/**
 * How many unknown SKUs of one pasted list get suggestions: each costs a pass over the known
 * SKUs of about its length, and a list of 200 made-up SKUs must not cost 200 passes.
 */
export const DID_YOU_MEAN_MAX_SKUS = 10;

/** The SKU lengths a suggestion for `sku` can have (its tolerance either side). */
export const candidateLengths = (sku: string): { min: number; max: number } => {
  const length = normalizeSku(sku).length;
  const tolerance = didYouMeanTolerance(normalizeSku(sku));
  return { min: Math.max(1, length - tolerance), max: length + tolerance };
};

/**
 * The closest known SKUs to `input`, nearest first (then alphabetical), at most `limit`, never
 * `input` itself. Separators count as characters, so `M8NUT` finds `M8-NUT`.
 */
export const closestSkus = (input: string, knownSkus: Iterable<string>, limit = DID_YOU_MEAN_LIMIT): string[] => {
  const wanted = normalizeSku(input);
  if (wanted === '') return [];
  const tolerance = didYouMeanTolerance(wanted);
  const near: { sku: string; distance: number }[] = [];
  for (const known of knownSkus) {
    const sku = normalizeSku(known);
    if (sku === wanted) continue;
    const distance = editDistance(wanted, sku, tolerance);
    if (distance <= tolerance) near.push({ sku, distance });
  }
  near.sort((x, y) => x.distance - y.distance || (x.sku < y.sku ? -1 : x.sku > y.sku ? 1 : 0));
  return [...new Set(near.map((entry) => entry.sku))].slice(0, limit);
};
