import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addProduct, createTestApp, keptLogger } from './test-support.ts';
import type { PageRendererFactory, RenderedPage } from './ports.ts';
import { policyFor } from './page-rendering.ts';

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

  it('passes the router\'s redirect of a search it cleaned on, uncached', async () => {
    const { factory } = fakeRenderer(async () => ({ status: 307, html: '', location: '/allProduct' }));
    const { app } = createTestApp({ pageRenderer: factory });
    const moved = await app.request('/allProduct?sort=bogus');
    expect(moved.status).toBe(307);
    expect(moved.headers.get('location')).toBe('/allProduct');
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
