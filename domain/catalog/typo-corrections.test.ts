import { describe, expect, it } from 'vitest';
import { searchTerms, withCorrections } from './search-terms.ts';
import { correctedText, correctionsOf, MAX_TYPO_CANDIDATES, typoTolerance, vocabularyOf } from './typo-corrections.ts';

const vocabulary = vocabularyOf(['washer', 'washers', 'stainless', 'hexagon', 'bolt', 'nut', 'flange', 'm8', 'din934', 'thread', 'threaded', 'screwdriver', 'spring']);

describe('typoTolerance', () => {
  it.each([
    ['nut', 0],
    ['bolt', 0],
    ['screw', 1],
    ['washer', 1],
    ['stainless', 2],
    ['screwdriver', 2],
    ['din934', 0], // a part number or size is matched by the SKU rules, not corrected
  ])('lets %j be %i edits off', (word, edits) => {
    expect(typoTolerance(word)).toBe(edits);
  });
});

describe('correctionsOf', () => {
  it.each([
    ['wahser', 'washer'], // two neighbours swapped
    ['washrr', 'washer'], // one wrong
    ['washr', 'washer'], // one missing
    ['wasjher', 'washer'], // one extra
  ])('corrects %j to %j', (typed, meant) => {
    expect(correctionsOf(typed, vocabulary)[0]).toBe(meant);
  });

  it('corrects an extra letter, and two mistakes in a word of nine letters or more', () => {
    expect(correctionsOf('flangge', vocabulary)).toEqual(['flange']);
    expect(correctionsOf('stxinlxsx', vocabulary)).toEqual([]); // three edits
    expect(correctionsOf('stainles', vocabulary)).toEqual([]); // starts "stainless": no typo
    expect(correctionsOf('stianless', vocabulary)).toEqual(['stainless']); // one swap
    expect(correctionsOf('stainlass', vocabulary)).toEqual(['stainless']);
    expect(correctionsOf('stenless', vocabulary)).toEqual([]); // 8 letters: one edit only, this is two
    expect(correctionsOf('screwdrivr', vocabulary)).toEqual(['screwdriver']);
    expect(correctionsOf('scrwdrivr', vocabulary)).toEqual(['screwdriver']); // 9 letters, two missing
  });

  it('leaves short words, words with digits and words the catalogue has alone', () => {
    expect(correctionsOf('nutt', vocabulary)).toEqual([]); // under five letters
    expect(correctionsOf('din935', vocabulary)).toEqual([]);
    expect(correctionsOf('washer', vocabulary)).toEqual([]);
    expect(correctionsOf('thread', vocabulary)).toEqual([]); // starts "threaded" too, and is a word
    expect(correctionsOf('gearbox', vocabulary)).toEqual([]); // nothing near
  });

  it('gives the nearest first, then in alphabetical order, three at most', () => {
    const words = vocabularyOf(['bracket', 'brackets', 'bracketa', 'bracketb', 'bracketc', 'brackrt']);
    expect(correctionsOf('brackez', words)).toEqual(['bracket']);
    expect(correctionsOf('brackrtt', words)).toEqual(['brackrt']); // "bracket" is two edits away
    expect(correctionsOf('bracketz', words)).toEqual(['bracket', 'bracketa', 'bracketb']);
  });

  it('compares a bounded number of vocabulary words, however large the vocabulary', () => {
    // Every filler word has the typo's length, and the one meant comes after all of them: past the ceiling.
    const letter = (n: number) => String.fromCharCode(97 + (n % 26));
    const filler = Array.from({ length: MAX_TYPO_CANDIDATES }, (_, i) => `qq${letter(i / 676)}${letter(i / 26)}${letter(i)}q`);
    const big = vocabularyOf([...filler, 'zasher']);
    expect(correctionsOf('zahser', big)).toEqual([]);
    expect(correctionsOf('zahser', vocabularyOf(['zasher']))).toEqual(['zasher']);
  });

  it('builds the lookups of one vocabulary array once', () => {
    const words = ['washer'];
    expect(vocabularyOf(words)).toBe(vocabularyOf(words));
  });
});

describe('corrected terms', () => {
  it('adds each word its corrections and says the query as meant', () => {
    const terms = withCorrections(searchTerms('Wahser M8 stainless'), vocabulary);
    expect(terms.corrections).toEqual([['washer'], [], []]);
    expect(correctedText(terms.words, terms.corrections)).toBe('washer m8 stainless');
    expect(correctedText(['washer'], [[]])).toBeNull();
  });
});
