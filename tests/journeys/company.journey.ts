/**
 * Journey C (companies, docs/companies.md): a manager invites a buyer, who accepts by the mailed
 * link; the buyer's order passes the monthly limit the manager set and waits; the manager approves
 * it on the company page; the buyer pays it with the test card. With the company's discount set by
 * the shop's admin, the member sees "Your price" on the product page and a visitor the list price.
 * Setup through the API where the screen is not the point. Real server, fresh SQLite, real Chromium.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrderDto, ProductDto, SessionDto } from '#http/dto.ts';
import { readOutbox } from '#http/test-support.ts';
import { labels } from '../../web/lib/labels.ts';
import { formatCents } from '../../web/lib/format.ts';
import { call, placeOrder, signUpCustomer } from '../support/api.ts';
import { newPage, withScreenshots } from '../support/browser.ts';
import { eventually } from '../support/eventually.ts';
import { CUSTOMER_PASSWORD, serverAndBrowserForJourney, signIn } from '../support/journey.ts';
import { TEST_ADMIN } from '../support/server.ts';

describe('journey C: a company buyer, an approval, and the company price', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('invite, accept, wait for approval, approve, pay; a member sees their price, a visitor the list price', async () => {
    const { server, browser } = journey;
    const stamp = Date.now();
    const [managerEmail, buyerEmail] = [`manager-${stamp}@bulkhead.test`, `buyer-${stamp}@bulkhead.test`];
    const [manager, buyer] = await Promise.all([signUpCustomer(server, managerEmail), signUpCustomer(server, buyerEmail)]);
    const ok = async <T>(reply: Promise<{ status: number; body: T }>, status: number) => {
      const { status: got, body } = await reply;
      expect(got, JSON.stringify(body)).toBe(status);
      return body;
    };
    const { company } = await ok(call<{ company: { id: string } }>(server.url, 'POST', '/api/company', { token: manager, body: { name: `Dockside ${stamp}` } }), 201);
    await ok(call(server.url, 'POST', '/api/company/invitations', { token: manager, body: { email: buyerEmail, role: 'buyer' } }), 201);
    let link: string | undefined;
    await eventually(async () => {
      const mails = await readOutbox(join(server.dataDir, 'outbox'));
      link = mails.filter((mail) => mail.raw.includes(`To: ${buyerEmail}`)).flatMap((mail) => mail.links).find((href) => href.includes('/company/join?token='));
      return link !== undefined;
    }, `the invitation to ${buyerEmail} in the outbox`, 10_000);

    const { page: buyerPage } = await newPage(browser, server.url);
    const { page: managerPage } = await newPage(browser, server.url);
    const { page: visitorPage } = await newPage(browser, server.url);
    pages.push(buyerPage, managerPage, visitorPage);
    await withScreenshots('journey-c', () => pages, async () => {
      // The buyer opens the mailed link signed in and accepts.
      await signIn(buyerPage, buyerEmail, CUSTOMER_PASSWORD);
      await buyerPage.goto(new URL(link!).pathname + new URL(link!).search);
      await buyerPage.getByRole('button', { name: 'Accept invitation' }).click();
      await buyerPage.getByRole('link', { name: 'Open your company' }).waitFor();

      // The manager sets the buyer's monthly limit to $1: their order waits for approval.
      const { me } = await ok(call<{ me: { userId: string } }>(server.url, 'GET', '/api/company', { token: buyer }), 200);
      await ok(call(server.url, 'PATCH', `/api/company/members/${me.userId}`, { token: manager, body: { monthlyLimitCents: 100 } }), 200);
      const products = await ok(call<{ items: ProductDto[] }>(server.url, 'GET', '/api/products?limit=24'), 200);
      const product = products.items.find((item) => item.stock >= 2 * item.minOrderQuantity)!;
      const order = await ok(placeOrder(server.url, buyer, product.id, product.minOrderQuantity), 201) as OrderDto;
      expect(order.status).toBe('awaiting-approval');

      // The manager approves it on the company page.
      await signIn(managerPage, managerEmail, CUSTOMER_PASSWORD);
      await managerPage.goto('/dashboard/company');
      await managerPage.getByRole('button', { name: `Approve order ${order.number}` }).click();
      await managerPage.getByText('No order is waiting for approval.').waitFor();

      // The buyer pays it with the test card.
      await buyerPage.goto(`/dashboard/payment/${order.id}`);
      await buyerPage.getByText(/Test mode/).first().waitFor();
      await buyerPage.getByLabel('Card number').fill('4242 4242 4242 4242');
      await buyerPage.getByLabel('Expiry (MM/YY)').fill('12/34');
      await buyerPage.getByLabel('CVC').fill('123');
      await buyerPage.getByRole('button', { name: labels.payNow }).click();
      await buyerPage.getByText(/Your transaction ID: pi_/).first().waitFor();

      // The shop's admin gives the company 20% off: the member sees their price beside the list's.
      const admin = (await ok(call<SessionDto>(server.url, 'POST', '/api/auth/sign-in', { body: TEST_ADMIN }), 200)).token;
      await ok(call(server.url, 'PATCH', `/api/admin/companies/${company.id}`, { token: admin, body: { discountPercent: 20 } }), 200);
      const theirs = (await ok(call<ProductDto>(server.url, 'GET', `/api/products/${product.id}`, { token: buyer }), 200)).yourPrice!;
      expect(theirs.unitPriceCents).toBe(Math.round(product.priceCents * 0.8));
      await buyerPage.goto(`/product/${product.id}`);
      const buyerPrice = buyerPage.getByText('Your price', { exact: true }).first();
      await buyerPrice.waitFor();
      expect(await buyerPage.locator('s').first().textContent()).toContain(formatCents(product.priceCents));
      // The price paragraph under the name (the quantity advice below may say "Your price" too).
      expect(await buyerPage.locator('p', { has: buyerPrice }).first().textContent()).toContain(formatCents(theirs.unitPriceCents));

      await visitorPage.goto(`/product/${product.id}`);
      await visitorPage.getByLabel('Quantity', { exact: true }).waitFor();
      expect(await visitorPage.getByText('Your price', { exact: true }).count()).toBe(0);
      await visitorPage.getByText(`Price: ${formatCents(product.priceCents)}`).first().waitFor();
    });
  });
});
