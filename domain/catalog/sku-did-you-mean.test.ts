import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closestSkus, DID_YOU_MEAN_MAX_LOOKUPS, DID_YOU_MEAN_MAX_SKUS, DID_YOU_MEAN_NEIGHBOURS, didYouMeanTolerance, editDistance, findSimilarSkus, oneEditAway } from './sku-did-you-mean.ts';

describe('editDistance', () => {
  it.each([
    ['M8-NUT', 'M8-NUT', 0],
    ['M8-NUT', 'M8-NUTS', 1],
    ['M8-NUT', 'M8NUT', 1],
    ['M8-NUT', 'M9-NUT', 1],
    ['M8-NUT', 'M8-NTU', 1],
    ['M8-NUT', '8M-NTU', 2],
    ['', 'ABC', 3],
    ['KITTEN', 'SITTING', 3],
  ])('%s -> %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('gives up past the limit', () => {
    expect(editDistance('AAAAAAAA', 'BBBBBBBB', 2)).toBe(3);
    expect(editDistance('AB', 'ABCDEFG', 2)).toBe(3);
    expect(editDistance('M8-NUT', 'M8-NTU', 1)).toBe(1);
  });

  it('is a distance: zero only to itself, symmetric, within the longer length', () => {
    const sku = fc.stringMatching(/^[A-Z0-9-]{0,10}$/);
    fc.assert(
      fc.property(sku, sku, (a, b) => {
        const d = editDistance(a, b);
        expect(d === 0).toBe(a === b);
        expect(editDistance(b, a)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(editDistance(a, b, 2)).toBe(Math.min(d, 3));
      }),
    );
  });
});

describe('closestSkus', () => {
  const known = ['M8-NUT-A2', 'M8-NUT-ZN', 'M6-NUT-A2', 'M8-BOLT-40', 'WASHER-M8', 'CABLE-TIE-200'];

  it('finds a typo, nearest first then alphabetical', () => {
    expect(closestSkus('m8-nut-a3', known)).toEqual(['M8-NUT-A2', 'M6-NUT-A2', 'M8-NUT-ZN']);
    expect(closestSkus('M8-NTU-A2', known)).toEqual(['M8-NUT-A2', 'M6-NUT-A2']);
    expect(closestSkus('cable-tie-20', known)).toEqual(['CABLE-TIE-200']);
  });

  it('allows more edits for longer SKUs, and stops at the limit', () => {
    expect(didYouMeanTolerance('AB')).toBe(1);
    expect(didYouMeanTolerance('M8-NUT-A2')).toBe(2);
    expect(didYouMeanTolerance('X'.repeat(32))).toBe(3);
    expect(closestSkus('M8-NUT-A2X', known, 1)).toEqual(['M8-NUT-A2']);
  });

  it('suggests nothing for something unlike every SKU, for an empty input, or for the SKU itself', () => {
    expect(closestSkus('HAMMER-CLAW', known)).toEqual([]);
    expect(closestSkus('  ', known)).toEqual([]);
    expect(closestSkus('M8-NUT-A2', ['M8-NUT-A2'])).toEqual([]);
  });
});

describe('findSimilarSkus', () => {
  const catalogue = Array.from({ length: 20_000 }, (_, n) => `BULK-${String(n).padStart(6, '0')}`);
  const lookupsOver = (known: readonly string[]) => {
    const set = new Set(known);
    const asked = { exact: 0, existingCalls: 0, around: [] as { skus: number; eachSide: number }[] };
    return {
      asked,
      lookups: {
        existing: async (skus: readonly string[]) => ((asked.exact += skus.length), (asked.existingCalls += 1), skus.filter((sku) => set.has(sku))),
        around: async (skus: readonly string[], eachSide: number) => {
          asked.around.push({ skus: skus.length, eachSide });
          return skus.map((sku) => {
            const at = known.findIndex((candidate) => candidate >= sku);
            const split = at === -1 ? known.length : at;
            return known.slice(Math.max(0, split - eachSide), split + eachSide);
          });
        },
      },
    };
  };

  it('finds a slip anywhere in the SKU, even where nothing near it sorts alike', async () => {
    const { lookups } = lookupsOver(catalogue);
    expect((await findSimilarSkus(lookups, ['VULK-012345'])).get('VULK-012345')).toEqual(['BULK-012345']);
    expect((await findSimilarSkus(lookups, ['bulk-01234'])).get('BULK-01234')).toContain('BULK-001234');
    expect((await findSimilarSkus(lookups, ['BULK-0123456'], 1)).get('BULK-0123456')).toEqual(['BULK-012345']);
  });

  it('reads a bounded number of SKUs however large the catalogue: the one-slip variants and 25 a side', async () => {
    const { lookups, asked } = lookupsOver(catalogue);
    await findSimilarSkus(lookups, ['BULK-0O0123']);
    expect(asked.exact).toBeLessThanOrEqual(80 * 12);
    expect(asked.around).toEqual([{ skus: 1, eachSide: DID_YOU_MEAN_NEIGHBOURS }]);
  });

  it('answers many long unknown SKUs in one bounded batch: the first few, a fixed number of lookups, two reads', async () => {
    const { lookups, asked } = lookupsOver(catalogue);
    const madeUp = Array.from({ length: 30 }, (_, n) => `${String.fromCharCode(65 + (n % 26))}${'X7-'.repeat(10)}${n}`);
    // A slip late in a long SKU that is in the catalogue is still found, by its neighbours.
    const similar = await findSimilarSkus(lookups, ['BULK-01234S', ...madeUp], 10);
    expect(asked.existingCalls).toBe(1);
    expect(asked.exact).toBeLessThanOrEqual(DID_YOU_MEAN_MAX_LOOKUPS);
    expect(asked.around).toEqual([{ skus: DID_YOU_MEAN_MAX_SKUS, eachSide: DID_YOU_MEAN_NEIGHBOURS }]);
    expect([...similar.keys()]).toEqual(['BULK-01234S', ...madeUp.slice(0, DID_YOU_MEAN_MAX_SKUS - 1)]);
    expect(similar.get('BULK-01234S')).toContain('BULK-012345');
  });

  it('finds a slip early in a long SKU by exact lookup, even among many others', async () => {
    const long = Array.from({ length: 2_000 }, (_, n) => `${String(n).padStart(4, '0')}-HEX-BOLT-DIN933-M12X80-A4`);
    const { lookups } = lookupsOver(long);
    // The first character mistyped: it sorts far from the one meant, and shares the lookups with nine others.
    const typo = `X${long[500]!.slice(1)}`;
    const others = Array.from({ length: DID_YOU_MEAN_MAX_SKUS - 1 }, (_, n) => `Q${n}-${'Z'.repeat(30)}`);
    expect((await findSimilarSkus(lookups, [typo, ...others])).get(typo)).toContain(long[500]);
  });

  it('offers nothing for an empty or overlong input', async () => {
    const { lookups, asked } = lookupsOver(catalogue);
    expect(await findSimilarSkus(lookups, ['  ', 'X'.repeat(40)])).toEqual(new Map());
    expect(asked.exact).toBe(0);
  });

  it('one slip away: left out, added, changed or swapped, never the SKU itself', () => {
    const variants = oneEditAway('M8-NUT');
    for (const near of ['M8NUT', 'M8-NUTS', 'M9-NUT', 'M8-NTU', '8M-NUT']) expect(variants).toContain(near);
    expect(variants).not.toContain('M8-NUT');
    expect(variants.every((variant) => /^[A-Z0-9./-]+$/.test(variant))).toBe(true);
  });
});
