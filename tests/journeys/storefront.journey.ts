/**
 * The storefront as the server renders it (docs/storefront.md, "How a page is served"): with
 * JavaScript off, a visitor reads a product and browses, searches, filters and pages the catalogue;
 * with it on, the page hydrates without asking for its own data again and without a hydration error.
 * Real server (with the SSR build), fresh SQLite file with demo data, real Chromium.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCents } from '#domain/shared/money.ts';
import type { CategoryNodeDto, ProductDto, ProductSearchDto } from '#http/dto.ts';
import { call, type Reply } from '../support/api.ts';
import { withScreenshots } from '../support/browser.ts';
import { serverAndBrowserForJourney } from '../support/journey.ts';
import { labels } from '../../web/lib/labels.ts';

const expectOk = <T>(reply: Reply<T>, what: string): T => {
  if (reply.status !== 200) throw new Error(`arrange: ${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

/** The names on the catalogue's cards, in order. */
const cardNames = (page: Page) => page.getByRole('article').evaluateAll((articles) => articles.map((article) => article.querySelector('h2')?.textContent?.trim() ?? ''));

describe('the storefront rendered on the server', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('without JavaScript: a product can be read, and the catalogue browsed, searched, filtered and paged', async () => {
    const { server, browser } = journey;
    const catalogue = expectOk(await call<ProductSearchDto>(server.url, 'GET', '/api/products?limit=24'), 'catalogue');
    expect(catalogue.nextCursor).not.toBeNull();
    const product = expectOk(await call<ProductDto>(server.url, 'GET', `/api/products/${catalogue.items[0]!.id}`), 'product');
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    pages.push(page);

    await withScreenshots('storefront-without-javascript', () => pages, async () => {
      const read = await page.goto(`/product/${product.id}`);
      expect(read?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: product.name }).isVisible()).resolves.toBe(true);
      const text = await page.locator('main').innerText();
      expect(text).toContain(product.sku);
      expect(text).toContain(formatCents(product.priceCents));
      // The buy box cannot work without JavaScript: it says so, instead of loading forever (the
      // text as shown: Playwright's text locators skip <noscript>).
      expect(text).toContain(labels.orderingNeedsJavaScript);
      expect(text).not.toContain('Loading the order form');

      const missing = await page.goto('/product/no-such-part');
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();

      // Browse: the first page of cards, then the next through the Load more link and its cursor.
      await page.goto('/allProduct');
      expect(await cardNames(page)).toEqual(catalogue.items.map((item) => item.name));
      await page.getByRole('link', { name: 'Load more' }).click();
      await page.waitForURL(/cursor=/);
      const rest = expectOk(await call<ProductSearchDto>(server.url, 'GET', `/api/products?limit=24&cursor=${encodeURIComponent(catalogue.nextCursor!)}`), 'page 2');
      expect(await cardNames(page)).toEqual(rest.items.map((item) => item.name));

      // Search: the catalogue's own form is a plain GET form.
      await page.goto('/allProduct');
      const word = product.name.split(' ')[0]!;
      await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(word);
      await page.getByRole('searchbox', { name: 'Search the catalogue' }).press('Enter');
      await page.waitForURL(/[?&]q=/);
      const found = expectOk(await call<ProductSearchDto>(server.url, 'GET', `/api/products?limit=24&q=${encodeURIComponent(word)}`), 'search');
      expect(found.items.length).toBeGreaterThan(0);
      expect(await cardNames(page)).toEqual(found.items.map((item) => item.name));

      // Filter: a department is a link.
      const tree = expectOk(await call<CategoryNodeDto[]>(server.url, 'GET', '/api/categories'), 'categories');
      const department = tree.find((node) => node.children.length > 0)!;
      await page.goto('/allProduct');
      await page.getByRole('navigation', { name: /categor|department/i }).getByRole('link', { name: new RegExp(`^${department.name}`) }).first().click();
      await page.waitForURL(new RegExp(`category=${department.slug}`));
      const inDepartment = expectOk(await call<ProductSearchDto>(server.url, 'GET', `/api/products?limit=24&category=${department.slug}`), 'department');
      expect(await cardNames(page)).toEqual(inDepartment.items.map((item) => item.name));
    });
    await context.close();
  });

  it('with JavaScript: the page hydrates without asking again for its data and without a hydration error', async () => {
    const { server, browser } = journey;
    const catalogue = expectOk(await call<ProductSearchDto>(server.url, 'GET', '/api/products?limit=24'), 'catalogue');
    const product = catalogue.items[1]!;
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    pages.push(page);
    const asked: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (/hydrat|did not match|didn't match|#418|#423|#425/i.test(message.text())) problems.push(message.text());
    });
    /** TanStack Router removes its dehydrated state once hydrated. */
    const hydrated = () => page.waitForFunction(() => !('$_TSR' in window));

    await withScreenshots('storefront-hydration', () => pages, async () => {
      for (const path of [`/product/${product.id}`, '/allProduct', '/']) {
        asked.length = 0;
        await page.goto(path);
        await hydrated();
        await page.waitForLoadState('networkidle');
        // Only who is signed in is asked (it is never in a shared page); the page's own data came with it.
        expect(asked.filter((request) => request !== '/api/me'), path).toEqual([]);
      }
      expect(problems).toEqual([]);

      // Hydrated, the catalogue is the app again: Load more adds the next cards below, in place.
      await page.goto('/allProduct');
      await hydrated();
      await page.getByRole('link', { name: 'Load more' }).click();
      await expect.poll(async () => (await cardNames(page)).length).toBeGreaterThan(24);
      expect(page.url()).not.toContain('cursor=');
      expect(problems).toEqual([]);
    });
    await context.close();
  });

});
