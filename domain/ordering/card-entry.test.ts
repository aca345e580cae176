import { describe, expect, it } from 'vitest';
import { formatExpiryAsTyped, groupCardNumber, readExpiry } from './card-entry.ts';

describe('card entry', () => {
  it.each(['12/30', '1230', '12 / 2030', '12/2030', '122030', ' 12 / 30 '])('reads %s as December 2030', (typed) => {
    expect(readExpiry(typed)).toEqual({ kind: 'date', expMonth: 12, expYear: 2030 });
  });

  it('tells an empty expiry from one that is not a date', () => {
    expect(readExpiry('  ')).toEqual({ kind: 'empty' });
    for (const typed of ['13/30', '00/30', '12', '12/3', 'ab/cd', '130']) expect(readExpiry(typed)).toEqual({ kind: 'invalid' });
    expect(readExpiry('4/30')).toEqual({ kind: 'date', expMonth: 4, expYear: 2030 });
  });

  it('puts the slash in as the buyer types digits', () => {
    expect(formatExpiryAsTyped('1')).toBe('1');
    expect(formatExpiryAsTyped('12')).toBe('12 / ');
    expect(formatExpiryAsTyped('12 / 3')).toBe('12 / 3');
    expect(formatExpiryAsTyped('1230')).toBe('12 / 30');
    expect(formatExpiryAsTyped('4')).toBe('04 / ');
    // Backspace over the inserted " / " leaves the month, not the slash again.
    expect(formatExpiryAsTyped('12 /', '12 / ')).toBe('12');
    expect(readExpiry(formatExpiryAsTyped('1230'))).toEqual({ kind: 'date', expMonth: 12, expYear: 2030 });
  });

  it('groups a card number in fours', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242 42')).toBe('4242 42');
    expect(groupCardNumber('4242-4242-4')).toBe('4242 4242 4');
    expect(groupCardNumber('4242')).toBe('4242');
  });
});
