import { chromium } from 'playwright-core';
const base = 'http://localhost:3917';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
page.on('console', (m) => console.log(`${m.type()}: ${m.text().slice(0, 3000)}`));
page.on('pageerror', (e) => console.log(`pageerror: ${e.message.slice(0, 300)}\n${e.stack?.slice(0, 1500)}`));
await page.goto(base + (process.argv[2] ?? '/'), { waitUntil: 'networkidle' });
await browser.close();
