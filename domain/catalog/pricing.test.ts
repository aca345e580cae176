import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineTotalFor, lowestUnitPrice, nextTierAbove, tierFor, unitPriceFor } from './pricing.ts';
import { plainTerms, type ProductTerms } from './product-terms.ts';

// "100+ $1.20, 500+ $0.98, 1,000+ $0.85"
const bolts: ProductTerms = {
  priceCents: 120,
  minOrderQuantity: 100,
  packSize: 1,
  priceTiers: [
    { minQuantity: 500, unitPriceCents: 98 },
    { minQuantity: 1000, unitPriceCents: 85 },
  ],
};

describe('unitPriceFor: the highest tier reached, else the regular price', () => {
  it.each([
    [100, 120],
    [101, 120],
    [499, 120],
    [500, 98],
    [501, 98],
    [999, 98],
    [1000, 85],
    [1001, 85],
    [1_000_000, 85],
  ])('%i units at %i cents each', (quantity, cents) => {
    expect(unitPriceFor(bolts, quantity)).toBe(cents);
    expect(lineTotalFor(bolts, quantity)).toBe(quantity * cents);
  });

  it('a product without tiers always pays its price', () => {
    expect(unitPriceFor(plainTerms(1999), 100)).toBe(1999);
    expect(unitPriceFor(plainTerms(1999), 100_000)).toBe(1999);
    expect(tierFor(plainTerms(1999), 100_000)).toBeNull();
    expect(lowestUnitPrice(plainTerms(1999))).toBe(1999);
  });

  it('names the tier reached and the next one', () => {
    expect(tierFor(bolts, 499)).toBeNull();
    expect(tierFor(bolts, 750)).toEqual({ minQuantity: 500, unitPriceCents: 98 });
    expect(nextTierAbove(bolts, 499)).toEqual({ minQuantity: 500, unitPriceCents: 98 });
    expect(nextTierAbove(bolts, 500)).toEqual({ minQuantity: 1000, unitPriceCents: 85 });
    expect(nextTierAbove(bolts, 1000)).toBeNull();
    expect(lowestUnitPrice(bolts)).toBe(85);
  });

  it('line totals are exact whole cents at the largest quantity and price the shop allows', () => {
    expect(lineTotalFor(plainTerms(100_000_000), 10_000_000)).toBe(1_000_000_000_000_000);
    expect(() => lineTotalFor(plainTerms(100_000_000), 1e9)).toThrow(RangeError);
  });

  it('a larger quantity never pays a higher unit price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(unitPriceFor(bolts, high)).toBeLessThanOrEqual(unitPriceFor(bolts, low));
      }),
    );
  });
});
