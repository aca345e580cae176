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
 * How many unknown SKUs of one pasted list get suggestions: a list of 200 made-up SKUs must not
 * cost 200 times one. The others are answered unknown, without suggestions.
 */
export const DID_YOU_MEAN_MAX_SKUS = 10;
/**
 * How many exact lookups one request's suggestions make, shared by its unknown SKUs: one typing
 * mistake away from a 32-character SKU is about 2,500 strings, and ten of them cost hundreds of
 * milliseconds on PostgreSQL. The strings with the mistake earliest in the SKU are kept: a slip
 * later in it leaves the SKU sorted beside the one meant, where the neighbours find it.
 */
export const DID_YOU_MEAN_MAX_LOOKUPS = 2_000;
/** The known SKUs read on each side of an unknown one, in SKU order. */
export const DID_YOU_MEAN_NEIGHBOURS = 25;

/** The characters a SKU is made of (sku.ts), upper case. */
const SKU_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./-';
const SKU_TEXT = /^[A-Z0-9./-]+$/;

/**
 * Every SKU one typing mistake from `sku` (a character left out, added, changed, or two
 * neighbours swapped): about 80 per character, so a typo anywhere is found by exact lookups.
 * With `max`, only the first `max` of them, mistakes earliest in the SKU first, and no work
 * spent on the rest.
 */
export const oneEditAway = (sku: string, max = Number.POSITIVE_INFINITY): string[] => {
  const variants = new Set<string>();
  const add = (variant: string) => {
    if (variant !== sku && variant.length <= SKU_MAX_LENGTH && SKU_TEXT.test(variant)) variants.add(variant);
  };
  for (let i = 0; i <= sku.length && variants.size < max; i += 1) {
    const [head, tail] = [sku.slice(0, i), sku.slice(i)];
    if (tail !== '') add(head + tail.slice(1));
    if (tail.length > 1) add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of SKU_ALPHABET) {
      add(head + letter + tail);
      if (tail !== '') add(head + letter + tail.slice(1));
    }
  }
  return [...variants].slice(0, max);
};

/** The two index reads a store answers for did-you-mean, each once per request for all its SKUs. */
export interface SkuLookups {
  /** Which of these (upper-case) SKUs exist. */
  existing(skus: readonly string[]): Promise<string[]>;
  /** For each of `skus`, in the same order: up to `eachSide` known SKUs just below it and just above it, in SKU order. */
  around(skus: readonly string[], eachSide: number): Promise<string[][]>;
}

/**
 * The closest known SKUs to each of `inputs` (normalised; the map's keys) among those one mistake
 * away and its neighbours in SKU order: any single slip early in the SKU is found by exact lookup,
 * and slips that fall late enough that the SKU still sorts beside the one meant by its
 * neighbours. The work is bounded whatever the list: the first DID_YOU_MEAN_MAX_SKUS SKUs,
 * DID_YOU_MEAN_MAX_LOOKUPS exact lookups between them, and two index reads for all of them.
 * SKUs beyond the first ones, or that cannot be a SKU, are absent from the map.
 */
export const findSimilarSkus = async (lookups: SkuLookups, inputs: readonly string[], limit = DID_YOU_MEAN_LIMIT): Promise<Map<string, string[]>> => {
  const wanted = [...new Set(inputs.map(normalizeSku))]
    .filter((sku) => sku !== '' && sku.length <= SKU_MAX_LENGTH + 1)
    .slice(0, DID_YOU_MEAN_MAX_SKUS);
  if (wanted.length === 0) return new Map();
  const share = Math.floor(DID_YOU_MEAN_MAX_LOOKUPS / wanted.length);
  const variants = wanted.map((sku) => oneEditAway(sku, share));
  const [found, around] = await Promise.all([lookups.existing([...new Set(variants.flat())]), lookups.around(wanted, DID_YOU_MEAN_NEIGHBOURS)]);
  const known = new Set(found);
  return new Map(
    wanted.map((sku, i) => [sku, closestSkus(sku, [...(variants[i] ?? []).filter((variant) => known.has(variant)), ...(around[i] ?? [])], limit)]),
  );
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
