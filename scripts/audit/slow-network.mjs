// The slow-network pass of `npm run audit:web`: a 390 px phone on Chromium's own network emulation
// (400 ms latency, 400 kbit/s down and up, through CDP Network.emulateNetworkConditions), as a
// buyer on a poor mobile connection sees the shop. Measures the home page's first contentful
// paint, when its content (not only the header) first shows, its layout shift, how deep the chain
// of JavaScript requests before that content goes, and, on client-side route changes, how long
// until something shows that the page is loading and whether the area under the header goes blank.

/** The profile the goals are set for: 400 ms round trip, 400 kbit/s each way. */
export const SLOW_PROFILE = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
export const PHONE = { width: 390, height: 844 };

export const GOALS = { fcpMs: 2500, blankMs: 0, cls: 0.05, pendingMs: 150, jsDepth: 3 };

/** What shows that a page is loading: the router's pending component, a skeleton or a busy region. */
const INDICATOR = '[role="status"], [aria-busy="true"], [data-skeleton], [data-pending-bar]';

/**
 * Installed before any page script: records paint entries, layout shifts, and, frame by frame
 * after each click on a link, when a loading indicator first shows, when the new page's content
 * shows, and how long the area under the header stays blank (no text, no indicator).
 */
function installProbe(indicator) {
  const probe = { cls: 0, fcp: null, contentAt: null, navigations: [] };
  window.__slowNetworkProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) probe.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') probe.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });

  const visible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  /** The text of the page's main area without its menus (the dashboard's side menu stays put). */
  const mainText = () => {
    const main = document.querySelector('main');
    if (!main) return '';
    const copy = main.cloneNode(true);
    for (const menu of copy.querySelectorAll('nav, aside, [aria-controls], [role="status"]')) menu.remove();
    return copy.textContent.replace(/\s+/g, ' ').trim();
  };
  const indicatorShown = () => [...document.querySelectorAll(indicator)].some(visible);
  const headerShown = () => [...document.querySelectorAll('header')].some(visible);

  // First time the home page's main area holds text (the brand bar alone does not count).
  const watchContent = () => {
    if (probe.contentAt === null && mainText().length > 0) probe.contentAt = performance.now();
    if (probe.contentAt === null) requestAnimationFrame(watchContent);
  };
  requestAnimationFrame(watchContent);

  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link) return;
      const start = performance.now();
      const before = mainText();
      const record = { to: link.getAttribute('href'), indicatorMs: null, contentMs: null, blankMs: 0, whiteMs: 0 };
      probe.navigations.push(record);
      let last = start;
      const frame = (now) => {
        const elapsed = now - start;
        const text = mainText();
        const busy = indicatorShown();
        if (busy && record.indicatorMs === null) record.indicatorMs = elapsed;
        if (!busy && text.length > 0 && text !== before && record.contentMs === null) record.contentMs = elapsed;
        if (!busy && text.length === 0) record.blankMs += now - last;
        if (!headerShown()) record.whiteMs += now - last;
        last = now;
        if (record.contentMs === null && elapsed < 15_000) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    true,
  );
}

/** Depth of each script request in the chain that fetched it (the document's own scripts are 1). */
function scriptDepths(requests, documentUrl) {
  const byUrl = new Map(requests.map((request) => [request.url, request]));
  const depthOf = (request, seen = new Set()) => {
    if (seen.has(request.url)) return 1;
    seen.add(request.url);
    const parent = request.initiatorUrl && request.initiatorUrl !== documentUrl ? byUrl.get(request.initiatorUrl) : undefined;
    return parent ? 1 + depthOf(parent, seen) : 1;
  };
  return requests.map((request) => ({ url: request.url, depth: depthOf(request), sentAt: request.sentAt }));
}

const initiatorUrl = (initiator) =>
  initiator.url ?? initiator.stack?.callFrames?.[0]?.url ?? initiator.stack?.parent?.callFrames?.[0]?.url;

async function slowPage(browser, baseUrl, account, signIn) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  context.setDefaultTimeout(60_000);
  if (account) await signIn(context, baseUrl, account);
  await context.addInitScript(installProbe, INDICATOR);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_PROFILE);
  const scripts = [];
  const start = { wallTime: null, timestamp: null };
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && start.timestamp === null) start.timestamp = event.timestamp;
    if (event.type !== 'Script') return;
    scripts.push({ url: event.request.url, initiatorUrl: initiatorUrl(event.initiator), sentAt: (event.timestamp - (start.timestamp ?? event.timestamp)) * 1000 });
  });
  return { context, page, scripts };
}

/** Cold visit of the home page on the phone: FCP, content, CLS and the script chain before content. */
async function measureHome(browser, baseUrl, signIn) {
  const { context, page, scripts } = await slowPage(browser, baseUrl, null, signIn);
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__slowNetworkProbe.contentAt !== null, null, { timeout: 60_000 });
    // Let the late sections (reviews, forms, images) arrive: their shifts count too.
    await page.waitForTimeout(6000);
    const probe = await page.evaluate(() => window.__slowNetworkProbe);
    const critical = scriptDepths(scripts, `${baseUrl}/`).filter((script) => script.sentAt <= probe.contentAt);
    return {
      fcpMs: Math.round(probe.fcp),
      contentMs: Math.round(probe.contentAt),
      cls: Number(probe.cls.toFixed(3)),
      jsDepth: Math.max(0, ...critical.map((script) => script.depth)),
      criticalScripts: critical.length,
    };
  } finally {
    await context.close();
  }
}

/**
 * Client-side route changes as the admin and as a visitor (the links a phone user taps): for each
 * one the time to the first loading indicator, to the new content, and how long the area under
 * the header was blank or the whole page white.
 */
async function measureNavigations(browser, baseUrl, fixtures, signIn) {
  const journeys = [
    {
      as: fixtures.accounts.admin,
      start: '/dashboard',
      steps: ['/dashboard/allOrders', '/dashboard/allUsers', '/dashboard/manageProduct', '/dashboard/messages', '/dashboard'],
    },
    { as: null, start: '/', steps: ['/allProduct', '/blogs', '/myPortfolio', '/'] },
  ];
  const results = [];
  for (const journey of journeys) {
    const { context, page } = await slowPage(browser, baseUrl, journey.as, signIn);
    try {
      await page.goto(`${baseUrl}${journey.start}`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.__slowNetworkProbe.contentAt !== null);
      await page.waitForTimeout(2000);
      for (const to of journey.steps) {
        // On a phone the links sit behind a menu toggle: the dashboard's own, else the navbar's.
        const link = page.locator(`a[href="${to}"]:visible`).first();
        for (const name of ['Show dashboard menu', 'Open menu']) {
          if ((await link.count()) > 0) break;
          const toggle = page.getByRole('button', { name, exact: true });
          if ((await toggle.count()) > 0) await toggle.first().click();
        }
        await link.click();
        await page.waitForFunction(
          () => window.__slowNetworkProbe.navigations.at(-1)?.contentMs !== null,
          null,
          { timeout: 30_000 },
        ).catch(() => undefined);
        await page.waitForTimeout(1500);
      }
      const probe = await page.evaluate(() => window.__slowNetworkProbe);
      for (const record of probe.navigations) {
        results.push({
          from: journey.start,
          to: record.to,
          indicatorMs: record.indicatorMs === null ? null : Math.round(record.indicatorMs),
          contentMs: record.contentMs === null ? null : Math.round(record.contentMs),
          blankMs: Math.round(record.blankMs),
          whiteMs: Math.round(record.whiteMs),
        });
      }
    } finally {
      await context.close();
    }
  }
  return results;
}

/** Runs both measurements and returns the figures with the goals each one misses. */
export async function slowNetworkAudit(browser, { baseUrl, fixtures, signIn }) {
  const home = await measureHome(browser, baseUrl, signIn);
  const navigations = await measureNavigations(browser, baseUrl, fixtures, signIn);
  // Feedback: a navigation that shows its content within the goal needs no indicator.
  const feedbackMs = (nav) => Math.min(nav.indicatorMs ?? Infinity, nav.contentMs ?? Infinity);
  const worstFeedback = Math.max(...navigations.map(feedbackMs));
  const worstBlank = Math.max(...navigations.map((nav) => nav.blankMs));
  const worstWhite = Math.max(...navigations.map((nav) => nav.whiteMs));
  const missed = [];
  if (home.fcpMs > GOALS.fcpMs) missed.push(`home FCP ${home.fcpMs} ms > ${GOALS.fcpMs} ms`);
  if (home.cls > GOALS.cls) missed.push(`home CLS ${home.cls} > ${GOALS.cls}`);
  if (home.jsDepth > GOALS.jsDepth) missed.push(`critical JS ${home.jsDepth} requests deep > ${GOALS.jsDepth}`);
  if (worstFeedback > GOALS.pendingMs) missed.push(`a navigation showed nothing for ${worstFeedback} ms > ${GOALS.pendingMs} ms`);
  if (worstBlank > GOALS.blankMs) missed.push(`blank under the header for ${worstBlank} ms`);
  if (worstWhite > 0) missed.push(`whole page white for ${worstWhite} ms`);
  return { profile: SLOW_PROFILE, home, navigations, worst: { feedbackMs: worstFeedback, blankMs: worstBlank, whiteMs: worstWhite }, missed };
}

/** Prints the figures as a few readable lines. */
export function printSlowNetwork(result, log) {
  const { home, navigations, worst, missed } = result;
  log('');
  log('Slow network (390 px phone, 400 ms latency, 400 kbit/s):');
  log(`  home: FCP ${home.fcpMs} ms, content ${home.contentMs} ms, CLS ${home.cls}, critical JS ${home.jsDepth} deep (${home.criticalScripts} scripts)`);
  for (const nav of navigations) {
    log(`  ${nav.from} -> ${nav.to}: indicator ${nav.indicatorMs ?? '-'} ms, content ${nav.contentMs ?? '-'} ms, blank ${nav.blankMs} ms, white ${nav.whiteMs} ms`);
  }
  log(`  worst: nothing shown ${worst.feedbackMs} ms, blank ${worst.blankMs} ms, white ${worst.whiteMs} ms`);
  log(missed.length ? `  missed: ${missed.join('; ')}` : '  every slow-network goal met');
}
