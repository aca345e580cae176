import { chromium } from 'playwright-core';
const base = 'http://localhost:3917';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const id = (await (await fetch(base + '/api/products?limit=1')).json()).items[0].id;
for (const [w, h] of [[390, 844], [1280, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: false });
  const page = await ctx.newPage();
  for (const [name, path] of [['home', '/'], ['catalogue', '/allProduct'], ['product', `/product/${id}`]]) {
    await page.goto(base + path, { waitUntil: 'load' });
    await page.screenshot({ path: `/tmp/ssr/${name}-${w}.png` });
  }
  await ctx.close();
}
await browser.close();
