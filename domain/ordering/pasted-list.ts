import type { PastedListFailure } from '../shared/field-problem.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { normalizeSku } from '../catalog/sku.ts';

/**
 * Reads what buyers paste into quick order from a spreadsheet or a bill of materials (docs/orders.md,
 * "Orders, cart, quick order"): one row per line, a SKU then a quantity, separated by a tab, a comma, a
 * semicolon or spaces, with an optional header row. Only reading happens here; what the SKUs
 * are is `resolve-pasted-list.ts`'s job.
 */

export const MAX_PASTED_LINES = 200;
export const MAX_PASTED_BYTES = 100_000;
/** Longer than any SKU can be: such a first cell is a description, not a part number. */
const MAX_SKU_CELL = 64;

/** Declared with the other field problems (shared/field-problem.ts), which the edge words. */
export type { PastedListFailure };

/** One pasted line that is not blank (and not the header), numbered from 1 as pasted. */
export type PastedRow =
  | { line: number; input: string; readable: true; sku: string; quantity: number }
  | { line: number; input: string; readable: false };


// Control characters other than tab and line breaks, and the replacement character a decoder
// leaves for bytes that are not text: a pasted file that is not a list.
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;
const HEADER_WORD = /\b(sku|part|item|article|code|product|ref|qty|quantity|amount|count)\b/i;

/** "1500", "1,500" or "1 500" (grouped by thousands); null for anything else. */
export const readQuantity = (cell: string): number | null => {
  const text = cell.trim();
  if (!/^\d+$/.test(text) && !/^\d{1,3}(?:[, \u00A0]\d{3})+$/.test(text)) return null;
  const quantity = Number(text.replace(/[, \u00A0]/g, ''));
  return Number.isSafeInteger(quantity) ? quantity : null;
};

/** Splits on one separator, keeping a separator inside double quotes (`"1,000"`). */
const splitQuoted = (line: string, separator: string): string[] => {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
};

/** The line's cells, the separator chosen per line: tab, then semicolon, then comma, else spaces. */
const cellsOf = (line: string): { cells: string[]; bySpaces: boolean } => {
  const separator = ['\t', ';', ','].find((candidate) => line.includes(candidate));
  const cells = separator ? splitQuoted(line, separator) : line.split(/\s+/);
  return { cells: cells.map((cell) => cell.trim()).filter((cell) => cell !== ''), bySpaces: separator === undefined };
};

/**
 * SKU (or a product's name) and quantity of a line, or null. The quantity may also come first
 * ("500 M8-NUT").
 */
const readLine = (line: string): { sku: string; quantity: number } | null => {
  const { cells, bySpaces } = cellsOf(line);
  const [first, second] = cells;
  if (first === undefined || second === undefined) return null;
  // Only spaces: "M8-NUT 1 000" groups the thousands with the separator itself.
  const quantity = (bySpaces ? readQuantity(cells.slice(1).join(' ')) : null) ?? readQuantity(second);
  if (quantity !== null && first.length <= MAX_SKU_CELL) return { sku: normalizeSku(first), quantity };
  const swapped = readQuantity(first);
  if (swapped !== null && readQuantity(second) === null && second.length <= MAX_SKU_CELL) return { sku: normalizeSku(second), quantity: swapped };
  // Only spaces, several words, then a quantity: a product's name ("M8 hex nut stainless 500"),
  // which quick order looks up by its words (resolve-pasted-list.ts).
  // The quantity is the longest run of trailing cells that reads as one ("1 000").
  for (let split = 2; bySpaces && split < cells.length; split += 1) {
    const trailing = readQuantity(cells.slice(split).join(' '));
    const name = cells.slice(0, split).join(' ');
    if (trailing !== null) return name.length <= MAX_SKU_CELL ? { sku: normalizeSku(name), quantity: trailing } : null;
  }
  return null;
};

/** Bytes the text takes in UTF-8, as the request body carried it. */
const utf8Length = (text: string): number => {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};

export const readPastedList = (text: string): Result<PastedRow[], PastedListFailure> => {
  if (text.length > MAX_PASTED_BYTES || utf8Length(text) > MAX_PASTED_BYTES) {
    return fail({ code: 'TOO_LARGE', maxBytes: MAX_PASTED_BYTES });
  }
  if (NOT_TEXT.test(text)) return fail({ code: 'NOT_TEXT' });
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const filled = lines.map((input, index) => ({ line: index + 1, input: input.trim() })).filter((entry) => entry.input !== '');
  if (filled.length > MAX_PASTED_LINES) return fail({ code: 'TOO_MANY_LINES', max: MAX_PASTED_LINES });
  const rows: PastedRow[] = filled.map(({ line, input }): PastedRow => {
    const read = readLine(input);
    return read ? { line, input, readable: true, ...read } : { line, input, readable: false };
  });
  // A first row that cannot be read but names its columns is the header.
  const [first] = rows;
  if (first && !first.readable && HEADER_WORD.test(first.input)) rows.shift();
  return rows.length > 0 ? ok(rows) : fail({ code: 'EMPTY' });
};
