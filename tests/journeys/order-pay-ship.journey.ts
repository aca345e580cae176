/**
 * Journey B (ordering and payment): a customer orders 150 units, a declined card leaves the order unpaid, the
 * 4242 card pays it, an admin ships it and the customer sees 'Order Shipped'. Real server with
 * the offline test payment provider, fresh SQLite file with demo data, real Chromium.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../web/lib/messages.ts';
import { labels } from '../../web/lib/labels.ts';
import { signUpCustomer } from '../support/api.ts';
import { newPage, withScreenshots } from '../support/browser.ts';
import { CUSTOMER_PASSWORD, serverAndBrowserForJourney, signIn } from '../support/journey.ts';
import { TEST_ADMIN } from '../support/server.ts';

const payWithCard = async (page: Page, cardNumber: string) => {
  await page.getByText(/Test mode/).first().waitFor();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: labels.payNow }).click();
};

/** The My Order row of one product (the dashboard index for customers). */
const myOrderRow = async (page: Page, productName: string) => {
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: productName });
  await row.first().waitFor();
  return row.first();
};

describe('journey B: order 150 units, pay by card, admin ships', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('declined card keeps it unpaid; 4242 pays; admin ships; the buyer sees Order Shipped', async () => {
    const { server, browser } = journey;
    const email = `journey-b-${Date.now()}@bulkhead.test`;
    await signUpCustomer(server, email);
    const { page: buyer } = await newPage(browser, server.url);
    pages.push(buyer);

    await withScreenshots('journey-b', () => pages, async () => {
      await signIn(buyer, email, CUSTOMER_PASSWORD);

      // Open the newest product from the home page.
      await buyer.goto('/');
      const newProducts = buyer.locator('section').filter({ has: buyer.getByRole('heading', { name: 'New Products' }) }).last();
      await newProducts.getByRole('link', { name: labels.buyNow }).first().waitFor();
      const productName = (await newProducts.getByRole('heading', { level: 3 }).first().textContent())?.trim() ?? '';
      expect(productName).not.toBe('');
      await newProducts.getByRole('link', { name: labels.buyNow }).first().click();
      await buyer.waitForURL(/\/product\//);
      await buyer.getByRole('heading', { name: productName }).first().waitFor();
      const stockText = await buyer.getByText(/Available Quantity: [\d,]+/).first().textContent();
      const stockBefore = Number(stockText?.match(/([\d,]+)/)?.[1]?.replaceAll(',', ''));

      await buyer.getByLabel('Phone Number').fill('+1 555 0100');
      await buyer.getByLabel('Address').fill('1 Warehouse Road, Springfield');
      await buyer.getByLabel('Quantity', { exact: true }).fill('150');
      await buyer.getByText(/Total: \$/).first().waitFor();
      await buyer.getByRole('button', { name: labels.purchaseNow }).click();
      await buyer.getByText(messages.orderPlaced).first().waitFor();
      await buyer.getByText(`Available Quantity: ${(stockBefore - 150).toLocaleString('en-US')} `).first().waitFor();

      // My Order: unpaid, then a declined card changes nothing.
      let row = await myOrderRow(buyer, productName);
      expect(await row.textContent()).toContain(labels.notPaid);
      expect(await row.textContent()).toContain('150');
      await row.getByRole('link', { name: labels.payNow }).click();
      await buyer.waitForURL(/\/dashboard\/payment\//);
      // The payment page names the order by its number and lists its one line of 150.
      await buyer.getByRole('heading', { name: /^Order BH-\d{4}-\d{6}$/ }).waitFor();
      await buyer.getByRole('list', { name: /^Lines of order BH-/ }).getByText(/^150 /).first().waitFor();
      await payWithCard(buyer, '4000 0000 0000 0002');
      await buyer.getByText(messages.cardDeclined).first().waitFor();
      row = await myOrderRow(buyer, productName);
      expect(await row.textContent()).toContain(labels.notPaid);

      // The 4242 card pays it.
      await row.getByRole('link', { name: labels.payNow }).click();
      await buyer.waitForURL(/\/dashboard\/payment\//);
      await payWithCard(buyer, '4242 4242 4242 4242');
      await buyer.getByText(/Your transaction ID: pi_/).first().waitFor();
      // Paid: the invoice is a real PDF the browser downloads with the session cookie.
      const invoiceLink = buyer.getByRole('link', { name: /^Invoice \(PDF\) INV-\d{4}-\d{6}$/ });
      const invoice = await buyer.request.get((await invoiceLink.getAttribute('href'))!);
      expect(invoice.status()).toBe(200);
      expect(invoice.headers()['content-type']).toBe('application/pdf');
      expect((await invoice.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      row = await myOrderRow(buyer, productName);
      await expect.poll(() => row.textContent()).toContain(labels.orderPending);
      expect(await row.textContent()).toContain(labels.paid);

      // The admin ships it from Manage All Orders, giving the carrier and tracking number in the dialog.
      const { page: admin } = await newPage(browser, server.url);
      pages.push(admin);
      await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
      await admin.goto('/dashboard');
      await admin.getByRole('link', { name: labels.manageAllOrders }).click();
      await admin.getByRole('heading', { name: labels.manageAllOrders }).waitFor();
      const adminRow = admin.getByRole('row').filter({ hasText: email }).first();
      await adminRow.getByRole('button', { name: /^Ship order BH-/ }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel('Carrier (optional)').fill('UPS');
      await dialog.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
      await dialog.getByRole('button', { name: 'Ship order', exact: true }).click();
      await adminRow.getByText(labels.shipped, { exact: true }).waitFor();

      // The buyer sees it shipped, with what and under which tracking number.
      row = await myOrderRow(buyer, productName);
      await expect.poll(() => row.textContent()).toContain(labels.orderShipped);
      expect(await row.textContent()).toContain('UPS, tracking 1Z999AA10123456784');
    });
  });
});
