/**
 * Cached catalogue reads answered before routing (cached-reads.ts) must be indistinguishable from
 * the routed answer: same status, body and headers (the request id aside), the same 304, the same
 * access-log line. HEAD still goes through Hono's cache lookup, which makes it the yardstick.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createJsonLogger } from './logger.ts';
import { addProduct, createTestApp, ORIGIN } from './test-support.ts';

const arrange = async (secure = false) => {
  const raw: string[] = [];
  const logger = createJsonLogger('debug', { write: (chunk: string) => void raw.push(chunk) });
  const context = createTestApp({ logger, settings: { secure } });
  const product = await addProduct(context.store, { stock: 40, priceCents: 995 });
  const requests = () =>
    raw
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
  return { ...context, product, requests };
};

const withoutId = (headers: Headers) => [...headers].filter(([name]) => name !== 'x-request-id');

describe('cached reads answered before routing', () => {
  it.each([false, true])('give the routed answer, header for header, and the same 304 (HTTPS: %s)', async (secure) => {
    const { app, product, call } = await arrange(secure);
    for (const path of ['/api/products?limit=5', `/api/products/${product.id}`, '/api/categories']) {
      const miss = await call('GET', path);
      expect(miss.status).toBe(200);
      // A hit is answered synchronously, without Hono's promise chain.
      const hit = app.fetch(new Request(`${ORIGIN}${path}`));
      expect(hit).toBeInstanceOf(Response);
      const answer = hit as Response;
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(miss.text);
      expect(withoutId(answer.headers)).toEqual(withoutId(miss.headers));
      const routedHit = await app.request(`${ORIGIN}${path}`, { method: 'HEAD' });
      expect(withoutId(answer.headers)).toEqual(withoutId(routedHit.headers));

      const etag = answer.headers.get('etag')!;
      const conditional = { headers: { 'if-none-match': `"other", W/${etag}` } };
      const notModified = await app.request(`${ORIGIN}${path}`, conditional);
      const routedNotModified = await app.request(`${ORIGIN}${path}`, { ...conditional, method: 'HEAD' });
      expect(notModified.status).toBe(304);
      expect(await notModified.text()).toBe('');
      expect(routedNotModified.status).toBe(304);
      expect(withoutId(notModified.headers)).toEqual(withoutId(routedNotModified.headers));
    }
  });

  it.each([
    [8 * 1024 * 1024, 'the page as first read'],
    [0, 'the store as it is now'],
  ])('are kept while the catalogue version stays put, unless CATALOGUE_CACHE_MB is 0 (%i bytes: %s)', async (catalogueCacheBytes) => {
    // A version that never moves: a kept page would outlive the change made beneath it.
    const storage = createMemoryStorage();
    const context = createTestApp({ storage: { ...storage, catalogVersion: () => 'fixed' }, settings: { catalogueCacheBytes } });
    const first = await context.call('GET', '/api/products?limit=5');
    await addProduct(context.store, { name: 'Added beneath the cache' });
    const second = await context.call('GET', '/api/products?limit=5');
    expect((second.json as { items: unknown[] }).items).toHaveLength(catalogueCacheBytes > 0 ? (first.json as { items: unknown[] }).items.length : 1);
  });

  it('keep a sane incoming request id, replace any other, and log the line the middleware would', async () => {
    const { app, product, requests } = await arrange();
    const path = `/api/products/${product.id}`;
    await app.request(`${ORIGIN}${path}?x=1`); // routed: a different key
    await app.request(`${ORIGIN}${path}`); // routed: stores the page
    const kept = app.fetch(new Request(`${ORIGIN}${path}`, { headers: { 'x-request-id': 'lb-7f3a_22=' } })) as Response;
    const replaced = app.fetch(new Request(`${ORIGIN}${path}`, { headers: { 'x-request-id': 'a b' } })) as Response;
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a_22=');
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const [routedQuery, routed, ...cached] = requests();
    expect(Object.keys(routed!)).toEqual(Object.keys(cached[0]!));
    expect(routedQuery).toMatchObject({ level: 'info', method: 'GET', path, status: 200 });
    expect(cached).toMatchObject([
      { level: 'info', msg: 'request', requestId: 'lb-7f3a_22=', method: 'GET', path, status: 200 },
      { level: 'info', msg: 'request', requestId: replaced.headers.get('x-request-id'), method: 'GET', path, status: 200 },
    ]);
  });

  it('leave misses, other methods and unknown paths to the routes', async () => {
    const { app, product } = await arrange();
    expect(app.fetch(new Request(`${ORIGIN}/api/products/${product.id}`))).toBeInstanceOf(Promise); // not cached yet
    await app.request(`${ORIGIN}/api/products/${product.id}`);
    expect(app.fetch(new Request(`${ORIGIN}/api/products/${product.id}`, { method: 'HEAD' }))).toBeInstanceOf(Promise);
    expect(app.fetch(new Request(`${ORIGIN}/api/products/${product.id}/`))).toBeInstanceOf(Promise);
    expect(app.fetch(new Request(`${ORIGIN}/api/products/${product.id}`))).toBeInstanceOf(Response);
  });
});
