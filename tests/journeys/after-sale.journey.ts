/**
 * Journey: after the sale (docs/orders.md, "After the sale: cancel, refund, return"). An admin
 * cancels a paid order, putting its units back, and refunds one line of a shipped one; the buyer's
 * My Order then shows the order cancelled, the refunded amount and the credit note's number. Real
 * server with the offline test payment provider, fresh SQLite file with demo data, real Chromium.
 * With SHOTS_DIR set it also saves the dialogs and pages at 390×844 and 1280×900 there.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ListDto, OrderDto, ProductDto, SessionDto } from '#http/dto.ts';
import { labels } from '../../web/lib/labels.ts';
import { call, placeOrder, signUpCustomer } from '../support/api.ts';
import { newPage, withScreenshots } from '../support/browser.ts';
import { CUSTOMER_PASSWORD, serverAndBrowserForJourney, signIn } from '../support/journey.ts';
import { TEST_ADMIN } from '../support/server.ts';

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

/** Both sizes of the page as it stands, into SHOTS_DIR (screenshots for review, not assertions). */
const shoot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(dir, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

describe('journey: after the sale', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('the admin cancels a paid order with restock and refunds one line of a shipped one; the buyer sees both', async () => {
    const { server, browser } = journey;
    const email = `journey-after-sale-${Date.now()}@bulkhead.test`;
    const buyerToken = await signUpCustomer(server, email);
    const adminToken = (await call<SessionDto>(server.url, 'POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.token;
    const product = (await call<ListDto<ProductDto>>(server.url, 'GET', '/api/products?limit=24')).body.items.find((one) => one.stock >= 1_000)!;
    const paidOrder = async () => {
      const placed = (await placeOrder(server.url, buyerToken, product.id, 150)).body;
      const intent = await call<{ clientSecret: string }>(server.url, 'POST', `/api/orders/${placed.id}/payment-intent`, { token: buyerToken });
      const charged = await call<{ paymentIntentId: string }>(server.url, 'POST', '/api/payments/test/confirm', {
        token: buyerToken,
        body: { clientSecret: intent.body.clientSecret, card, billing: { name: 'Bulk Buyer', email } },
      });
      const confirmed = await call<OrderDto>(server.url, 'POST', `/api/orders/${placed.id}/payment/confirm`, { token: buyerToken, body: { paymentIntentId: charged.body.paymentIntentId } });
      expect(confirmed.body.status).toBe('pending');
      return confirmed.body;
    };
    const toCancel = await paidOrder();
    const toRefund = await paidOrder();
    expect((await call(server.url, 'POST', `/api/admin/orders/${toRefund.id}/ship`, { token: adminToken })).status).toBe(200);
    const stockOf = async () => (await call<ProductDto>(server.url, 'GET', `/api/products/${product.id}`)).body.stock;
    const stockBefore = await stockOf();

    const { page: admin } = await newPage(browser, server.url);
    pages.push(admin);
    await withScreenshots('journey-after-sale', () => pages, async () => {
      await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
      await admin.goto(`/dashboard/allOrders?q=${toCancel.number}`);
      await admin.getByRole('button', { name: `${labels.cancelOrder} ${toCancel.number}` }).click();
      const cancelDialog = admin.getByRole('dialog');
      await cancelDialog.getByLabel('Reason').fill('Ordered twice');
      expect(await cancelDialog.getByLabel('Put the units back in stock').isChecked()).toBe(true);
      await shoot(admin, 'cancel-dialog');
      await cancelDialog.getByRole('button', { name: 'Cancel and refund' }).click();
      await admin.getByText(/^Order cancelled; the payment was refunded \(credit note CN-\d{4}-\d{6}\)$/).first().waitFor();
      expect(await stockOf()).toBe(stockBefore + 150);

      await admin.goto(`/dashboard/allOrders?q=${toRefund.number}`);
      await admin.getByRole('button', { name: `${labels.refund} order ${toRefund.number}` }).click();
      const refundDialog = admin.getByRole('dialog');
      await refundDialog.getByLabel(new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).fill('50');
      await refundDialog.getByLabel('Reason').fill('Fifty arrived bent');
      await shoot(admin, 'refund-dialog');
      await refundDialog.getByRole('button', { name: 'Refund', exact: true }).click();
      const refunded = admin.getByText(/^Refund recorded \(credit note (CN-\d{4}-\d{6})\)$/).first();
      await refunded.waitFor();
      const creditNote = (await refunded.textContent())!.match(/CN-\d{4}-\d{6}/)![0];
      await admin.getByText(`${labels.refunded} $${((toRefund.lines[0]!.unitPriceCents * 50) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`).first().waitFor();
      await admin.goto('/dashboard/returns');
      await admin.getByRole('heading', { name: labels.returns }).waitFor();
      await shoot(admin, 'returns-list');
      await admin.goto('/dashboard/paymentsToRefund');
      await admin.getByRole('heading', { name: labels.paymentsToRefund }).waitFor();
      await shoot(admin, 'payments-to-refund');

      const { page: buyer } = await newPage(browser, server.url);
      pages.push(buyer);
      await signIn(buyer, email, CUSTOMER_PASSWORD);
      await buyer.goto('/dashboard');
      await buyer.getByText('Cancelled — refunded').first().waitFor();
      // The shipped order, opened: its refund with the credit note's number.
      await buyer.getByRole('button', { name: `Order ${toRefund.number}`, exact: true }).first().click();
      await buyer.getByText(creditNote).first().waitFor();
      await buyer.getByRole('button', { name: `${labels.returnItems} of order ${toRefund.number}` }).click();
      await buyer.getByRole('dialog').waitFor();
      await shoot(buyer, 'buyer-return-request');
    });
  });
});
