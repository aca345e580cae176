import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closestSkus, didYouMeanTolerance, editDistance } from './sku-did-you-mean.ts';

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
