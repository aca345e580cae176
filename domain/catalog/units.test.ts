import { describe, expect, it } from 'vitest';
import { countOf, unitFor } from './units.ts';

describe('units', () => {
  it('puts the first word of a unit in the plural, keeping the rest as typed', () => {
    expect(countOf(150, 'piece')).toBe('150 pieces');
    expect(countOf(1, 'piece')).toBe('1 piece');
    expect(countOf(1_200, 'box of 50')).toBe('1,200 boxes of 50');
    expect(countOf(300, 'case of 100')).toBe('300 cases of 100');
    expect(countOf(2, 'battery')).toBe('2 batteries');
    expect(countOf(2, 'bag')).toBe('2 bags');
    expect(countOf(2, 'brush')).toBe('2 brushes');
  });

  it('leaves symbols and sizes alone, and makes the noun plural', () => {
    expect(unitFor(500, 'm')).toBe('m');
    expect(unitFor(500, 'kg')).toBe('kg');
    expect(unitFor(3, '25kg bag')).toBe('25kg bags');
    expect(unitFor(3, 'roll of 50 m')).toBe('rolls of 50 m');
  });
});
