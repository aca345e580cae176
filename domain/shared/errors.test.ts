import { describe, expect, it } from 'vitest';
import { invalid, notFound, refusal } from './errors.ts';

describe('domain errors', () => {
  it('carry their code and data, never a text', () => {
    expect(invalid({ phone: { rule: 'phoneNotDigits' } })).toEqual({ code: 'VALIDATION_FAILED', fields: { phone: { rule: 'phoneNotDigits' } } });
    expect(refusal('CARD_DECLINED')).toEqual({ code: 'CARD_DECLINED' });
  });

  it('name what is missing only when told', () => {
    expect(notFound('order')).toEqual({ code: 'NOT_FOUND', subject: 'order' });
    expect(notFound()).toEqual({ code: 'NOT_FOUND' });
    expect(notFound()).not.toHaveProperty('subject');
  });
});
