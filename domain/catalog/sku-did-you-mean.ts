import { normalizeSku, SKU_MAX_LENGTH } from './sku.ts';

/**
 * "Did you mean" for a part number nobody has (docs/orders.md, "Orders, cart, quick order"): the known SKUs within a
 * few typing mistakes of it. Reading every SKU of a large catalogue for each unknown one would
 * grow with the catalogue, so the candidates are found by index lookups of bounded size
 * (`findSimilarSkus`): every string one typing mistake away, looked up exactly, and the SKUs
 * nearest alphabetically on either side; those are then ranked by `closestSkus`.
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
 * How many unknown SKUs of one pasted list get suggestions: each costs a few thousand index
 * lookups, and a list of 200 made-up SKUs must not cost 200 times that.
 */
export const DID_YOU_MEAN_MAX_SKUS = 10;
/** The known SKUs read on each side of an unknown one, in SKU order. */
export const DID_YOU_MEAN_NEIGHBOURS = 25;

/** The characters a SKU is made of (sku.ts), upper case. */
const SKU_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./-';
const SKU_TEXT = /^[A-Z0-9./-]+$/;

/**
 * Every SKU one typing mistake from `sku` (a character left out, added, changed, or two
 * neighbours swapped): about 80 per character, so a typo anywhere is found by exact lookups.
 */
export const oneEditAway = (sku: string): string[] => {
  const variants = new Set<string>();
  for (let i = 0; i <= sku.length; i += 1) {
    const [head, tail] = [sku.slice(0, i), sku.slice(i)];
    if (tail !== '') variants.add(head + tail.slice(1));
    if (tail.length > 1) variants.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of SKU_ALPHABET) {
      variants.add(head + letter + tail);
      if (tail !== '') variants.add(head + letter + tail.slice(1));
    }
  }
  variants.delete(sku);
  return [...variants].filter((variant) => variant.length <= SKU_MAX_LENGTH && SKU_TEXT.test(variant));
};

/** The two index reads a store answers for did-you-mean. */
export interface SkuLookups {
  /** Which of these (upper-case) SKUs exist. */
  existing(skus: readonly string[]): Promise<string[]>;
  /** Up to `eachSide` known SKUs just below `sku` and just above it, in SKU order. */
  around(sku: string, eachSide: number): Promise<string[]>;
}

/**
 * The closest known SKUs to `input` among those one mistake away and its neighbours in SKU
 * order: any single slip is found, and several when they fall late enough that the SKU still
 * sorts beside the one meant.
 */
export const findSimilarSkus = async (lookups: SkuLookups, input: string, limit = DID_YOU_MEAN_LIMIT): Promise<string[]> => {
  const wanted = normalizeSku(input);
  if (wanted === '' || wanted.length > SKU_MAX_LENGTH + 1) return [];
  const [oneOff, around] = await Promise.all([lookups.existing(oneEditAway(wanted)), lookups.around(wanted, DID_YOU_MEAN_NEIGHBOURS)]);
  return closestSkus(wanted, [...oneOff, ...around], limit);
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
