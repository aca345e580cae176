/**
 * Journey Q (a 390 px phone): a visitor types a row into quick order with the SKU typeahead (the
 * minimum filled in, the resolver's status shown), pastes a list, fixes a mistyped SKU with its
 * did-you-mean, puts the rows in the cart, signs in (the browser's cart joins the account's), and
 * places the cart as one order with a PO number; the cart is then empty of those lines, and
 * "Order again" on My Orders fills it again. Real server, real Chromium.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CartDto, ListDto, OrderDto, ProductDto } from '#http/dto.ts';
import { call, signUpCustomer } from '../support/api.ts';
import { withScreenshots } from '../support/browser.ts';
import { CUSTOMER_PASSWORD, serverAndBrowserForJourney, signIn } from '../support/journey.ts';

describe('journey Q: quick order, cart, one order of many lines', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('types a row, pastes a list, fixes a row, merges the cart at sign-in, orders it with a PO number and orders it again', async () => {
    const { server, browser } = journey;
    const email = `journey-q-${Date.now()}@bulkhead.test`;
    const token = await signUpCustomer(server, email);
    const { body } = await call<ListDto<ProductDto>>(server.url, 'GET', '/api/products?limit=40');
    const [first, second] = body.items.filter((item) => item.packSize === 1 && item.stock >= item.minOrderQuantity * 3);
    if (!first || !second) throw new Error('arrange: the demo catalogue needs two products sold by the piece with stock');
    // One character too many: a slip did-you-mean puts right.
    const mistyped = `${second.sku}X`;

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    pages.push(page);

    await withScreenshots('journey-q', () => pages, async () => {
      await page.goto('/quickOrder');
      // A typed row: the typeahead by keyboard, the product's minimum filled in, the resolver's status.
      await page.getByRole('combobox', { name: 'SKU, row 1' }).pressSequentially(first.sku);
      await page.getByRole('option', { name: new RegExp(first.sku) }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await page.getByRole('combobox', { name: 'SKU, row 1' }).inputValue()).toBe(first.sku);
      await expect.poll(() => page.getByRole('textbox', { name: 'Quantity, row 1' }).inputValue()).toBe(String(first.minOrderQuantity));
      await page.keyboard.press('Enter');
      await page.getByText('1 of 1 row ready').waitFor();
      await page.getByRole('button', { name: 'Remove row 1' }).click();

      await page.getByLabel('SKUs and quantities').fill(`SKU\tQty\n${first.sku}\t${first.minOrderQuantity}\n${mistyped}, ${second.minOrderQuantity * 2}`);
      await page.getByRole('button', { name: 'Check list' }).click();
      await page.getByText('1 of 2 rows ready').waitFor();
      await page.getByRole('button', { name: `Line 3: did you mean ${second.sku}?` }).click();
      await page.getByText('2 of 2 rows ready').waitFor();
      await page.getByRole('button', { name: 'Add 2 to cart' }).click();
      await page.waitForURL('**/cart');
      await page.getByRole('link', { name: 'Cart 2 lines' }).waitFor();

      // Signing in keeps what the visitor chose: the account's cart now holds it.
      await signIn(page, email, CUSTOMER_PASSWORD);
      await expect.poll(async () => (await call<CartDto>(server.url, 'GET', '/api/cart', { token })).body.lineCount).toBe(2);
      await page.goto('/cart');
      const line = page.getByRole('listitem', { name: `Line 2: ${second.name}` });
      await expect.poll(() => line.getByLabel(`Quantity of ${second.name}`).inputValue()).toBe(String(second.minOrderQuantity * 2));
      await page.getByLabel('Phone Number').fill('+1 555 010 2030');
      await page.getByLabel('Address').fill('1 Dock Road, Bay 4');
      await page.getByLabel('PO number (optional)').fill('PO-7781');
      await page.getByRole('button', { name: /^Place order/ }).click();
      await page.waitForURL('**/dashboard/payment/**');
      await page.getByText(/2 lines, PO PO-7781/).waitFor();

      const orders = (await call<ListDto<OrderDto>>(server.url, 'GET', '/api/orders', { token })).body.items;
      expect(orders).toHaveLength(1);
      expect(orders[0]!.lines.map((orderLine) => [orderLine.sku, orderLine.quantity])).toEqual([
        [first.sku, first.minOrderQuantity],
        [second.sku, second.minOrderQuantity * 2],
      ]);
      expect((await call<CartDto>(server.url, 'GET', '/api/cart', { token })).body.lineCount).toBe(0);

      // Order again: both lines are back in the cart.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: `Order again ${orders[0]!.number}` }).click();
      await page.waitForURL('**/cart');
      await page.getByRole('listitem', { name: `Line 2: ${second.name}` }).waitFor();
      await page.getByRole('link', { name: 'Cart 2 lines' }).waitFor();
    });
    await context.close();
  });
});
