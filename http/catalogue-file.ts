import Papa from 'papaparse';
import type { CatalogueTable } from '#domain/catalog/catalogue-import.ts';
import { messages } from '#domain/messages.ts';
import { fail, ok, type Result } from '#domain/shared/result.ts';

/**
 * A catalogue file's text as rows of cells (docs/catalogue.md, "Catalogue import and export"): CSV or
 * TSV (the delimiter is detected), an optional UTF-8 byte-order mark, blank lines skipped. What the
 * cells mean is the domain's question; this only refuses what cannot be read as a table.
 */
export const readCatalogueFile = (text: string): Result<CatalogueTable, string> => {
  // A NUL never occurs in text: this is a spreadsheet's binary file or an image.
  if (text.includes('\u0000')) return fail(messages.importNotText);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimitersToGuess: [',', '\t'], skipEmptyLines: 'greedy' });
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes');
  // Papa numbers rows from 0 with the header first; a spreadsheet numbers them from 1.
  if (unclosed) return fail(messages.importUnclosedQuote((unclosed.row ?? 0) + 1));
  const [columns, ...rows] = parsed.data;
  if (!columns) return fail(messages.importEmpty);
  return ok({ columns, rows });
};
