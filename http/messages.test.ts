import { describe, expect, it } from 'vitest';
import { adviceText, fieldProblemText, fieldTexts, messages, pastedListFailureMessage, termFailureMessage } from '#http/messages.ts';

describe('the words of a field problem, chosen at the edge', () => {
  it.each([
    [{ code: 'SKU_CHARACTERS' } as const, 'A SKU may contain only letters, digits and - . /'],
    [{ code: 'TOO_SMALL', min: 100 } as const, 'Must be at least 100'],
    [{ code: 'TOO_LARGE', max: 10_000_000 } as const, 'Must be at most 10,000,000'],
    [{ code: 'NOT_A_PACK_MULTIPLE', packSize: 25 } as const, 'Must be a whole number of packs of 25'],
    [{ code: 'TIER_NOT_ABOVE_MINIMUM', minimum: 1000 } as const, 'A volume price starts above the minimum order of 1,000'],
    [{ code: 'TIER_PRICE_NOT_FALLING', previous: 98 } as const, "Must be less than the previous tier's $0.98"],
    [{ code: 'TOO_LONG', max: 60 } as const, messages.tooLong(60)],
  ])('product term %j reads %j', (failure, text) => {
    expect(termFailureMessage(failure)).toBe(text);
    expect(fieldProblemText({ rule: 'term', failure })).toBe(text);
  });

  it('says what is wrong with a refused pasted list', () => {
    expect(pastedListFailureMessage({ code: 'TOO_LARGE', maxBytes: 100_000 })).toBe('Please paste at most 100 kB');
    expect(pastedListFailureMessage({ code: 'TOO_MANY_LINES', max: 200 })).toBe('Please paste at most 200 lines');
    expect(pastedListFailureMessage({ code: 'EMPTY' })).toBe(messages.pastedListEmpty);
    expect(fieldProblemText({ rule: 'pastedList', failure: { code: 'NOT_TEXT' } })).toBe(messages.pastedListNotText);
  });

  it('words a problem with data from its numbers, and one without data by its name', () => {
    expect(fieldProblemText({ rule: 'tooLong', max: 200 })).toBe('Please keep this under 200 characters');
    expect(fieldProblemText({ rule: 'quoteExpiryDays', min: 1, max: 30 })).toBe('The offer must last from 1 to 30 days');
    expect(fieldProblemText({ rule: 'importRowShape', cells: 3, columns: 5 })).toBe('This row has 3 cells; the first row names 5 columns');
    expect(fieldProblemText({ rule: 'orderLines', failure: { code: 'BELOW_MINIMUM', minimum: 1000 } })).toBe('The minimum order quantity is 1,000');
    expect(fieldProblemText({ rule: 'phoneNotDigits' })).toBe('Phone number must contain digits only');
    expect(fieldProblemText({ rule: 'cardExpired' })).toBe('Your card has expired.');
  });

  it('words every field of an answer, keeping the field names', () => {
    expect(fieldTexts({ 'lines.2.quantity': { rule: 'quantityNotWhole' }, note: { rule: 'tooLong', max: 500 } })).toEqual({
      'lines.2.quantity': 'Quantity must be a whole number',
      note: 'Please keep this under 500 characters',
    });
  });
});

describe('the quantity advice in one sentence', () => {
  it.each([
    [{ code: 'NEXT_BREAK', extraUnits: 50, unitPriceCents: 92, savingCents: 1200 } as const, 'Add 50 more to pay $0.92 each and save $12.00'],
    [{ code: 'BELOW_MINIMUM', minimum: 1000 } as const, 'The minimum order for this product is 1,000'],
    [{ code: 'PACK_CHOICE', packSize: 25, lower: 150, upper: 175 } as const, 'Sold in packs of 25: 150 or 175?'],
    [{ code: 'PACK_ONE', packSize: 25, quantity: 325 } as const, 'Sold in packs of 25: 325?'],
    [{ code: 'ONLY_IN_STOCK', stock: 12_345, maxAvailable: 12_325, packSize: 25 } as const, 'Only 12,345 in stock: order 12,325 now (a multiple of 25)'],
    [{ code: 'ONLY_IN_STOCK', stock: 340, maxAvailable: 340, packSize: 1 } as const, 'Only 340 in stock: order 340 now'],
    [{ code: 'STOCK_BELOW_MINIMUM', stock: 60, minimum: 100 } as const, 'Only 60 in stock, less than the minimum order of 100'],
  ])('%j reads %j', (note, text) => {
    expect(adviceText(note)).toBe(text);
  });
});
