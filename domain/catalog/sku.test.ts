import { describe, expect, it } from 'vitest';
import { assignedSku, assignedSkuSequence, checkSku, isValidSku, normalizeSku, sameSku, skuKey } from './sku.ts';

describe('checkSku', () => {
  it.each([
    ['m8-nut-a2', 'M8-NUT-A2'],
    ['  din934/m8.zn ', 'DIN934/M8.ZN'],
    ['AB', 'AB'],
    ['X'.repeat(32), 'X'.repeat(32)],
    ['bh-000123', 'BH-000123'],
  ])('accepts %j as %j', (input, stored) => {
    expect(checkSku(input)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['', { code: 'REQUIRED' }],
    ['   ', { code: 'REQUIRED' }],
    ['A', { code: 'TOO_SHORT', min: 2 }],
    ['X'.repeat(33), { code: 'TOO_LONG', max: 32 }],
    ['M8 NUT', { code: 'SKU_CHARACTERS' }],
    ['M8_NUT', { code: 'SKU_CHARACTERS' }],
    ['M8,NUT', { code: 'SKU_CHARACTERS' }],
    ['ÄB-12', { code: 'SKU_CHARACTERS' }],
    ['🔩🔩', { code: 'SKU_CHARACTERS' }],
    // Letters that upper-case into ASCII are still not A–Z.
    ['straße', { code: 'SKU_CHARACTERS' }],
    ['ıd-1', { code: 'SKU_CHARACTERS' }],
    ['ﬀ-1', { code: 'SKU_CHARACTERS' }],
    ['ſku-1', { code: 'SKU_CHARACTERS' }],
  ])('refuses %j', (input, failure) => {
    expect(checkSku(input)).toEqual({ ok: false, error: failure });
    expect(isValidSku(input)).toBe(false);
  });

  it('compares case-insensitively through the stored form', () => {
    expect(sameSku('m8-nut', 'M8-NUT ')).toBe(true);
    expect(sameSku('M8-NUT', 'M8-NUTS')).toBe(false);
    expect(normalizeSku(' ab.c ')).toBe('AB.C');
  });
});

describe('server-assigned SKUs', () => {
  it.each([
    [1, 'BH-000001'],
    [123, 'BH-000123'],
    [999_999, 'BH-999999'],
    [1_234_567, 'BH-1234567'],
  ])('sequence %i -> %s, and back', (sequence, sku) => {
    expect(assignedSku(sequence)).toBe(sku);
    expect(isValidSku(sku)).toBe(true);
    expect(assignedSkuSequence(sku)).toBe(sequence);
    expect(assignedSkuSequence(sku.toLowerCase())).toBe(sequence);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses sequence %s', (sequence) => {
    expect(() => assignedSku(sequence)).toThrow(RangeError);
  });

  it.each(['M8-NUT', 'BH-123', 'BH-000000', 'XBH-000123', 'BH-00012A'])('%s is not server-assigned', (sku) => {
    expect(assignedSkuSequence(sku)).toBeNull();
  });
});

describe('skuKey', () => {
  it.each([
    ['FB-M8-40-A2', 'FBM840A2'],
    ['fbm840', 'FBM840'],
    ['FB M8 40', 'FBM840'],
    ['fb-m8-40', 'FBM840'],
    [' din934/m8.zn ', 'DIN934M8ZN'],
    ['— / .', ''],
  ])('keys %j as %j', (input, key) => {
    expect(skuKey(input)).toBe(key);
  });

  it('makes every way of typing a part number start the stored SKU key', () => {
    for (const typed of ['fbm840', 'FB M8 40', 'fb-m8-40', 'Fb.M8/40']) expect(skuKey('FB-M8-40-A2').startsWith(skuKey(typed))).toBe(true);
  });
});
