import { chromium } from 'playwright-core';
const base = 'http://localhost:3917';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const id = (await (await fetch(base + '/api/products?limit=1')).json()).items[0].id;
for (const path of ['/', '/allProduct', `/product/${id}`, '/blogs', '/nowhere']) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const logs: string[] = [];
  const apis: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  page.on('request', (r) => { if (r.url().includes('/api/')) apis.push(r.url().replace(base, '')); });
  const res = await page.goto(base + path, { waitUntil: 'networkidle' });
  console.log(path, res?.status(), await page.title(), 'apis:', apis.join(' '), '\n  logs:', logs.join('\n  '));
  await ctx.close();
}
await browser.close();
