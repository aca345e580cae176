import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { domainError, invalid, notFound } from './errors.ts';

describe('domain errors', () => {
  it('a validation failure leads with the first field message', () => {
    expect(invalid({ phone: messages.phoneNotDigits, address: messages.addressRequired })).toEqual({
      code: 'VALIDATION_FAILED',
      message: messages.phoneNotDigits,
      fields: { phone: messages.phoneNotDigits, address: messages.addressRequired },
    });
  });

  it('falls back to the generic message when no field is named', () => {
    expect(invalid({}).message).toBe(messages.invalidInput);
  });

  it('carries fields only when there are some', () => {
    expect(domainError('CARD_DECLINED', messages.cardDeclined)).toEqual({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    expect(notFound()).not.toHaveProperty('fields');
  });
});
