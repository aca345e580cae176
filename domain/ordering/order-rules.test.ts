import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { addressProblem, MAX_ADDRESS_LENGTH, quantityProblem } from './order-rules.ts';

describe('ordering rules', () => {
  it('quantity: a safe whole number, at least the minimum, at most the stock', () => {
    expect(quantityProblem(99.5, 500)).toBe(messages.quantityNotWhole);
    expect(quantityProblem(2 ** 53, Number.MAX_SAFE_INTEGER)).toBe(messages.quantityNotWhole);
    expect(quantityProblem(99, 500)).toBe(messages.belowMinimum);
    expect(quantityProblem(501, 500)).toBe(messages.aboveStock);
    expect(quantityProblem(100, 500)).toBeNull();
  });

  it('address: present after trimming and at most the limit', () => {
    expect(addressProblem('   ')).toBe(messages.addressRequired);
    expect(addressProblem('x'.repeat(MAX_ADDRESS_LENGTH + 1))).toBe(messages.tooLong(MAX_ADDRESS_LENGTH));
    expect(addressProblem(` ${'x'.repeat(MAX_ADDRESS_LENGTH)} `)).toBeNull();
  });
});
