import { describe, expect, it } from 'vitest';
import { countOf, countedUnit, eachOf, priceOf, unitFor, unitOfSale } from './units.ts';

describe('units', () => {
  it('puts the noun of a unit in the plural, keeping the rest as typed', () => {
    expect(countOf(150, 'piece')).toBe('150 pieces');
    expect(countOf(1, 'piece')).toBe('1 piece');
    expect(countOf(2, 'battery')).toBe('2 batteries');
    expect(countOf(2, 'bag')).toBe('2 bags');
    expect(countOf(2, 'brush')).toBe('2 brushes');
  });

  it('leaves symbols, sizes and measures alone, and makes the noun plural', () => {
    expect(unitFor(500, 'm')).toBe('m');
    expect(unitFor(500, 'kg')).toBe('kg');
    expect(unitFor(3, '25kg bag')).toBe('25kg bags');
    expect(unitFor(3, 'roll of 50 m')).toBe('rolls of 50 m');
    expect(countedUnit('reel of 100 m')).toBeNull();
    expect(countOf(3, 'reel of 100 m')).toBe('3 reels of 100 m');
  });

  it('counts a unit that holds several pieces in units and in pieces', () => {
    expect(countOf(500, 'box of 100')).toBe('500 boxes (50,000 pcs)');
    expect(countOf(1, 'box of 100')).toBe('1 box (100 pcs)');
    expect(countOf(1_200, 'case of 50')).toBe('1,200 cases (60,000 pcs)');
    expect(countOf(3, 'bag of 1,000 pcs')).toBe('3 bags (3,000 pcs)');
    expect(countedUnit('box of 1')).toBeNull();
    expect(countOf(2, 'box of 1')).toBe('2 boxes of 1');
  });

  it('writes a unit of sale with the pieces it holds', () => {
    expect(unitOfSale('box of 100')).toBe('box (100 pcs)');
    expect(unitOfSale('piece')).toBe('piece');
    expect(unitOfSale('reel of 100 m')).toBe('reel of 100 m');
  });

  it('prices a unit of sale and, when it holds several, each piece', () => {
    expect(priceOf(2_200, 'box of 100')).toBe('$22.00 per box (100 pcs) · $0.22 each');
    expect(priceOf(80, 'piece')).toBe('$0.80 per piece');
    expect(priceOf(2_250, 'box of 100')).toBe('$22.50 per box (100 pcs) · $0.225 each');
    expect(priceOf(2_200, 'pack of 300')).toBe('$22.00 per pack (300 pcs) · $0.0733 each');
    expect(priceOf(1_250, 'reel of 100 m')).toBe('$12.50 per reel of 100 m');
    expect(eachOf(2_200, 'box of 100')).toBe('$0.22 each');
    expect(eachOf(80, 'piece')).toBeNull();
  });
});
