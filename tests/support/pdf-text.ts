/**
 * The text of a PDF as a reader would copy it, by Debian's `pdftotext` (poppler-utils; scripts/test.mjs
 * and .ci/run install it): the papers' tests read what they print back out of the real file.
 * Pages are separated by a form feed (`\f`).
 */
import { execFileSync } from 'node:child_process';

export const pdfText = (bytes: Uint8Array, { layout = false }: { layout?: boolean } = {}): string =>
  execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', '-', '-'], { input: bytes, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');

/**
 * The text laid out as printed (`-layout`: a table row's cells on one line, in column order, which
 * pdftotext's reading-order mode may interleave differently from one file to the next), with each
 * run of spaces made one, so a test can look for a cell's words or a label and its value.
 */
export const pdfLines = (bytes: Uint8Array): string => pdfText(bytes, { layout: true }).replace(/[ \t]+/g, ' ');

/** The text of each page. */
export const pdfPages = (bytes: Uint8Array): string[] => pdfText(bytes).split('\f').filter((page) => page.trim() !== '');

/** Whether the bytes are a PDF file (its header and end-of-file marker). */
export const looksLikePdf = (bytes: Uint8Array): boolean => {
  const text = Buffer.from(bytes).toString('latin1');
  return text.startsWith('%PDF-') && text.trimEnd().endsWith('%%EOF');
};
