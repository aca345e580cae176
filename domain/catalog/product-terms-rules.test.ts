import { describe, expect, it } from 'vitest';
import {
  checkAttributes,
  checkBrand,
  checkMinOrderQuantity,
  checkPackSize,
  checkPriceTiers,
  checkProductTerms,
  MAX_ATTRIBUTES,
} from './product-terms-rules.ts';
import { failuresToFields } from './term-failure.ts';
import { checkUnit } from './product-terms-rules.ts';

const base = { priceCents: 120, minOrderQuantity: 100, packSize: 25 };

describe('brand and unit', () => {
  it('brand is optional, trimmed, at most 60 characters', () => {
    expect(checkBrand(undefined)).toEqual({ ok: true, value: null });
    expect(checkBrand('   ')).toEqual({ ok: true, value: null });
    expect(checkBrand(' Würth ')).toEqual({ ok: true, value: 'Würth' });
    expect(checkBrand('B'.repeat(60)).ok).toBe(true);
    expect(checkBrand('B'.repeat(61))).toEqual({ ok: false, error: { code: 'TOO_LONG', max: 60 } });
  });

  it('unit defaults to piece and is at most 30 characters', () => {
    expect(checkUnit('')).toEqual({ ok: true, value: 'piece' });
    expect(checkUnit(null)).toEqual({ ok: true, value: 'piece' });
    expect(checkUnit(' box of 50 ')).toEqual({ ok: true, value: 'box of 50' });
    expect(checkUnit('u'.repeat(31))).toEqual({ ok: false, error: { code: 'TOO_LONG', max: 30 } });
  });
});

describe('checkAttributes', () => {
  it('keeps trimmed rows in order', () => {
    expect(checkAttributes([{ name: ' Thread ', value: 'M8' }, { name: 'Material', value: ' A2 stainless ' }])).toEqual({
      ok: true,
      value: [{ name: 'Thread', value: 'M8' }, { name: 'Material', value: 'A2 stainless' }],
    });
    expect(checkAttributes(undefined)).toEqual({ ok: true, value: [] });
  });

  it('allows 30 rows and refuses 31', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Spec ${i}`, value: 'x' }));
    expect(checkAttributes(rows(MAX_ATTRIBUTES)).ok).toBe(true);
    expect(checkAttributes(rows(31))).toEqual({ ok: false, error: [{ field: 'attributes', failure: { code: 'TOO_MANY', max: 30 } }] });
  });

  it('names every bad cell by its index', () => {
    const result = checkAttributes([
      { name: 'Thread', value: 'M8' },
      { name: '', value: 'x' },
      { name: 'thread', value: '' },
      { name: 'N'.repeat(61), value: 'V'.repeat(201) },
      { name: 'Th\u0000read', value: 'M8\nM10' },
    ]);
    expect(result).toEqual({
      ok: false,
      error: [
        { field: 'attributes.1.name', failure: { code: 'REQUIRED' } },
        { field: 'attributes.2.name', failure: { code: 'DUPLICATE_ATTRIBUTE', name: 'thread' } },
        { field: 'attributes.2.value', failure: { code: 'REQUIRED' } },
        { field: 'attributes.3.name', failure: { code: 'TOO_LONG', max: 60 } },
        { field: 'attributes.3.value', failure: { code: 'TOO_LONG', max: 200 } },
        { field: 'attributes.4.name', failure: { code: 'CONTROL_CHARACTERS' } },
        { field: 'attributes.4.value', failure: { code: 'CONTROL_CHARACTERS' } },
      ],
    });
  });
});

describe('pack size and minimum', () => {
  it.each([
    [1, null],
    [25, null],
    [0, { code: 'TOO_SMALL', min: 1 }],
    [2.5, { code: 'NOT_WHOLE_NUMBER' }],
    [Number.NaN, { code: 'NOT_WHOLE_NUMBER' }],
    [10_000_001, { code: 'TOO_LARGE', max: 10_000_000 }],
  ])('pack size %s', (packSize, failure) => {
    expect(checkPackSize(packSize)).toEqual(failure);
  });

  it.each([
    [100, 1, null],
    [500, 25, null],
    [100, 25, null],
    [99, 1, { code: 'TOO_SMALL', min: 100 }],
    [0, 1, { code: 'TOO_SMALL', min: 100 }],
    [150.5, 1, { code: 'NOT_WHOLE_NUMBER' }],
    [110, 25, { code: 'NOT_A_PACK_MULTIPLE', packSize: 25 }],
    [100, 30, { code: 'NOT_A_PACK_MULTIPLE', packSize: 30 }],
  ])('minimum %s with packs of %s', (minimum, packSize, failure) => {
    expect(checkMinOrderQuantity(minimum, packSize)).toEqual(failure);
  });
});

describe('checkPriceTiers', () => {
  it('accepts rising quantities in whole packs above the minimum with falling prices', () => {
    expect(checkPriceTiers([{ minQuantity: 500, unitPriceCents: 98 }, { minQuantity: 1000, unitPriceCents: 85 }], base)).toEqual([]);
    expect(checkPriceTiers([], base)).toEqual([]);
  });

  it('allows 6 tiers and refuses 7', () => {
    const tiers = (n: number) => Array.from({ length: n }, (_, i) => ({ minQuantity: 200 + i * 100, unitPriceCents: 110 - i * 10 }));
    expect(checkPriceTiers(tiers(6), base)).toEqual([]);
    expect(checkPriceTiers(tiers(7), base)).toEqual([{ field: 'priceTiers', failure: { code: 'TOO_MANY', max: 6 } }]);
  });

  it.each([
    ['at the minimum', [{ minQuantity: 100, unitPriceCents: 98 }], 'priceTiers.0.minQuantity', { code: 'TIER_NOT_ABOVE_MINIMUM', minimum: 100 }],
    ['below the minimum', [{ minQuantity: 50, unitPriceCents: 98 }], 'priceTiers.0.minQuantity', { code: 'TIER_NOT_ABOVE_MINIMUM', minimum: 100 }],
    ['not whole packs', [{ minQuantity: 510, unitPriceCents: 98 }], 'priceTiers.0.minQuantity', { code: 'NOT_A_PACK_MULTIPLE', packSize: 25 }],
    ['a fractional quantity', [{ minQuantity: 500.5, unitPriceCents: 98 }], 'priceTiers.0.minQuantity', { code: 'NOT_WHOLE_NUMBER' }],
    [
      'quantities out of order',
      [{ minQuantity: 1000, unitPriceCents: 98 }, { minQuantity: 500, unitPriceCents: 85 }],
      'priceTiers.1.minQuantity',
      { code: 'TIER_NOT_RISING', previous: 1000 },
    ],
    [
      'the same quantity twice',
      [{ minQuantity: 500, unitPriceCents: 98 }, { minQuantity: 500, unitPriceCents: 85 }],
      'priceTiers.1.minQuantity',
      { code: 'TIER_NOT_RISING', previous: 500 },
    ],
    ['a price at the regular price', [{ minQuantity: 500, unitPriceCents: 120 }], 'priceTiers.0.unitPriceCents', { code: 'TIER_PRICE_NOT_BELOW_BASE', priceCents: 120 }],
    [
      'a price not falling',
      [{ minQuantity: 500, unitPriceCents: 98 }, { minQuantity: 1000, unitPriceCents: 98 }],
      'priceTiers.1.unitPriceCents',
      { code: 'TIER_PRICE_NOT_FALLING', previous: 98 },
    ],
    ['a zero price', [{ minQuantity: 500, unitPriceCents: 0 }], 'priceTiers.0.unitPriceCents', { code: 'TOO_SMALL', min: 1 }],
    ['a price in fractions of a cent', [{ minQuantity: 500, unitPriceCents: 97.5 }], 'priceTiers.0.unitPriceCents', { code: 'NOT_WHOLE_NUMBER' }],
  ])('refuses %s', (_, tiers, field, failure) => {
    expect(checkPriceTiers(tiers, base)).toEqual([{ field, failure }]);
  });
});

describe('checkProductTerms', () => {
  it('fills in the defaults: the floor of 100, single units, no tiers', () => {
    expect(checkProductTerms({ priceCents: 250 })).toEqual({
      ok: true,
      value: { priceCents: 250, minOrderQuantity: 100, packSize: 1, priceTiers: [] },
    });
  });

  it('reports an unusable pack size once, not again on every quantity', () => {
    const result = checkProductTerms({ priceCents: 120, packSize: 0, minOrderQuantity: 500, priceTiers: [{ minQuantity: 1000, unitPriceCents: 90 }] });
    expect(result).toEqual({ ok: false, error: [{ field: 'packSize', failure: { code: 'TOO_SMALL', min: 1 } }] });
  });

  it('checks the minimum against the pack size, then the tiers against both', () => {
    expect(checkProductTerms({ priceCents: 120, packSize: 25, minOrderQuantity: 110 })).toEqual({
      ok: false,
      error: [{ field: 'minOrderQuantity', failure: { code: 'NOT_A_PACK_MULTIPLE', packSize: 25 } }],
    });
    const tiers = checkProductTerms({ ...base, priceTiers: [{ minQuantity: 130, unitPriceCents: 130 }] });
    expect(tiers.ok ? null : failuresToFields(tiers.error)).toEqual({
      'priceTiers.0.minQuantity': { rule: 'term', failure: { code: 'NOT_A_PACK_MULTIPLE', packSize: 25 } },
      'priceTiers.0.unitPriceCents': { rule: 'term', failure: { code: 'TIER_PRICE_NOT_BELOW_BASE', priceCents: 120 } },
    });
  });

  it('copies tiers, dropping anything else a client sent', () => {
    const sent = [{ minQuantity: 500, unitPriceCents: 98, extra: 'ignored' }];
    const result = checkProductTerms({ ...base, priceTiers: sent });
    expect(result).toEqual({ ok: true, value: { ...base, priceTiers: [{ minQuantity: 500, unitPriceCents: 98 }] } });
  });
});

describe('failuresToFields', () => {
  it('keeps the first failure of a field', () => {
    expect(
      failuresToFields([
        { field: 'packSize', failure: { code: 'NOT_WHOLE_NUMBER' } },
        { field: 'packSize', failure: { code: 'TOO_SMALL', min: 1 } },
      ]),
    ).toEqual({ packSize: { rule: 'term', failure: { code: 'NOT_WHOLE_NUMBER' } } });
  });
});
