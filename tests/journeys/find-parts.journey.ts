/**
 * Journey F (finding parts): a visitor types part of a name into the navbar's search box, picks
 * the second suggestion with the arrow keys and Enter, and lands on that product's page; then, on
 * All Products, narrows the catalogue to one department and to what is in stock, sorts it by price,
 * loads the second page ("Load more"), opens a part from it and comes back with the browser's Back
 * button to the same choices and the same results, restored from the URL (docs/catalogue.md, "Catalogue").
 * Real server, fresh SQLite file with demo data plus parts added through the admin API, real Chromium.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { labels } from '../../web/lib/labels.ts';
import { formatCents } from '#domain/shared/money.ts';
import type { CategoryNodeDto, ProductDto, ProductSearchDto, ProductSuggestionDto, SessionDto } from '#http/dto.ts';
import { call, type Reply } from '../support/api.ts';
import { newPage, withScreenshots } from '../support/browser.ts';
import { serverAndBrowserForJourney } from '../support/journey.ts';
import { TEST_ADMIN } from '../support/server.ts';

/** All Products shows this many cards, then "Load more" (web/features/products/catalogue-search.ts). */
const PAGE_SIZE = 24;

const expectOk = <T>(reply: Reply<T>, status: number, what: string): T => {
  if (reply.status !== status) throw new Error(`arrange: ${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

/** The catalogue's cards, in the order shown: each one's name and the price line it prints. */
const cards = (page: Page) =>
  page
    .getByRole('article')
    .evaluateAll((articles) =>
      articles.map((article) => ({
        name: article.querySelector('h2')?.textContent?.trim() ?? '',
        price: [...article.querySelectorAll('p')].map((line) => line.textContent ?? '').find((line) => /^(Price: |From )\$/.test(line)) ?? '',
      })),
    );

/** What a card prints for a product: its regular price, or "From" its lowest volume price. */
const priceLine = (product: ProductDto) => {
  const lowest = Math.min(product.priceCents, ...product.priceTiers.map((tier) => tier.unitPriceCents));
  return `${product.priceTiers.length > 0 ? 'From' : 'Price:'} ${formatCents(lowest)} / ${product.unit}`;
};

describe('journey F: find parts from the search box and the catalogue', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('types part of a name in the navbar, picks the second suggestion with the keyboard and lands on that product', async () => {
    const { server, browser } = journey;
    // "hex" starts a word of several demo parts (bolts and nuts): the list has more than one line.
    const typed = 'hex';
    const suggested = expectOk(await call<ProductSuggestionDto[]>(server.url, 'GET', `/api/products/suggest?q=${typed}`), 200, 'suggest');
    expect(suggested.length).toBeGreaterThanOrEqual(2);
    const wanted = suggested[1]!;
    const { page } = await newPage(browser, server.url);
    pages.push(page);

    await withScreenshots('journey-f-search-box', () => pages, async () => {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.focus();
      await page.keyboard.type(typed);
      const list = page.getByRole('listbox', { name: 'Suggested products' });
      await list.waitFor();
      await expect.poll(() => list.getByRole('option').allTextContents()).toHaveLength(suggested.length);
      expect(await list.getByRole('option').first().textContent()).toContain(suggested[0]!.name);

      // Two presses of ArrowDown: the second line is the active one, and focus stays in the box.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      const active = list.getByRole('option', { selected: true });
      expect(await active.textContent()).toContain(wanted.name);
      expect(await active.textContent()).toContain(wanted.sku);
      expect(await box.getAttribute('aria-activedescendant')).toBe(await active.getAttribute('id'));
      expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);

      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/product/${wanted.id}`);
      await page.getByRole('heading', { level: 1, name: wanted.name }).waitFor();
      expect(await page.locator('dt', { hasText: /^SKU$/ }).locator('xpath=following-sibling::dd[1]').textContent()).toBe(wanted.sku);
      // The box is emptied and its list closed once the product is open, and reading goes on at its heading.
      expect(await box.inputValue()).toBe('');
      expect(await list.isHidden()).toBe(true);
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    });
  });

  it('filters by department and stock, sorts by price, loads page 2, and Back from a part restores it all', async () => {
    const { server, browser } = journey;
    // The demo shop has one cable: the admin adds 27 more to Electrical, three of them sold out and
    // the cheapest of all, so that only the in-stock filter keeps them off the first page.
    const admin = expectOk(await call<SessionDto>(server.url, 'POST', '/api/auth/sign-in', { body: TEST_ADMIN }), 200, 'admin sign-in').token;
    const tree = expectOk(await call<CategoryNodeDto[]>(server.url, 'GET', '/api/categories'), 200, 'categories');
    const electrical = tree.find((department) => department.slug === 'electrical');
    const cable = electrical?.children.find((category) => category.slug === 'cable');
    if (!electrical || !cable) throw new Error('arrange: the demo catalogue has no Electrical › Cable');
    // In-stock ones cost $10.00 to $102.00 in an order unlike the order they were added in (7 and
    // 24 share no factor, so each price is used once), around the demo cable's $89.00.
    const added = Array.from({ length: 27 }, (_, index) => ({
      name: `Journey Cable Gland M${12 + index}`,
      sku: `JF-GL-${index + 1}`,
      description: 'Nylon cable gland with lock nut, IP68.',
      imageUrl: '/demo/products/cable-reel.svg',
      priceCents: index < 3 ? index + 1 : 1_000 + (((index - 3) * 7) % 24) * 400,
      stock: index < 3 ? 0 : 500,
      categoryId: cable.id,
    }));
    for (const product of added) {
      expectOk(await call(server.url, 'POST', '/api/products', { token: admin, body: product }), 201, `add ${product.sku}`);
    }
    const soldOut = added.filter((product) => product.stock === 0).map((product) => product.name);
    // What the catalogue holds for these choices, by the API, both pages.
    const expected = expectOk(
      await call<ProductSearchDto>(server.url, 'GET', '/api/products?category=electrical&inStock=true&sort=price-asc&limit=100'),
      200,
      'catalogue',
    );
    // 24 added in stock and the demo cable: one more than a page.
    expect(expected.total).toBe(PAGE_SIZE + 1);
    const { page } = await newPage(browser, server.url);
    pages.push(page);

    await withScreenshots('journey-f-catalogue', () => pages, async () => {
      await page.goto('/allProduct');
      await page.getByText(/^\d[\d,]* products?$/).waitFor();

      // One department, then in stock only, then price low to high: each goes into the URL.
      await page.getByRole('navigation', { name: 'Departments' }).getByRole('link', { name: /^Electrical \d+$/ }).click();
      await page.waitForURL((url) => url.searchParams.get('category') === 'electrical');
      // click, not check(): the box shows the URL's choice, so it turns checked only once the
      // narrower list has loaded, later than check() looks.
      const inStock = page.getByRole('checkbox', { name: 'In stock only' });
      await inStock.click();
      await page.waitForURL((url) => url.searchParams.get('inStock') === 'true');
      await expect.poll(() => inStock.isChecked()).toBe(true);
      const sort = page.getByRole('combobox', { name: /^Sort by/ });
      await sort.selectOption({ label: 'Price: low to high' });
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
      await page.getByText(`${expected.total} products`, { exact: true }).waitFor();

      // Page 1: the cheapest in-stock parts of Electrical, in the API's order, none sold out.
      await expect.poll(async () => (await cards(page)).map((card) => card.name)).toEqual(expected.items.slice(0, PAGE_SIZE).map((item) => item.name));
      await page.getByText(`Showing ${PAGE_SIZE} of ${expected.total}`).waitFor();

      // Page 2.
      await page.getByRole('link', { name: 'Load more' }).click();
      await page.getByText(`Showing ${expected.total} of ${expected.total}`).waitFor();
      const shown = await cards(page);
      expect(shown.map((card) => card.name)).toEqual(expected.items.map((item) => item.name));
      expect(shown.map((card) => card.price)).toEqual(expected.items.map(priceLine));
      expect(shown.filter((card) => soldOut.includes(card.name))).toEqual([]);
      // Every part is in Electrical and in stock, and the price it is sorted by rises, on the cards too.
      expect(expected.items.every((item) => item.stock > 0 && (item.categoryId === cable.id || item.categoryId === electrical.id))).toBe(true);
      const prices = expected.items.map((item) => item.priceCents);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const regular = shown.flatMap((card) => (card.price.startsWith('Price: $') ? [Number(card.price.slice(8).split(' ')[0]!.replace(/,/g, ''))] : []));
      expect(regular.length).toBeGreaterThan(PAGE_SIZE - 2);
      expect(regular).toEqual([...regular].sort((a, b) => a - b));
      expect(await page.getByRole('link', { name: 'Load more' }).count()).toBe(0);

      // A part from page 2, then Back: the same choices and the same 25 parts, page 2 included.
      const fromPageTwo = expected.items[PAGE_SIZE]!;
      await page.getByRole('article').filter({ hasText: fromPageTwo.name }).getByRole('link', { name: new RegExp(labels.buyNow) }).click();
      await page.getByRole('heading', { level: 1, name: fromPageTwo.name }).waitFor();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/allProduct');
      const search = new URL(page.url()).searchParams;
      expect(Object.fromEntries(search)).toEqual({ category: 'electrical', inStock: 'true', sort: 'price-asc' });
      await page.getByText(`Showing ${expected.total} of ${expected.total}`).waitFor();
      expect(await cards(page)).toEqual(shown);
      expect(await sort.inputValue()).toBe('price-asc');
      expect(await inStock.isChecked()).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Departments' }).getByRole('link', { name: /^Electrical \d+$/ }).getAttribute('aria-current')).toBe('page');

      // One more Back undoes the sort alone: newest first again, still in stock and in Electrical.
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('sort'));
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ category: 'electrical', inStock: 'true' });
      expect(await sort.inputValue()).toBe('newest');
      await expect.poll(async () => (await cards(page))[0]?.name).toBe(added.at(-1)!.name);
    });
  });
});
