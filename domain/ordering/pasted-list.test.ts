import { describe, expect, it } from 'vitest';
import { readPastedList, readQuantity } from './pasted-list.ts';

const rowsOf = (text: string) => {
  const result = readPastedList(text);
  if (!result.ok) throw new Error(`not read: ${result.error.code}`);
  return result.value.map((row) => (row.readable ? [row.line, row.sku, row.quantity] : [row.line, null, null]));
};

describe('readPastedList', () => {
  it('reads a SKU then a quantity, whatever separates them, line by line', () => {
    expect(rowsOf('M8-NUT\t500\nwasher-m8;1000\nTAPE-12, 250\nBOLT-40   300\n"CLIP-9","1,500"\nPIN-3 1 000')).toEqual([
      [1, 'M8-NUT', 500],
      [2, 'WASHER-M8', 1000],
      [3, 'TAPE-12', 250],
      [4, 'BOLT-40', 300],
      [5, 'CLIP-9', 1500],
      [6, 'PIN-3', 1000],
    ]);
  });

  it('skips a header row and blank lines but keeps the pasted line numbers', () => {
    expect(rowsOf('\uFEFFPart number;Qty\r\n\r\nM8-NUT;500\r\n   \r\nTAPE-12;250\r\n')).toEqual([
      [3, 'M8-NUT', 500],
      [5, 'TAPE-12', 250],
    ]);
  });

  it('takes the first two cells of a wider sheet, and a quantity written first', () => {
    expect(rowsOf('M8-NUT\t500\tHex nut M8, A2\t$0.12\n500 TAPE-12')).toEqual([
      [1, 'M8-NUT', 500],
      [2, 'TAPE-12', 500],
    ]);
  });

  it('a row with only a SKU, only a number, words or a fractional quantity cannot be read', () => {
    expect(rowsOf('M8-NUT\n2500\nHex nut M8 stainless\nM8-NUT;12.5\nM8-NUT;-100\nM8-NUT;99999999999999999999')).toEqual(
      [1, 2, 3, 4, 5, 6].map((line) => [line, null, null]),
    );
  });

  it.each([
    ['500', 500],
    ['1,500', 1500],
    ['1 500', 1500],
    ['1,500,000', 1_500_000],
    ['0', 0],
    ['1,50', null],
    ['1.5', null],
    ['-3', null],
    ['12pcs', null],
    ['', null],
  ])('quantity %j reads %s', (cell, quantity) => {
    expect(readQuantity(cell)).toBe(quantity);
  });

  it('refuses a list that is empty, a header alone, too long, too large or not text', () => {
    expect(readPastedList('')).toEqual({ ok: false, error: { code: 'EMPTY' } });
    expect(readPastedList(' \n\t\n')).toEqual({ ok: false, error: { code: 'EMPTY' } });
    expect(readPastedList('SKU,Quantity\n')).toEqual({ ok: false, error: { code: 'EMPTY' } });
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `SKU-${i}\t100`).join('\n');
    expect(readPastedList(rows(200)).ok).toBe(true);
    expect(readPastedList(`${rows(200)}\n\n\n`).ok).toBe(true);
    expect(readPastedList(rows(201))).toEqual({ ok: false, error: { code: 'TOO_MANY_LINES', max: 200 } });
    expect(readPastedList('M8-NUT\t500\n'.padEnd(100_001, ' '))).toEqual({ ok: false, error: { code: 'TOO_LARGE', maxBytes: 100_000 } });
    // 34,000 three-byte characters: under 100,000 characters, over 100 kB.
    expect(readPastedList('€'.repeat(34_000))).toEqual({ ok: false, error: { code: 'TOO_LARGE', maxBytes: 100_000 } });
    const binary = String.fromCharCode(...Array.from({ length: 1000 }, (_, i) => (i * 37) % 256));
    expect(readPastedList(binary)).toEqual({ ok: false, error: { code: 'NOT_TEXT' } });
    expect(readPastedList('M8-NUT\t500\u0000')).toEqual({ ok: false, error: { code: 'NOT_TEXT' } });
    expect(readPastedList('M8-NUT\t500\uFFFD')).toEqual({ ok: false, error: { code: 'NOT_TEXT' } });
  });

  it('reads a product name then a quantity, with commas or with spaces only', () => {
    expect(rowsOf('M8 hex nut stainless, 500\nM8 hex nut stainless 1 000\nhex nut 250\njust some words')).toEqual([
      [1, 'M8 HEX NUT STAINLESS', 500],
      [2, 'M8 HEX NUT STAINLESS', 1000],
      [3, 'HEX NUT', 250],
      [4, null, null],
    ]);
  });

});
