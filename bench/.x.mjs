import { launchBrowser } from '../tests/support/browser.ts';
import { startServer } from '../tests/support/server.ts';
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [name, viewport] of [['desk', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const context = await browser.newContext({ viewport, baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/allProduct');
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/shot-all-${name}.png`, fullPage: false });
    await page.goto('/allProduct?category=fasteners');
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/shot-fasteners-${name}.png`, fullPage: false });
    const link = page.getByRole('link', { name: /Hex Bolt M8/ }).first();
    if (await link.count()) { await link.click(); await page.waitForTimeout(2000); await page.screenshot({ path: `/tmp/shot-part-${name}.png`, fullPage: true }); }
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
