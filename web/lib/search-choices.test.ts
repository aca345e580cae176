import { describe, expect, it } from 'vitest';
import { flag, listOf, numberFrom, oneOf, searchChoices, text } from './search-choices.ts';

describe('search choices read from a URL', () => {
  it('keeps valid choices, answers an invalid one as undefined, and leaves absent ones out', () => {
    const read = searchChoices({ status: oneOf(['paid', 'shipped'] as const), q: text({ min: 1, max: 5 }), n: numberFrom({ min: 0, max: 10 }), on: flag });
    expect(read({ status: 'paid', q: '  bolt ', n: '3', on: true })).toEqual({ status: 'paid', q: 'bolt', n: 3, on: true });
    const cleaned = read({ status: 'lost', q: 'too long', n: 11, on: 'yes' });
    expect(cleaned).toEqual({ status: undefined, q: undefined, n: undefined, on: undefined });
    expect(Object.keys(read({}))).toEqual([]);
  });

  it('drops a whole list when one item is not valid or it is too long', () => {
    const read = listOf(oneOf(['a', 'b'] as const), 2);
    expect(read(['a', 'b'])).toEqual(['a', 'b']);
    expect(read(['a', 'c'])).toBeUndefined();
    expect(read(['a', 'b', 'a'])).toBeUndefined();
    expect(read('a')).toBeUndefined();
  });

});
