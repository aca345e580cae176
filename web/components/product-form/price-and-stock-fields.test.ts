import { describe, expect, it } from 'vitest';
import { dollarsToCents } from '#domain/shared/money.ts';
import { dollarsField, stockTextField } from './price-and-stock-fields.ts';

describe('the product forms\' price and quantity boxes', () => {
  it('turns dollars into exact cents and refuses more than two decimals', () => {
    expect(dollarsToCents('12.50')).toBe(1250);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('$0.07')).toBe(7);
    expect(dollarsToCents(' 19 ')).toBe(1900);
    expect(dollarsToCents('0.1')).toBe(10);
    for (const bad of ['12.505', '-1', '1e3', 'twelve', '', '1,000.00', '12.']) expect(dollarsToCents(bad)).toBeNull();
  });

  it('refuses a zero price and a fractional quantity', () => {
    expect(dollarsField.safeParse('0').success).toBe(false);
    expect(dollarsField.parse('12.50')).toBe(1250);
    expect(stockTextField.safeParse('1.5').success).toBe(false);
    expect(stockTextField.parse(' 40 ')).toBe(40);
  });
});
