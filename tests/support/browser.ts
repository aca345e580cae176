/** Debian's Chromium through playwright-core: no browser download ever happens. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from './server.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

export const newPage = async (browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
};

/**
 * Runs one journey step by step; on failure saves a screenshot of every open page under
 * .test-results/ (named after the journey) before rethrowing, so a red run shows what the user saw.
 */
export async function withScreenshots<T>(name: string, pages: () => Page[], journey: () => Promise<T>): Promise<T> {
  try {
    return await journey();
  } catch (error) {
    const dir = join(repoRoot, '.test-results');
    mkdirSync(dir, { recursive: true });
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await Promise.all(
      pages().map((page, index) =>
        page.screenshot({ path: join(dir, `${slug}-${index + 1}.png`), fullPage: true }).catch(() => undefined),
      ),
    );
    throw error;
  }
}
