import { formatCents, type Cents } from '../shared/money.ts';

/**
 * Every price and quantity says its unit, in one short form everywhere the shop writes one (the
 * product page, the cart, quick order, orders, e-mails, the invoice): "150 pieces", "3 rolls",
 * "500 boxes (50,000 pcs)", "$22.00 per box (100 pcs) · $0.22 each".
 *
 * The domain owns this wording, as it owns `formatCents`: a product's unit is free text typed by an
 * admin (`piece`, `roll`, `box of 100`, `25kg bag`, `m`), and how a count of it reads is a rule of
 * the catalogue, not a message. The web app, the e-mails and the PDF papers are three edges that
 * must write the same quantity the same way, and none of them may pick its own; the sentences
 * around these forms stay at the edges (http/messages.ts, web/lib/labels.ts). See
 * docs/catalogue.md, "Units and prices".
 */

/** Short symbols (m, kg, ft, L) and words with a digit read the same in the plural. */
const keepsItsForm = (word: string) => word.length <= 2 || /\d/.test(word);

const pluralWord = (word: string): string => {
  if (keepsItsForm(word)) return word;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
};

const countText = (count: number): string => count.toLocaleString('en-US');

/** A unit's noun in the plural: the last word before any "of …", everything else as typed. */
const pluralUnit = (unit: string): string => {
  const of = unit.search(/ of /i);
  const head = of === -1 ? unit : unit.slice(0, of);
  const words = head.split(' ');
  words[words.length - 1] = pluralWord(words[words.length - 1] ?? '');
  return words.join(' ') + (of === -1 ? '' : unit.slice(of));
};

/** A unit of sale that holds several pieces: "box of 100" is a box of 100 pieces. */
interface CountedUnit {
  /** What is sold: "box". */
  noun: string;
  /** Pieces in one of it: 100. */
  pieces: number;
}

/**
 * The pieces one unit of sale holds, when its name says so by a bare count after "of" ("box of
 * 100", "pack of 50", "bag of 1,000 pcs"); null for a single piece and for a measure ("reel of
 * 100 m", "25kg bag"), whose size is not a count of pieces.
 */
export const countedUnit = (unit: string): CountedUnit | null => {
  const match = /^(.+?) of (\d{1,3}(?:,\d{3})+|\d+)(?: (?:pcs|pieces|pc|units))?$/i.exec(unit.trim());
  if (!match) return null;
  const pieces = Number(match[2]!.replaceAll(',', ''));
  return Number.isSafeInteger(pieces) && pieces > 1 ? { noun: match[1]!, pieces } : null;
};

/** "piece" / "pieces"; "box (100 pcs)" / "boxes (100 pcs)": the unit as it reads after a count, for one of it. */
export const unitFor = (quantity: number, unit: string): string => {
  const counted = countedUnit(unit);
  if (!counted) return quantity === 1 ? unit : pluralUnit(unit);
  return quantity === 1 ? counted.noun : pluralUnit(counted.noun);
};

/** "150 pieces", "1 roll", "500 boxes (50,000 pcs)": the count, its unit, and the pieces in all when a unit holds several. */
export const countOf = (quantity: number, unit: string): string => {
  const counted = countedUnit(unit);
  const text = `${countText(quantity)} ${unitFor(quantity, unit)}`;
  return counted ? `${text} (${countText(quantity * counted.pieces)} pcs)` : text;
};

/** "box (100 pcs)", "piece", "reel of 100 m": one unit of sale, with the pieces it holds. */
export const unitOfSale = (unit: string): string => {
  const counted = countedUnit(unit);
  return counted ? `${counted.noun} (${countText(counted.pieces)} pcs)` : unit;
};

/**
 * A price per piece: exact cents as money ("$0.22"), a share of a cent to at most four decimals
 * ("$0.0733"), so a box price that does not divide evenly still reads as what a piece costs.
 */
const pricePerPiece = (cents: Cents, pieces: number): string => {
  if (cents % pieces === 0) return formatCents(cents / pieces);
  const dollars = (cents / pieces / 100).toFixed(4).replace(/0{1,2}$/, '');
  return `$${dollars}`;
};

/** "$0.22 each" for a unit that holds several pieces; null for a unit that is one piece or a measure. */
export const eachOf = (unitPriceCents: Cents, unit: string): string | null => {
  const counted = countedUnit(unit);
  return counted ? `${pricePerPiece(unitPriceCents, counted.pieces)} each` : null;
};

/** "$22.00 per box (100 pcs) · $0.22 each", "$0.80 per piece": a unit price, and a piece's share when a unit holds several. */
export const priceOf = (unitPriceCents: Cents, unit: string): string => {
  const each = eachOf(unitPriceCents, unit);
  const price = `${formatCents(unitPriceCents)} per ${unitOfSale(unit)}`;
  return each ? `${price} · ${each}` : price;
};
