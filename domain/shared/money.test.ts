import { describe, expect, it } from 'vitest';
import { formatCents, multiplyCents } from './money.ts';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1250, '$12.50'],
    [100, '$1.00'],
    [123456789, '$1,234,567.89'],
    [-1999, '-$19.99'],
  ])('%i cents -> %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('multiplyCents', () => {
  it('multiplies exactly in whole cents', () => {
    expect(multiplyCents(1_999, 137)).toBe(273_863);
    expect(multiplyCents(0, 500)).toBe(0);
  });

  it('refuses a product JavaScript cannot count exactly', () => {
    expect(multiplyCents(Number.MAX_SAFE_INTEGER, 2)).toBeNull();
  });
});
