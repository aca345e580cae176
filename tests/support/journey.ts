/** What the browser journeys share: a server and a browser per journey file, signing in, an image. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Starts a fresh server and Chromium before the tests of the calling describe block and stops
 * both after them. Read `server` and `browser` inside a test: they exist once beforeAll has run.
 */
export function serverAndBrowserForJourney(): { readonly server: RunningServer; readonly browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the journey server starts in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the journey browser starts in beforeAll');
      return browser;
    },
  };
}

/** The password of the accounts signUpCustomer (api.ts) creates. */
export const CUSTOMER_PASSWORD = 'customer-password-1';

/** Signs in through the login page and waits for the account menu. */
export const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
};

/** A real 1×1 PNG, so the server's content check and image pipeline see a genuine image. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** That PNG as a file for setInputFiles. */
export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_1X1 });
