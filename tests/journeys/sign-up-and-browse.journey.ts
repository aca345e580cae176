/**
 * Journey A (sign-up and browsing): a visitor hits a guarded page, is sent to sign in, registers instead, and
 * lands back where they wanted to go; the home page shows the six newest products; an unknown
 * path shows the not-found page. Real server, fresh SQLite file with demo data, real Chromium.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../web/lib/messages.ts';
import { labels } from '../../web/lib/labels.ts';
import { newPage, withScreenshots } from '../support/browser.ts';
import { serverAndBrowserForJourney } from '../support/journey.ts';

describe('journey A: sign up, land on the guarded page, browse', () => {
  const journey = serverAndBrowserForJourney();

  it('redirects to login, registers, returns to the dashboard, shows 6 new products and a 404 page', async () => {
    const { server, browser } = journey;
    const { page: p } = await newPage(browser, server.url);
    await withScreenshots('journey-a', () => [p], async () => {
      await p.goto('/dashboard');
      await p.waitForURL(/\/login/);
      await expect.poll(() => p.getByRole('heading', { name: 'Login' }).isVisible()).toBe(true);

      await p.getByRole('link', { name: 'Register' }).click();
      await p.waitForURL(/\/signUp/);
      await p.getByLabel('Name', { exact: true }).fill('Journey Buyer');
      await p.getByLabel('Email', { exact: true }).fill(`journey-a-${Date.now()}@bulkhead.test`);
      await p.getByLabel('Password', { exact: true }).fill('journey-password-1');
      await p.getByLabel('Confirm Password', { exact: true }).fill('journey-password-1');
      // A field the user is still filling in shows no error; one that did would move the button
      // under the pointer when it disappears on blur, and swallow the click.
      expect(await p.getByText(messages.confirmPasswordRequired).isVisible()).toBe(false);
      await p.getByRole('button', { name: 'Register', exact: true }).click();

      await p.waitForURL(/\/dashboard/);
      await p.getByRole('heading', { name: labels.dashboardWelcome }).waitFor();
      expect(new URL(p.url()).pathname).toMatch(/^\/dashboard/);
      // Signed in now: the account menu replaces the Login link.
      await p.getByRole('button', { name: 'Account menu' }).waitFor();

      await p.goto('/');
      const newProducts = p.locator('section').filter({ has: p.getByRole('heading', { name: 'New Products' }) }).last();
      await newProducts.getByRole('link', { name: labels.buyNow }).first().waitFor();
      expect(await newProducts.getByRole('link', { name: labels.buyNow }).count()).toBe(6);
      expect(await newProducts.getByRole('heading', { level: 3 }).count()).toBe(6);
      // The newest demo product leads the list.
      await expect.poll(() => newProducts.getByRole('heading', { level: 3 }).first().textContent()).toContain('Reducers & Adapters');

      await p.goto('/no/such/page');
      await p.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await p.getByRole('link', { name: 'Back to home' }).count()).toBe(1);
    });
  });
});
