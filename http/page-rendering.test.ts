import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import type { Storage } from '#adapters/storage/storage.ts';
import type { Store } from '#domain/store.ts';
import { messages } from './messages.ts';
import { addProduct, createTestApp, keptLogger } from './test-support.ts';
import type { PageRendererFactory, RenderedPage } from './ports.ts';
import { policyFor } from './page-rendering.ts';
import { FAILURE_HOLD_MS } from './storage-watch.ts';

/**
 * A stand-in for the SSR build (the real one is read in tests/system/storefront-pages.test.ts): it
 * renders what the app's own API answers, and records every path it was asked for.
 */
const fakeRenderer = (answer: (path: string, api: (request: Request) => Promise<Response>) => Promise<RenderedPage | null>) => {
  const asked: string[] = [];
  const factory: PageRendererFactory = (api) => async (path) => {
    asked.push(path);
    return answer(path, api);
  };
  return { asked, factory };
};

const SCRIPT = 'window.$_TSR={};';
const htmlOf = (body: string) => `<!DOCTYPE html><html><head></head><body>${body}<script>${SCRIPT}</script></body></html>`;

describe('public pages rendered on the server', () => {
  it('answers a rendered page with its status, an entity tag, a policy allowing only its inline scripts, and 304 on a match', async () => {
    const { factory } = fakeRenderer(async (path) => ({ status: path === '/nowhere' ? 404 : 200, html: htmlOf(path) }));
    const { app } = createTestApp({ pageRenderer: factory });

    const page = await app.request('/allProduct?q=bolt');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('/allProduct?q=bolt');
    const hash = createHash('sha256').update(SCRIPT).digest('base64');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'self' https://js.stripe.com 'sha256-${hash}'`);
    expect(policy.split('; ').find((directive) => directive.startsWith('script-src'))).toBe(`script-src 'self' https://js.stripe.com 'sha256-${hash}'`);

    const etag = page.headers.get('etag')!;
    const again = await app.request('/allProduct?q=bolt', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const missing = await app.request('/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('/nowhere');
  });

  it('renders once per catalogue version: a repeat is served from memory, a catalogue change renders afresh', async () => {
    const { asked, factory } = fakeRenderer(async (path, api) => {
      const list = (await (await api(new Request('http://localhost/api/products'))).json()) as { items: { name: string }[] };
      return { status: 200, html: htmlOf(list.items.map((item) => item.name).join(',')) };
    });
    const { app, store } = createTestApp({ pageRenderer: factory });
    await addProduct(store, { name: 'Hex bolt' });

    expect(await (await app.request('/')).text()).toContain('Hex bolt');
    expect(await (await app.request('/')).text()).toContain('Hex bolt');
    expect(asked).toEqual(['/']);

    await addProduct(store, { name: 'Wing nut' });
    expect(await (await app.request('/')).text()).toContain('Wing nut');
    expect(asked).toEqual(['/', '/']);
  });

  it('sends the same bytes to a visitor with a session cookie as to anyone, and never passes the cookie on', async () => {
    const seen: (string | null)[] = [];
    const { factory } = fakeRenderer(async (_path, api) => {
      const me = await api(new Request('http://localhost/api/me'));
      seen.push(me.status === 200 ? 'signed in' : null);
      return { status: 200, html: htmlOf('catalogue') };
    });
    const context = createTestApp({ pageRenderer: factory, settings: { catalogueCacheBytes: 0 } });
    const { token } = await context.signUp();
    const signedIn = await context.app.request('/', { headers: { Cookie: `token=${token}; session=${token}`, Authorization: `Bearer ${token}` } });
    const anonymous = await context.app.request('/');
    expect(await signedIn.text()).toBe(await anonymous.text());
    expect(signedIn.headers.get('etag')).toBe(anonymous.headers.get('etag'));
    expect(seen).toEqual([null, null]);
  });

  it('leaves pages the renderer does not take to the SPA shell', async () => {
    const { factory } = fakeRenderer(async () => null);
    const { app } = createTestApp({ pageRenderer: factory });
    const shell = await app.request('/dashboard');
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('not built yet');
  });

  it('answers a render that throws with a 500 page, logged once, and renders it again next time', async () => {
    const { asked, factory } = fakeRenderer(async () => {
      throw new Error('a component broke');
    });
    const { logger, lines } = keptLogger();
    const { app } = createTestApp({ pageRenderer: factory, logger });
    const failed = await app.request('/product/p1');
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await failed.text()).toContain('Something went wrong');
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ message: 'page render failed', details: { path: '/product/p1' } });
    expect(String(errors[0]!.details!.error)).toContain('a component broke');
    await app.request('/product/p1');
    expect(asked).toEqual(['/product/p1', '/product/p1']);
  });

  it('logs the API calls a render makes of the app at debug, the visitor\'s page and API requests at info', async () => {
    const { factory } = fakeRenderer(async (path, api) => {
      await (await api(new Request('http://localhost/api/products'))).arrayBuffer();
      return { status: 200, html: htmlOf(path) };
    });
    const { logger, lines } = keptLogger();
    const { app } = createTestApp({ pageRenderer: factory, logger });
    await app.request('/allProduct');
    await app.request('/api/products');
    const requests = lines.filter((line) => line.message === 'request').map(({ level, details }) => [level, details?.path]);
    expect(requests).toEqual([
      ['debug', '/api/products'],
      ['info', '/allProduct'],
      ['info', '/api/products'],
    ]);
  });

  it('passes the router\'s redirect of a search it cleaned on, uncached', async () => {
    const { factory } = fakeRenderer(async () => ({ status: 307, html: '', location: '/allProduct' }));
    const { app } = createTestApp({ pageRenderer: factory });
    const moved = await app.request('/allProduct?sort=bogus');
    expect(moved.status).toBe(307);
    expect(moved.headers.get('location')).toBe('/allProduct');
  });
});

/**
 * A database that can be switched off: while down, every repository call and the health check's
 * ping fail with an error the storage names 'unreachable', and the catalogue's version is unknown
 * (as PostgreSQL's while it cannot hear its listener), so nothing is served from the page cache.
 */
const switchableStorage = () => {
  const base = createMemoryStorage();
  const gone = new Error('connect ECONNREFUSED 127.0.0.1:5432');
  let down = false;
  const failing = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, name, receiver) {
        const value: unknown = Reflect.get(object, name, receiver);
        if (typeof value === 'function') {
          return (...args: unknown[]) => {
            if (down) throw gone;
            return (value as (...rest: unknown[]) => unknown).apply(object, args);
          };
        }
        return value !== null && typeof value === 'object' ? failing(value) : value;
      },
    });
  const storage: Storage = {
    ...base,
    repositories: failing(base.repositories) as Store,
    lifecycle: {
      ping: async () => {
        if (down) throw gone;
      },
      failureOf: (error) => (error === gone ? 'unreachable' : null),
      close: () => base.lifecycle.close(),
    },
    catalogVersion: () => (down ? null : base.catalogVersion!()),
  };
  return { storage, setDown: (value: boolean) => void (down = value) };
};

describe('public pages while the database cannot serve', () => {
  it('answers 503 with Retry-After and a page that says so, logs the outage once, and renders again once the database is back', async () => {
    const { storage, setDown } = switchableStorage();
    // The real renderer turns a failed loader into its error page, status 500.
    const { asked, factory } = fakeRenderer(async (_path, api) => {
      const list = await api(new Request('http://localhost/api/products'));
      if (!list.ok) return { status: 500, html: htmlOf('error') };
      const { items } = (await list.json()) as { items: { name: string }[] };
      return { status: 200, html: htmlOf(items.map((item) => item.name).join(',')) };
    });
    let now = new Date('2026-11-27T12:00:00Z').getTime();
    const { logger, lines } = keptLogger();
    const { app, call } = createTestApp({ storage, logger, pageRenderer: factory, clock: { now: () => new Date(now) } });
    await addProduct(storage.repositories, { name: 'Hex bolt' });
    expect((await app.request('/allProduct')).status).toBe(200);

    setDown(true);
    const answers = [];
    for (const path of ['/allProduct', '/product/p1', '/allProduct?q=bolt']) answers.push(await app.request(path));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const html = await answer.text();
      expect(html).toContain('<h1>Back in a moment</h1>');
      expect(html).toContain(messages.storageUnavailable.unreachable);
      expect(html).toContain('noindex');
    }
    // One error line for the whole outage, none per page; each page's own line is a warning.
    expect(lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual(['the database cannot serve requests']);
    const pageLines = lines.filter((line) => line.message === 'request' && !String(line.details?.path).startsWith('/api/'));
    expect(pageLines.slice(-3).map((line) => [line.level, line.details?.status])).toEqual(Array.from({ length: 3 }, () => ['warn', 503]));
    expect((await call('GET', '/api/health')).status).toBe(503);

    // Back: the next visit renders the page again, without a restart; health follows after its hold.
    setDown(false);
    const back = await app.request('/allProduct?q=bolt');
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('Hex bolt');
    expect(asked.at(-1)).toBe('/allProduct?q=bolt');
    now += FAILURE_HOLD_MS;
    expect((await call('GET', '/api/health')).status).toBe(200);
    expect(lines.filter((line) => line.message === 'the database serves requests again')).toHaveLength(1);
  });
});

describe('policyFor', () => {
  it('allows each inline script by its hash and no script that has a src', () => {
    const policy = policyFor('<script>a()</script><script type="module" src="/x.js"></script><script data-x="">b()</script>');
    const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(policy).toContain(hashOf('a()'));
    expect(policy).toContain(hashOf('b()'));
    expect(policy.match(/sha256-/g)).toHaveLength(2);
  });
});
