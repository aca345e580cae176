import type { Context } from 'hono';
import type { OrderPaper } from '#domain/ordering/order-papers.ts';

/**
 * An order's paper as a download: a PDF saved under its number (`INV-2026-000042.pdf`), kept by no
 * cache, shared or private, as it names the buyer and their address. The file names are made of
 * the shop's own numbers (letters, digits and dashes), so they need no quoting beyond the quotes.
 */
export const paperResponse = (c: Context, paper: OrderPaper) =>
  c.body(paper.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${paper.fileName}"`,
    'Cache-Control': 'private, no-store',
  });
