/**
 * Journey L (catalogue import): an admin chooses a 1,000-row CSV on Import Catalogue; the dry run
 * lists its two bad rows and nothing changes; the admin fixes them, imports the file, and the
 * catalogue export gives back the same 1,000 rows. Real server on a fresh SQLite file with demo
 * data, real Chromium, a real download.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS, type CatalogueColumn } from '#domain/catalog/catalogue-csv.ts';
import { messages } from '../../web/lib/messages.ts';
import { labels } from '../../web/lib/labels.ts';
import { newPage, withScreenshots } from '../support/browser.ts';
import { serverAndBrowserForJourney, signIn } from '../support/journey.ts';
import { TEST_ADMIN } from '../support/server.ts';

type Row = Record<CatalogueColumn, string>;

/** 1,000 new parts, filed under a demo category, some with volume prices and specs. */
const partsFile = (stamp: string): Row[] =>
  Array.from({ length: 1_000 }, (_, n) => ({
    sku: `JL-${stamp}-${String(n).padStart(4, '0')}`,
    name: `Journey washer M${6 + (n % 10)} no. ${n}`,
    description: `Flat washer, DIN 125, zinc plated; lot ${n}.`,
    category: '',
    brand: n % 2 === 0 ? 'Fixwell' : '',
    unit: 'piece',
    price: `0.${String(10 + (n % 80)).padStart(2, '0')}`,
    stock: String(1_000 + n),
    minOrderQuantity: '100',
    packSize: n % 3 === 0 ? '50' : '1',
    tiers: n % 5 === 0 ? '1000:0.09' : '',
    specs: `Inner diameter=${6 + (n % 10)} mm;Finish=zinc`,
    imageUrl: '/demo/products/wrench.svg',
  }));

const csvOf = (rows: Row[]) => Papa.unparse(rows, { columns: [...CATALOGUE_COLUMNS], newline: '\r\n' });
const asFile = (rows: Row[], name: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(csvOf(rows)) });

describe('journey L: importing a catalogue file', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('a 1,000-row file with two bad rows is refused whole, fixed, imported, and exported unchanged', async () => {
    const { server, browser } = journey;
    const stamp = String(Date.now()).slice(-6);
    const rows = partsFile(stamp);
    const bad = rows.map((row, n) => (n === 10 ? { ...row, price: 'ten cents' } : n === 500 ? { ...row, sku: `jl ${stamp} 0500` } : row));

    await withScreenshots('journey-l', () => pages, async () => {
      const { page } = await newPage(browser, server.url);
      pages.push(page);
      await signIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
      await page.goto('/dashboard/manageProduct');
      await page.getByRole('link', { name: labels.importCatalogue }).click();
      const fileInput = page.getByLabel(/Catalogue file/);

      // The dry run names both bad rows (spreadsheet rows: the header is row 1) and writes nothing.
      await fileInput.setInputFiles(asFile(bad, 'washers.csv'));
      const problems = page.getByRole('alert').filter({ hasText: messages.importRefused(2) });
      await problems.waitFor();
      const problemRows = problems.getByRole('row');
      await expect.poll(() => problemRows.count()).toBe(3);
      expect(await problemRows.nth(1).textContent()).toContain('Row 12');
      expect(await problemRows.nth(1).textContent()).toContain(messages.priceNotNumber);
      expect(await problemRows.nth(2).textContent()).toContain('Row 502');
      expect(await problemRows.nth(2).textContent()).toContain(messages.skuCharacters);
      expect(await page.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
      const search = await page.request.get(`${server.url}/api/products?q=JL-${stamp}`);
      expect((await search.json()).total).toBe(0);

      // The fixed file is ready: 1,000 new products, imported with the progress bar, then confirmed.
      await fileInput.setInputFiles(asFile(rows, 'washers-fixed.csv'));
      await page.getByText('1,000 new, 0 updated, 0 unchanged.').waitFor();
      await page.getByRole('button', { name: 'Import 1,000 products' }).click();
      await page.getByRole('heading', { name: messages.importDone(1_000, 0) }).waitFor();

      // The export holds the same 1,000 rows, cell for cell.
      await page.getByRole('link', { name: labels.manageProducts }).last().click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export catalogue (CSV)' }).click()]);
      const exported = Papa.parse<Row>(await readFile((await download.path())!, 'utf8'), { header: true, skipEmptyLines: true });
      expect(exported.errors).toEqual([]);
      const ours = exported.data.filter((row) => row.sku.startsWith(`JL-${stamp}-`)).sort((a, b) => a.sku.localeCompare(b.sku));
      expect(ours).toEqual(rows);
    });
  }, 120_000);
});
