import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneProblem } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['+1 (555) 010-2030', '+15550102030'],
    ['555.010.2030', '5550102030'],
    ['  0113 496 0000 ', '01134960000'],
    ['+15550102030', '+15550102030'],
  ])('%j -> %j', (input, normalised) => {
    expect(normalizePhone(input)).toBe(normalised);
  });

  it.each(['', '   ', 'call me', '555-CALL-NOW', '12345', '1+5550102030', '++15550102030', '1'.repeat(21)])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('phoneProblem', () => {
  it('asks for a missing number, refuses letters and overlong input, accepts a typed number', () => {
    expect(phoneProblem('  ')).toEqual({ rule: 'phoneRequired' });
    expect(phoneProblem('call me')).toEqual({ rule: 'phoneNotDigits' });
    expect(phoneProblem(`+1 ${'5 '.repeat(20)}`)).toEqual({ rule: 'phoneNotDigits' });
    expect(phoneProblem('+1 (555) 010-2030')).toBeNull();
  });
});
