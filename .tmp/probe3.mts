import { chromium } from 'playwright-core';
const base = 'http://localhost:3917';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Network.enable');
cdp.on('Network.requestWillBeSent', (e: any) => {
  if (!e.request.url.includes('/api/')) return;
  const frames = (e.initiator.stack?.callFrames ?? []).slice(0, 25).map((f: any) => `${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}`);
  let p = e.initiator.stack?.parent; while (p && frames.length < 60) { frames.push('--' + p.description); frames.push(...p.callFrames.slice(0, 15).map((f: any) => `${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}`)); p = p.parent; }
  console.log(e.request.url, '\n   ', frames.join('\n    '));
});
await page.goto(base + (process.argv[2] ?? '/'), { waitUntil: 'networkidle' });
await browser.close();
