/**
 * Every price and quantity says its unit: "150 pieces", "1 roll", "300 boxes of 50", "$26.00 per
 * case of 100". A product's unit is free text (`piece`, `roll`, `box of 50`, `25kg bag`, `m`): the
 * noun before any "of …" takes the plural, everything else stays as typed.
 */

/** Short symbols (m, kg, ft, L) and words with a digit read the same in the plural. */
const keepsItsForm = (word: string) => word.length <= 2 || /\d/.test(word);

const pluralWord = (word: string): string => {
  if (keepsItsForm(word)) return word;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
};

/** The unit as it reads after a count: `unitFor(1, 'box of 50')` → "box of 50", `unitFor(3, …)` → "boxes of 50". */
export const unitFor = (quantity: number, unit: string): string => {
  if (quantity === 1) return unit;
  const of = unit.search(/ of /i);
  const head = of === -1 ? unit : unit.slice(0, of);
  const words = head.split(' ');
  words[words.length - 1] = pluralWord(words[words.length - 1] ?? '');
  return words.join(' ') + (of === -1 ? '' : unit.slice(of));
};

/** "150 pieces", "1,200 boxes of 50": the count in the shop's number format, then its unit. */
export const countOf = (quantity: number, unit: string): string => `${quantity.toLocaleString('en-US')} ${unitFor(quantity, unit)}`;
