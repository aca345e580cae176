import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adviceNote } from './quantity-advice-note.ts';
import { adviseQuantity, isLineQuantity, quantityProblems, suggestQuantity } from './quantity-advice.ts';
import type { StockedTerms } from './product-terms.ts';

// Washers sold in packs of 25 from 100 at $1.21; 250+ $0.92, 1,000+ $0.85; 340 in stock.
const washers: StockedTerms = {
  priceCents: 121,
  minOrderQuantity: 100,
  packSize: 25,
  priceTiers: [
    { minQuantity: 250, unitPriceCents: 92 },
    { minQuantity: 1000, unitPriceCents: 85 },
  ],
  stock: 340,
};

const note = (terms: StockedTerms, quantity: number) => adviceNote(adviseQuantity(terms, quantity), terms);

describe('adviseQuantity', () => {
  it('a valid quantity below a break: its price and what the next break saves', () => {
    expect(adviseQuantity(washers, 200)).toEqual({
      quantity: 200,
      valid: true,
      problems: [],
      unitPriceCents: 121,
      lineTotalCents: 24_200,
      nextBreak: { minQuantity: 250, unitPriceCents: 92, extraUnits: 50, savingCents: 1_200 },
      suggestions: { roundedToPack: 200, minimum: 100, maxAvailable: 325 },
    });
    expect(note(washers, 200)).toEqual({ code: 'NEXT_BREAK', extraUnits: 50, unitPriceCents: 92, savingCents: 1200 });
    expect(suggestQuantity(adviseQuantity(washers, 200), washers)).toEqual({ quantity: 250, reason: 'next-break' });
  });

  it.each([
    [225, 121, 27_225],
    [250, 92, 23_000],
    [275, 92, 25_300],
  ])('at the tier boundary: %i units at %i cents, %i in all', (quantity, unit, total) => {
    const advice = adviseQuantity(washers, quantity);
    expect(advice).toMatchObject({ valid: true, unitPriceCents: unit, lineTotalCents: total });
  });

  it('going up that simply costs more: the saving is negative and nothing is said', () => {
    const advice = adviseQuantity(washers, 100);
    expect(advice.nextBreak).toEqual({ minQuantity: 250, unitPriceCents: 92, extraUnits: 150, savingCents: 12_100 - 23_000 });
    expect(adviceNote(advice, washers)).toBeNull();
    expect(suggestQuantity(advice, washers)).toBeNull();
  });

  it('a break the stock cannot fill is not offered', () => {
    const advice = adviseQuantity(washers, 300);
    expect(advice.nextBreak).toMatchObject({ minQuantity: 1000, extraUnits: 700 });
    expect(adviceNote(advice, washers)).toBeNull();
    expect(suggestQuantity(advice, washers)).toBeNull();
    const plenty = { ...washers, stock: 5000 };
    expect(adviseQuantity(plenty, 975).nextBreak).toEqual({ minQuantity: 1000, unitPriceCents: 85, extraUnits: 25, savingCents: 975 * 92 - 85_000 });
    expect(note(plenty, 975)).toEqual({ code: 'NEXT_BREAK', extraUnits: 25, unitPriceCents: 85, savingCents: 4700 });
  });

  it('past the last tier there is no next break', () => {
    const plenty = { ...washers, stock: 5000 };
    expect(adviseQuantity(plenty, 1000).nextBreak).toBeNull();
    expect(note(plenty, 1000)).toBeNull();
  });

  it('below the minimum', () => {
    const advice = adviseQuantity(washers, 50);
    expect(advice).toMatchObject({ valid: false, problems: ['BELOW_MINIMUM'], unitPriceCents: 121, lineTotalCents: 6_050 });
    expect(adviceNote(advice, washers)).toEqual({ code: 'BELOW_MINIMUM', minimum: 100 });
    expect(suggestQuantity(advice, washers)).toEqual({ quantity: 100, reason: 'minimum' });
    expect(adviseQuantity(washers, 0).problems).toEqual(['BELOW_MINIMUM']);
  });

  it('not a whole number of packs: the pack below and above', () => {
    const advice = adviseQuantity(washers, 160);
    expect(advice).toMatchObject({ valid: false, problems: ['NOT_A_PACK_MULTIPLE'], suggestions: { roundedToPack: 175 } });
    expect(adviceNote(advice, washers)).toEqual({ code: 'PACK_CHOICE', packSize: 25, lower: 150, upper: 175 });
    expect(suggestQuantity(advice, washers)).toEqual({ quantity: 175, reason: 'pack' });
  });

  it('not whole packs near the stock: only the pack below', () => {
    const advice = adviseQuantity(washers, 330);
    expect(advice.problems).toEqual(['NOT_A_PACK_MULTIPLE']);
    expect(adviceNote(advice, washers)).toEqual({ code: 'PACK_ONE', packSize: 25, quantity: 325 });
    expect(suggestQuantity(advice, washers)).toEqual({ quantity: 325, reason: 'pack' });
  });

  it('above the stock: the most that can be ordered in whole packs', () => {
    const advice = adviseQuantity(washers, 400);
    expect(advice).toMatchObject({ valid: false, problems: ['ABOVE_STOCK'], suggestions: { maxAvailable: 325 } });
    expect(adviceNote(advice, washers)).toEqual({ code: 'ONLY_IN_STOCK', stock: 340, maxAvailable: 325, packSize: 25 });
    expect(suggestQuantity(advice, washers)).toEqual({ quantity: 325, reason: 'stock' });
    const single = { ...washers, packSize: 1, priceTiers: [] };
    expect(note(single, 400)).toEqual({ code: 'ONLY_IN_STOCK', stock: 340, maxAvailable: 340, packSize: 1 });
  });

  it('several problems: each listed, the sentence names the first to fix', () => {
    expect(adviseQuantity(washers, 1010).problems).toEqual(['NOT_A_PACK_MULTIPLE', 'ABOVE_STOCK']);
    expect(note(washers, 1010)).toEqual({ code: 'ONLY_IN_STOCK', stock: 340, maxAvailable: 325, packSize: 25 });
    const scarce = { ...washers, stock: 60 };
    expect(adviseQuantity(scarce, 70).problems).toEqual(['BELOW_MINIMUM', 'NOT_A_PACK_MULTIPLE', 'ABOVE_STOCK']);
  });

  it('stock below the minimum: nothing can be ordered, and it says so', () => {
    const scarce = { ...washers, stock: 60 };
    const advice = adviseQuantity(scarce, 100);
    expect(advice).toMatchObject({ problems: ['ABOVE_STOCK'], suggestions: { maxAvailable: null } });
    expect(adviceNote(advice, scarce)).toEqual({ code: 'STOCK_BELOW_MINIMUM', stock: 60, minimum: 100 });
    expect(suggestQuantity(advice, scarce)).toBeNull();
    expect(note(scarce, 50)).toEqual({ code: 'STOCK_BELOW_MINIMUM', stock: 60, minimum: 100 });
  });

  it('quantities read with thousands separators', () => {
    const big = { ...washers, minOrderQuantity: 1000, priceTiers: [], stock: 12_345 };
    expect(note(big, 500)).toEqual({ code: 'BELOW_MINIMUM', minimum: 1000 });
    expect(note(big, 20_000)).toEqual({ code: 'ONLY_IN_STOCK', stock: 12_345, maxAvailable: 12_325, packSize: 25 });
  });

  it.each([-1, 1.5, Number.NaN, 10_000_001, Number.POSITIVE_INFINITY])('refuses %s: callers check isLineQuantity first', (quantity) => {
    expect(isLineQuantity(quantity)).toBe(false);
    expect(() => adviseQuantity(washers, quantity)).toThrow(RangeError);
  });

  it('every suggested quantity is itself valid, and a valid quantity is valid by every rule', () => {
    const terms = fc
      .record({
        packSize: fc.constantFrom(1, 5, 25, 50),
        packsInMinimum: fc.integer({ min: 1, max: 40 }),
        stock: fc.integer({ min: 0, max: 3000 }),
        tierPacks: fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 6 }),
      })
      .map(({ packSize, packsInMinimum, stock, tierPacks }): StockedTerms => {
        const minOrderQuantity = Math.max(Math.ceil(100 / packSize), packsInMinimum) * packSize;
        const quantities = [...tierPacks].sort((a, b) => a - b).map((packs) => minOrderQuantity + packs * packSize);
        return {
          priceCents: 500,
          minOrderQuantity,
          packSize,
          stock,
          priceTiers: quantities.map((minQuantity, i) => ({ minQuantity, unitPriceCents: 490 - i * 50 })),
        };
      });
    fc.assert(
      fc.property(terms, fc.integer({ min: 0, max: 5000 }), (product, quantity) => {
        const advice = adviseQuantity(product, quantity);
        expect(advice.valid).toBe(
          quantity >= product.minOrderQuantity && quantity % product.packSize === 0 && quantity <= product.stock,
        );
        const suggestion = suggestQuantity(advice, product);
        if (suggestion) expect(quantityProblems(product, suggestion.quantity)).toEqual([]);
        if (!advice.valid && advice.suggestions.maxAvailable !== null) expect(suggestion).not.toBeNull();
        if (!advice.valid) expect(adviceNote(advice, product)).not.toBeNull();
      }),
    );
  });
});
