import { describe, expect, it } from 'vitest';
import { checkShippingDetails } from './shipping-details.ts';

describe('checkShippingDetails', () => {
  it('keeps both optional: blank or missing is null', () => {
    expect(checkShippingDetails({})).toEqual({ ok: true, value: { carrier: null, trackingNumber: null } });
    expect(checkShippingDetails({ carrier: '  ', trackingNumber: null })).toEqual({ ok: true, value: { carrier: null, trackingNumber: null } });
  });

  it('trims the carrier and writes the tracking number upper-case', () => {
    expect(checkShippingDetails({ carrier: ' UPS ', trackingNumber: ' 1z999aa1 0123 4567-84 ' })).toEqual({
      ok: true,
      value: { carrier: 'UPS', trackingNumber: '1Z999AA1 0123 4567-84' },
    });
  });

  it('refuses a tracking number with other characters, control characters in the carrier, and either too long', () => {
    expect(checkShippingDetails({ carrier: 'DH\u0000L', trackingNumber: '<script>' })).toEqual({
      ok: false,
      error: { carrier: { rule: 'controlCharacters' }, trackingNumber: { rule: 'trackingNumberCharacters' } },
    });
    expect(checkShippingDetails({ carrier: 'C'.repeat(61), trackingNumber: '1'.repeat(61) })).toEqual({
      ok: false,
      error: { carrier: { rule: 'tooLong', max: 60 }, trackingNumber: { rule: 'tooLong', max: 60 } },
    });
  });
});
