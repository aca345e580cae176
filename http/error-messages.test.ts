import { describe, expect, it } from 'vitest';
import { messages } from '#http/messages.ts';
import { fieldsOf, messageOf } from './error-messages.ts';

describe('the text of a refusal, chosen at the edge', () => {
  it('a validation failure leads with its first field text, or the generic one', () => {
    const fields = { phone: { rule: 'phoneNotDigits' }, address: { rule: 'addressRequired' } } as const;
    expect(messageOf({ code: 'VALIDATION_FAILED', fields })).toBe(messages.phoneNotDigits);
    expect(fieldsOf({ code: 'VALIDATION_FAILED', fields })).toEqual({ phone: messages.phoneNotDigits, address: messages.addressRequired });
    expect(messageOf({ code: 'VALIDATION_FAILED', fields: {} })).toBe(messages.invalidInput);
  });

  it('says which thing is missing when the domain names it', () => {
    expect(messageOf({ code: 'NOT_FOUND', subject: 'product' })).toBe(messages.productNotFound);
    expect(messageOf({ code: 'NOT_FOUND', subject: 'order' })).toBe(messages.orderNotFound);
    expect(messageOf({ code: 'NOT_FOUND' })).toBe(messages.notFound);
  });

  it('tells an expired, a used and a broken link apart', () => {
    expect(messageOf({ code: 'LINK_INVALID', reason: 'expired' })).toBe(messages.linkExpired);
    expect(messageOf({ code: 'LINK_INVALID', reason: 'used' })).toBe(messages.linkUsed);
    expect(messageOf({ code: 'LINK_INVALID', reason: 'invalid' })).toBe(messages.linkInvalid);
  });

  it('puts refusals about one field beside that field, and no fields otherwise', () => {
    expect(fieldsOf({ code: 'EMAIL_TAKEN' })).toEqual({ email: messages.emailTaken });
    expect(fieldsOf({ code: 'INSUFFICIENT_STOCK' })).toEqual({ quantity: messages.aboveStock });
    expect(fieldsOf({ code: 'CARD_DECLINED' })).toBeUndefined();
    expect(messageOf({ code: 'INVALID_CREDENTIALS', reason: 'google-email-unverified' })).toBe(messages.googleEmailUnverified);
  });
});
