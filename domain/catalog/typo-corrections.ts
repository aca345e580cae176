import { editDistance } from './sku-did-you-mean.ts';

/**
 * Search that forgives typing mistakes (docs/catalogue.md, "Search that forgives"): a query word no catalogue word
 * starts with is compared with the catalogue's own words (its vocabulary, which the stores read
 * from their search index), and the nearest within a few edits match it too, ranked below
 * everything the words find as typed. Every step has a fixed ceiling, so a request costs the same
 * whatever the catalogue holds: only words of TYPO_MIN_LENGTH letters or more are corrected, at
 * most MAX_TYPO_CANDIDATES vocabulary words are compared with each, and each keeps at most
 * MAX_CORRECTIONS_PER_WORD corrections.
 */

/** Shorter words are never corrected: `nut` is one letter from `not`, `but`, `nat` and `net`. */
export const TYPO_MIN_LENGTH = 5;
/** From this length a word may hold two mistakes. */
export const TYPO_TWO_EDITS_LENGTH = 9;
/** The nearest corrections kept per word. */
export const MAX_CORRECTIONS_PER_WORD = 3;
/** Vocabulary words compared with one query word at most (the nearest in length first). */
export const MAX_TYPO_CANDIDATES = 2_000;
/** Words a vocabulary keeps at most; the stores read no more than this. */
export const MAX_VOCABULARY_WORDS = 50_000;

/**
 * Edits (a letter wrong, missing, extra, or two neighbours swapped) a word may be from the one
 * meant: none under 5 letters, one from 5, two from 9.
 */
export const typoTolerance = (word: string): number =>
  word.length < TYPO_MIN_LENGTH || !ONLY_LETTERS.test(word) ? 0 : word.length < TYPO_TWO_EDITS_LENGTH ? 1 : 2;

/** Part numbers and sizes (`m8`, `din934`) are matched by the SKU rules, never corrected. */
const ONLY_LETTERS = /^\p{L}+$/u;
/** The shortest vocabulary word a correctable word can be one edit from. */
const SHORTEST_USEFUL = TYPO_MIN_LENGTH - 1;

/** The catalogue's words ready for lookups: sorted (prefix checks) and by length (candidates). */
export interface Vocabulary {
  sorted: readonly string[];
  byLength: ReadonlyMap<number, readonly string[]>;
}

/**
 * A store hands the same array for as long as its catalogue has not changed (it reads the words
 * once per catalogue version), so the lookups built from it are kept with it, not rebuilt per
 * request.
 */
const built = new WeakMap<readonly string[], Vocabulary>();

/** The words of `words` that can be corrections (letters only, 4 letters or more), ready for lookups. */
export const vocabularyOf = (words: readonly string[]): Vocabulary => {
  const known = built.get(words);
  if (known) return known;
  const useful = [...new Set(words.filter((word) => word.length >= SHORTEST_USEFUL && ONLY_LETTERS.test(word)))].slice(0, MAX_VOCABULARY_WORDS);
  // Byte order, as the stores compare text, for the binary search in startsSomeWord.
  const sorted = useful.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const byLength = new Map<number, string[]>();
  for (const word of sorted) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  const vocabulary = { sorted, byLength };
  built.set(words, vocabulary);
  return vocabulary;
};

/** True when some vocabulary word starts with `word`: typed so, it finds products already. */
const startsSomeWord = (vocabulary: Vocabulary, word: string): boolean => {
  const { sorted } = vocabulary;
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? '') < word) low = middle + 1;
    else high = middle;
  }
  return sorted[low]?.startsWith(word) ?? false;
};

/**
 * The corrections of one query word: the vocabulary words within its tolerance, nearest first
 * (then alphabetical), at most MAX_CORRECTIONS_PER_WORD. None when the word is too short, holds a
 * digit, or starts a catalogue word as typed (it is no typo then, or the buyer is still typing).
 */
export const correctionsOf = (word: string, vocabulary: Vocabulary): string[] => {
  const tolerance = typoTolerance(word);
  if (tolerance === 0 || startsSomeWord(vocabulary, word)) return [];
  const near: { word: string; distance: number }[] = [];
  let compared = 0;
  // Nearest lengths first, so the ceiling, should it bite, leaves out the least likely words.
  const lengths = [0, ...Array.from({ length: tolerance }, (_, i) => [-(i + 1), i + 1]).flat()].map((offset) => word.length + offset);
  for (const length of lengths) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      if (compared >= MAX_TYPO_CANDIDATES) break;
      compared += 1;
      const distance = editDistance(word, candidate, tolerance);
      if (distance <= tolerance) near.push({ word: candidate, distance });
    }
  }
  near.sort((a, b) => a.distance - b.distance || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  return near.slice(0, MAX_CORRECTIONS_PER_WORD).map((entry) => entry.word);
};

/**
 * The query as the buyer most likely meant it: each corrected word replaced by its nearest
 * correction. Null when no word has one.
 */
export const correctedText = (words: readonly string[], corrections: readonly (readonly string[])[]): string | null =>
  corrections.some((list) => list.length > 0) ? words.map((word, i) => corrections[i]?.[0] ?? word).join(' ') : null;
