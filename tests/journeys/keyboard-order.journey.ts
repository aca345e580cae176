/**
 * Journey K (keyboard alone): a customer signs in, orders 150 units and pays without touching
 * the mouse, and after each step focus is where a keyboard user needs it — the first field, the
 * new page's main heading, the panel that replaced the form. Real server, real Chromium.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { labels } from '../../web/lib/labels.ts';
import type { ListDto, ProductDto } from '#http/dto.ts';
import { call, signUpCustomer } from '../support/api.ts';
import { newPage, withScreenshots } from '../support/browser.ts';
import { CUSTOMER_PASSWORD, serverAndBrowserForJourney } from '../support/journey.ts';

/** What has focus: its tag, its accessible-ish name (label, text) and its role. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', name: '', role: '' };
    const labelled = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null;
    return {
      tag: element.tagName.toLowerCase(),
      name: (labelled ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      role: element.getAttribute('role') ?? '',
    };
  });

/** Presses Tab until `matches` holds for the focused element, as a keyboard user would; fails after `most` presses. */
const tabTo = async (page: Page, matches: (target: Awaited<ReturnType<typeof focused>>) => boolean, most = 60) => {
  for (let presses = 0; presses < most; presses += 1) {
    await page.keyboard.press('Tab');
    const target = await focused(page);
    if (matches(target)) return target;
  }
  throw new Error(`not reached with ${most} presses of Tab`);
};

/** Waits until the focused element is as expected (focus moves after React paints). */
const expectFocus = async (page: Page, expected: Partial<Awaited<ReturnType<typeof focused>>>) =>
  expect.poll(() => focused(page), { timeout: 10_000 }).toMatchObject(expected);

describe('journey K: order and pay with the keyboard alone', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('signs in, orders 150 units and pays, with focus where it belongs after each step', async () => {
    const { server, browser } = journey;
    const email = `journey-k-${Date.now()}@bulkhead.test`;
    await signUpCustomer(server, email);
    const products = await call<ListDto<ProductDto>>(server.url, 'GET', '/api/products?limit=24');
    const product = products.body.items.find(
      (item) => item.minOrderQuantity === 100 && item.packSize === 1 && item.stock >= 300,
    );
    if (!product) throw new Error('arrange: the demo catalogue has no product sold by the piece from 100');
    const { page } = await newPage(browser, server.url);
    pages.push(page);

    await withScreenshots('journey-k', () => pages, async () => {
      // Sign in: the skip link, then the form; Enter submits.
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Login' }).first().waitFor();
      await page.keyboard.press('Tab');
      await expectFocus(page, { tag: 'a', name: 'Skip to content' });
      await page.keyboard.press('Enter');
      await tabTo(page, (target) => target.name === 'Email');
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await expectFocus(page, { tag: 'input', name: 'Password' });
      await page.keyboard.type(CUSTOMER_PASSWORD);
      await page.keyboard.press('Enter');
      // The home page opens with focus on its main heading, announced.
      await expectFocus(page, { tag: 'h1' });
      await page.getByRole('button', { name: 'Account menu' }).waitFor();

      // The product page, opened from the address bar: the purchase form is reachable by Tab.
      await page.goto(`/product/${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      // One quantity box comes first (it serves Add to cart too), then the delivery fields.
      await tabTo(page, (target) => target.name === 'Quantity');
      // A quantity below the minimum: the submit is refused and focus comes back to the field.
      await page.keyboard.press('Control+A');
      await page.keyboard.type('20');
      await page.keyboard.press('Enter');
      await expectFocus(page, { tag: 'input', name: 'Quantity' });
      await page.keyboard.press('Control+A');
      await page.keyboard.type('150');
      await tabTo(page, (target) => target.name === 'Phone Number');
      await page.keyboard.type('+1 555 0100');
      await page.keyboard.press('Tab');
      await expectFocus(page, { name: 'Address' });
      await page.keyboard.type('1 Warehouse Road, Springfield');
      await tabTo(page, (target) => target.name === labels.purchaseNow);
      await page.keyboard.press('Enter');
      // The form closes into what happened, and focus goes with it.
      await expectFocus(page, { role: 'status' });
      await page.keyboard.press('Tab');
      await expectFocus(page, { tag: 'a', name: labels.payNow });
      await page.keyboard.press('Enter');

      // Payment: focus on the new page's heading; the card form by Tab; Enter pays.
      await page.waitForURL(/\/dashboard\/payment\//);
      await expectFocus(page, { tag: 'h1' });
      await page.getByText(/Test mode/).first().waitFor();
      await tabTo(page, (target) => target.name === 'Card number');
      await page.keyboard.type('4242 4242 4242 4242');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1234');
      await page.keyboard.press('Tab');
      await page.keyboard.type('123');
      await page.keyboard.press('Enter');
      await page.getByText(/Your transaction ID: pi_/).first().waitFor();
      await expectFocus(page, { role: 'status' });
      // The invoice first, then back to the orders.
      await page.keyboard.press('Tab');
      await expectFocus(page, { tag: 'a', name: expect.stringMatching(/^Invoice \(PDF\) INV-\d{4}-\d{6}$/) as unknown as string });
      await page.keyboard.press('Tab');
      await expectFocus(page, { tag: 'a', name: 'See your orders' });
    });
  });
});
