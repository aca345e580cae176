/**
 * Journey D (catalogue and reviews): an admin adds a product with an uploaded image, it leads the home page,
 * the admin corrects its price from Manage Products, a customer orders it, the customer posts a
 * review that then leads the home page's reviews, the admin removes it from Manage Reviews, and
 * the blog and portfolio pages render their content. Real server with local-disk images, fresh SQLite file with demo data, real Chromium.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../web/lib/messages.ts';
import { labels } from '../../web/lib/labels.ts';
import { signUpCustomer } from '../support/api.ts';
import { newPage, withScreenshots } from '../support/browser.ts';
import { CUSTOMER_PASSWORD, pngFile, serverAndBrowserForJourney, signIn } from '../support/journey.ts';
import { TEST_ADMIN } from '../support/server.ts';

/** The home page's section under one h2 heading. */
const homeSection = (page: Page, heading: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) }).last();

/** True once an <img> has loaded real pixels (the uploaded file is served and decodes). */
// decode() resolves once the chosen source is decoded and rejects for a broken one. naturalWidth
// cannot tell: with srcset it is divided by the chosen density, so a 1x1 test image reads as 0.
const imageLoaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.decode().then(() => true, () => false));

describe('journey D: catalog administration, ordering a new product, reviews and content pages', () => {
  const journey = serverAndBrowserForJourney();
  const pages: Page[] = [];

  it('admin adds a product with an image → first on home → price edited → a customer orders it and reviews the shop', async () => {
    const { server, browser } = journey;
    const productName = `Journey Brass Valve ${Date.now()}`;
    const email = `journey-d-${Date.now()}@bulkhead.test`;
    const comment = `Ordered 150 valves for a hotel refit; every one arrived tested. ${Date.now()}`;
    await signUpCustomer(server, email);

    await withScreenshots('journey-d', () => pages, async () => {
      // The admin adds the product from the dashboard menu.
      const { page: admin } = await newPage(browser, server.url);
      pages.push(admin);
      await signIn(admin, TEST_ADMIN.email, TEST_ADMIN.password);
      await admin.goto('/dashboard');
      await admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: labels.addProduct }).click();
      const addForm = admin.getByRole('form', { name: labels.addProduct });
      await addForm.getByLabel('Product name').fill(productName);
      await addForm.getByLabel('Price').fill('9.99');
      await addForm.getByLabel('Quantity').fill('600');
      await addForm.getByLabel('Description').fill('Lead-free brass ball valve, 1/2" female thread, full bore, lever handle.');
      await addForm.getByLabel('Image').setInputFiles(pngFile('valve.png'));
      await addForm.getByText('Selected: valve.png').waitFor();
      await addForm.getByRole('button', { name: labels.addProduct }).click();
      await admin.getByText(messages.productAdded).first().waitFor();
      await expect.poll(() => addForm.getByLabel('Product name').inputValue()).toBe('');

      // It leads the home page's New Products, with its uploaded image served.
      await admin.goto('/');
      const newProducts = homeSection(admin, 'New Products');
      await newProducts.getByRole('heading', { name: productName }).waitFor();
      expect((await newProducts.getByRole('article').first().textContent()) ?? '').toContain(productName);
      const image = newProducts.getByRole('article').first().locator('img');
      await image.scrollIntoViewIfNeeded(); // it is lazy-loaded
      expect(await image.getAttribute('src')).toMatch(/^\/uploads\//);
      // The card asks for a resized variant, made by sharp on first request: allow for a cold start.
      await expect.poll(() => imageLoaded(image), { timeout: 15_000 }).toBe(true);

      // The admin corrects the price from Manage Products → Edit (the dashboard's edit page).
      await admin.goto('/dashboard/manageProduct');
      await admin.getByRole('link', { name: `Edit product ${productName}` }).click();
      await admin.waitForURL(/\/dashboard\/editProduct\//);
      const editForm = admin.getByRole('form', { name: labels.editProduct });
      expect(await editForm.getByLabel('Price').inputValue()).toBe('9.99');
      await editForm.getByLabel('Price').fill('10.50');
      await editForm.getByRole('button', { name: labels.saveEdit }).click();
      await admin.getByText(messages.productUpdated).first().waitFor();
      await admin.getByRole('link', { name: 'see it in the shop' }).click();
      await admin.getByText('Price: $10.50').first().waitFor();

      // A customer buys 150 units of it from the home page.
      const { page: buyer } = await newPage(browser, server.url);
      pages.push(buyer);
      await signIn(buyer, email, CUSTOMER_PASSWORD);
      await buyer.goto('/');
      const buyerProducts = homeSection(buyer, 'New Products');
      await buyerProducts.getByRole('article').filter({ hasText: productName }).getByRole('link', { name: new RegExp(labels.buyNow) }).click();
      await buyer.waitForURL(/\/product\//);
      await buyer.getByRole('heading', { name: productName }).first().waitFor();
      await buyer.getByLabel('Phone Number').fill('+1 555 0100');
      await buyer.getByLabel('Address').fill('1 Warehouse Road, Springfield');
      await buyer.getByLabel('Quantity', { exact: true }).fill('150');
      await buyer.getByText('Total: $1,575.00').first().waitFor();
      await buyer.getByRole('button', { name: labels.purchaseNow }).click();
      await buyer.getByText(messages.orderPlaced).first().waitFor();
      await buyer.getByText('Available Quantity: 450').first().waitFor();
      await buyer.goto('/dashboard');
      await buyer.getByRole('row').filter({ hasText: productName }).first().waitFor();

      // The customer reviews the shop; the review leads the home page's reviews.
      await buyer.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: labels.addReview }).click();
      const reviewForm = buyer.getByRole('form', { name: labels.addReview });
      expect(await reviewForm.getByLabel('Name').inputValue()).toBe('Bulk Buyer');
      await reviewForm.getByLabel('Country').fill('Portugal');
      await reviewForm.getByRole('radio', { name: '4 stars' }).click();
      await reviewForm.getByLabel('Your comment').fill(comment);
      await reviewForm.getByLabel('Your photo').setInputFiles(pngFile('me.png'));
      await reviewForm.getByRole('button', { name: labels.addReview }).click();
      await buyer.getByText(messages.reviewThanks).first().waitFor();
      await buyer.waitForURL((url) => url.pathname === '/');
      const reviews = homeSection(buyer, 'What Our Customers Say');
      const newest = reviews.getByRole('article').first();
      await newest.getByText(comment.slice(0, 60), { exact: false }).waitFor();
      expect(await newest.textContent()).toContain('Bulk Buyer');
      expect(await newest.textContent()).toContain('Portugal');
      await newest.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();

      // The admin removes it from Manage Reviews; it leaves the home page.
      await admin.goto('/dashboard/reviews');
      const row = admin.getByRole('row').filter({ hasText: comment.slice(0, 60) });
      await row.getByRole('button', { name: 'Remove the review by Bulk Buyer' }).click();
      await admin.getByRole('alertdialog').getByRole('button', { name: labels.yesDelete }).click();
      await row.waitFor({ state: 'detached' });
      await buyer.goto('/');
      await homeSection(buyer, 'What Our Customers Say').getByRole('article').first().waitFor();
      expect(await homeSection(buyer, 'What Our Customers Say').textContent()).not.toContain(comment.slice(0, 60));

      // The content pages render their files.
      await buyer.goto('/blogs');
      await buyer.getByRole('heading', { level: 1, name: 'Our Blogs' }).waitFor();
      expect(await buyer.getByRole('article').count()).toBe(5);
      await buyer.getByRole('heading', { level: 2, name: 'How does prototypal inheritance work?' }).waitFor();
      expect(await buyer.locator('article pre').count()).toBeGreaterThanOrEqual(5);
      await buyer.goto('/myPortfolio');
      await buyer.getByRole('heading', { level: 1, name: 'My Portfolio' }).waitFor();
      await buyer.getByRole('heading', { name: 'My Skills' }).waitFor();
      await buyer.getByRole('heading', { name: 'Sample Projects' }).waitFor();
    });
  });
});
