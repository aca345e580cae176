/**
 * Journey T (a 390 px phone, keyboard where it matters): what a buyer used to trip over. A visitor
 * on a product page has one quantity box and sees the quantity advice; signed in, a cart with a
 * line over the stock shows the summary at the top, Place order disabled with the reason beside
 * it, and fixing the line in one click enables it; the skip link takes the keyboard from the top
 * of the cart to the order summary, a few Tabs from Place order; a request for quote is sent for
 * the lines and quantities chosen in its dialog, not the whole cart. Real server, real Chromium.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CartDto, ListDto, ProductDto, QuoteDto } from '#http/dto.ts';
import { call, signUpCustomer } from '../support/api.ts';
import { withScreenshots } from '../support/browser.ts';
import { CUSTOMER_PASSWORD, serverAndBrowserForJourney, signIn } from '../support/journey.ts';

describe('journey T: the cart over stock, a quote of chosen lines, one quantity box with advice', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('advises a visitor on the product page, fixes a cart over stock, skips to the summary, and asks a quote for chosen lines', async () => {
    const { server, browser } = journey;
    const email = `journey-t-${Date.now()}@bulkhead.test`;
    const token = await signUpCustomer(server, email);
    const { body } = await call<ListDto<ProductDto>>(server.url, 'GET', '/api/products?limit=40');
    const [short, kept] = body.items.filter((item) => item.packSize === 1 && item.minOrderQuantity > 1 && item.stock >= item.minOrderQuantity * 2);
    if (!short || !kept) throw new Error('arrange: the demo catalogue needs two products sold by the piece, with a minimum above 1 and stock');
    // More than the stock of one line, as when someone else bought meanwhile.
    const over = short.stock + short.minOrderQuantity;
    const saved = await call<CartDto>(server.url, 'PUT', '/api/cart', { token, body: { lines: [{ productId: short.id, quantity: over }, { productId: kept.id, quantity: kept.minOrderQuantity }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    pages.push(page);

    await withScreenshots('journey-t', () => pages, async () => {
      // A visitor: one quantity box, and the server's advice on what is typed, with a one-click fix.
      await page.goto(`/product/${short.id}`);
      const purchase = page.getByRole('form', { name: 'Purchase' });
      const quantity = purchase.getByRole('textbox', { name: /^Quantity/ });
      await quantity.waitFor();
      expect(await page.getByRole('textbox', { name: /^Quantity/ }).count()).toBe(1);
      await quantity.fill('1');
      const fix = purchase.getByRole('button', { name: /^Order / });
      await fix.click();
      await expect.poll(() => quantity.inputValue()).toBe(String(short.minOrderQuantity));
      // The box kept the focus (the advice's button does not take it), so typing goes on there.
      expect(await quantity.evaluate((box) => box === document.activeElement)).toBe(true);
      await expect.poll(() => fix.count()).toBe(0);

      await signIn(page, email, CUSTOMER_PASSWORD);
      await page.goto('/cart');
      // The line over the stock is named at the top; Place order waits for it, saying why.
      const summary = page.getByRole('heading', { name: '1 line needs attention' });
      await summary.waitFor();
      const place = page.getByRole('button', { name: /^Place order/ });
      expect(await place.isDisabled()).toBe(true);
      expect(await place.getAttribute('aria-describedby')).toBe('place-order-blocked');
      expect(await page.locator('#place-order-blocked').textContent()).toContain('Fix the line marked above');
      await page.getByRole('button', { name: new RegExp(`^Set to what is available .*: ${short.name}$`) }).click();
      await summary.waitFor({ state: 'detached' });
      await expect.poll(() => place.isEnabled()).toBe(true);
      expect((await call<CartDto>(server.url, 'GET', '/api/cart', { token })).body.lines.map((line) => line.quantity)).toEqual([short.stock, kept.minOrderQuantity]);

      // By keyboard: the skip link first, then the order summary, a few Tabs from Place order.
      await page.getByRole('link', { name: 'Skip to the order summary' }).focus();
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('order-summary');
      let tabs = 0;
      while (tabs < 20 && !(await place.evaluate((button) => button === document.activeElement))) {
        await page.keyboard.press('Tab');
        tabs += 1;
      }
      expect(tabs).toBe(5);

      // A quote for one line at a quantity of the buyer's choosing, not the whole cart.
      await page.getByRole('button', { name: 'Request a quote' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request a quote' });
      await dialog.getByRole('checkbox', { name: kept.name }).uncheck();
      const wanted = short.stock * 4;
      await dialog.getByRole('textbox', { name: `Quantity of ${short.name}` }).fill(String(wanted));
      await dialog.getByLabel('What do you need?').fill('Four times the stock, delivered by the end of the month.');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await page.waitForURL('**/dashboard/quotes');
      const quotes = (await call<ListDto<QuoteDto>>(server.url, 'GET', '/api/quotes', { token })).body.items;
      expect(quotes.map((quote) => quote.lines.map((line) => [line.productId, line.requestedQuantity]))).toEqual([[[short.id, wanted]]]);
    });
    await context.close();
  });
});
