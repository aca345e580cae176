/**
 * Cached catalogue reads answered on Node's request and response (cached-reads.ts, listen.ts) must
 * be indistinguishable from Hono's answer: same status, body and headers (the request id, date and
 * connection headers aside), the same 304, the same access-log line. The app runs on a real Node
 * server on a free port, and each request records whether the cached-read door answered it.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import type { ShopApp } from './app.ts';
import { listen } from './listen.ts';
import { SESSION_COOKIE } from './middleware/session.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createJsonLogger } from './logger.ts';
import type { PageRendererFactory } from './ports.ts';
import { addProduct, createTestApp, type TestAppOptions } from './test-support.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The app on a real server, with a record of which requests the cached-read door answered. */
const onSocket = async (app: ShopApp) => {
  const answeredByDoor: boolean[] = [];
  const door = app.cachedReads;
  app.cachedReads = (incoming, outgoing, fallback) => {
    const answered = door(incoming, outgoing, fallback);
    answeredByDoor.push(answered);
    return answered;
  };
  const server = await listen(app, 0, '127.0.0.1');
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  /** GET (or `method`) over the socket; `byDoor`: whether the cached-read door answered it. */
  const get = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}${path}`, init);
    return { response, text: await response.text(), byDoor: answeredByDoor.at(-1) };
  };
  /** A raw HTTP/1.1 GET: `target` as written on the request line, headers as given (Host included). */
  const raw = (target: string, headers: Record<string, string>) =>
    new Promise<{ status: number; byDoor: boolean | undefined }>((resolve, reject) => {
      const sent = httpRequest({ host: '127.0.0.1', port, path: target, headers, setHost: false }, (reply) => {
        reply.resume();
        reply.on('end', () => resolve({ status: reply.statusCode!, byDoor: answeredByDoor.at(-1) }));
      });
      sent.on('error', reject);
      sent.end();
    });
  /** A raw GET keeping the bytes as sent (fetch would decompress them) and the headers as named. */
  const bytes = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: [string, string][]; body: Buffer; byDoor: boolean | undefined }>((resolve, reject) => {
      const sent = httpRequest({ host: '127.0.0.1', port, path: target, headers, method }, (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < reply.rawHeaders.length; i += 2) pairs.push([reply.rawHeaders[i]!.toLowerCase(), reply.rawHeaders[i + 1]!]);
          const answer = pairs.filter(([name]) => !['x-request-id', 'date', 'connection', 'keep-alive'].includes(name)).sort(([a], [b]) => a.localeCompare(b));
          resolve({ status: reply.statusCode!, headers: answer, body: Buffer.concat(chunks), byDoor: answeredByDoor.at(-1) });
        });
      });
      sent.on('error', reject);
      sent.end();
    });
  return { url, port, get, raw, bytes };
};

const arrange = async (options: TestAppOptions = {}) => {
  const raw: string[] = [];
  const logger = createJsonLogger('debug', { write: (chunk: string) => void raw.push(chunk) });
  const context = createTestApp({ logger, ...options });
  const product = await addProduct(context.store, { stock: 40, priceCents: 995 });
  const requests = () =>
    raw
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
  return { ...context, product, requests, ...(await onSocket(context.app)) };
};

/** What is about the answer, not the moment or the connection. */
const comparable = (headers: Headers) => [...headers].filter(([name]) => !['x-request-id', 'date', 'connection', 'keep-alive'].includes(name));

describe('cached reads answered on Node before Hono', () => {
  it.each([false, true])('give the routed answer, header for header, and the same 304 (HTTPS: %s)', async (secure) => {
    const { get, product } = await arrange({ settings: { secure } });
    for (const path of ['/api/products?limit=5', `/api/products/${product.id}`, '/api/categories']) {
      const miss = await get(path);
      expect(miss.response.status).toBe(200);
      expect(miss.byDoor).toBe(false);
      const hit = await get(path);
      expect(hit.byDoor).toBe(true);
      expect(hit.response.status).toBe(200);
      expect(hit.text).toBe(miss.text);
      expect(comparable(hit.response.headers)).toEqual(comparable(miss.response.headers));
      if (secure) expect(hit.response.headers.get('strict-transport-security')).toMatch(/^max-age=/);

      // HEAD goes through Hono's own cache lookup: the yardstick for the 304.
      const etag = hit.response.headers.get('etag')!;
      const conditional = { headers: { 'if-none-match': `"other", W/${etag}` } };
      const notModified = await get(path, conditional);
      const routedNotModified = await get(path, { ...conditional, method: 'HEAD' });
      expect([notModified.byDoor, routedNotModified.byDoor]).toEqual([true, false]);
      expect([notModified.response.status, routedNotModified.response.status]).toEqual([304, 304]);
      expect(notModified.text).toBe('');
      expect(comparable(notModified.response.headers)).toEqual(comparable(routedNotModified.response.headers));
    }
  });

  it.each([
    [8 * 1024 * 1024, 'the page as first read'],
    [0, 'the store as it is now'],
  ])('are kept while the catalogue version stays put, unless CATALOGUE_CACHE_MB is 0 (%i bytes: %s)', async (catalogueCacheBytes) => {
    // A version that never moves: a kept page would outlive the change made beneath it.
    const storage = createMemoryStorage();
    const { get, store } = await arrange({ storage: { ...storage, catalogVersion: () => 'fixed' }, settings: { catalogueCacheBytes } });
    const first = JSON.parse((await get('/api/products?limit=5')).text) as { items: unknown[] };
    await addProduct(store, { name: 'Added beneath the cache' });
    const second = await get('/api/products?limit=5');
    expect(second.byDoor).toBe(catalogueCacheBytes > 0);
    expect((JSON.parse(second.text) as { items: unknown[] }).items).toHaveLength(first.items.length + (catalogueCacheBytes > 0 ? 0 : 1));
  });

  it('keep a sane incoming request id, replace any other, and log the line the middleware would', async () => {
    const { get, product, requests } = await arrange();
    const path = `/api/products/${product.id}`;
    await get(`${path}?x=1`); // routed: a different key
    await get(path); // routed: stores the page
    const kept = await get(path, { headers: { 'x-request-id': 'lb-7f3a_22=' } });
    const replaced = await get(path, { headers: { 'x-request-id': 'a b' } });
    expect([kept.byDoor, replaced.byDoor]).toEqual([true, true]);
    expect(kept.response.headers.get('x-request-id')).toBe('lb-7f3a_22=');
    expect(replaced.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const [routedQuery, routed, ...cached] = requests();
    expect(Object.keys(routed!)).toEqual(Object.keys(cached[0]!));
    expect(routedQuery).toMatchObject({ level: 'info', method: 'GET', path, status: 200 });
    expect(cached).toMatchObject([
      { level: 'info', msg: 'request', requestId: 'lb-7f3a_22=', method: 'GET', path, status: 200 },
      { level: 'info', msg: 'request', requestId: replaced.response.headers.get('x-request-id'), method: 'GET', path, status: 200 },
    ]);
  });

  it('leave misses, other methods, unknown paths and targets Hono would rewrite or refuse to the routes', async () => {
    const { get, raw, product, port } = await arrange();
    const path = `/api/products/${product.id}`;
    expect((await get(path)).byDoor).toBe(false); // not cached yet
    expect((await get(path)).byDoor).toBe(true);
    expect((await get(path, { method: 'HEAD' })).byDoor).toBe(false);
    const trailingSlash = await get(`${path}/`);
    expect([trailingSlash.byDoor, trailingSlash.response.status]).toEqual([false, 404]);

    // The same product asked for in ways @hono/node-server rewrites (percent-escapes, dot
    // segments, the absolute form) or checks (the Host): Hono answers each, as it would anyway.
    const host = { host: `127.0.0.1:${port}` };
    expect(await raw(path, host)).toEqual({ status: 200, byDoor: true });
    expect(await raw(path.replace('-', '%2D'), host)).toEqual({ status: 200, byDoor: false });
    expect(await raw(`/api/categories/../products/${product.id}`, host)).toEqual({ status: 200, byDoor: false });
    expect(await raw(`http://127.0.0.1:${port}${path}`, host)).toEqual({ status: 200, byDoor: false });
    expect(await raw(path, { host: 'shop.example:8080' })).toEqual({ status: 200, byDoor: true });
    expect(await raw(path, { host: 'bad_host:x' })).toEqual({ status: 400, byDoor: false });
  });

  describe('a rendered public page', () => {
    const SCRIPT = 'window.$_TSR={};';
    /** A stand-in for the SSR build: a page naming its path, with one inline script; /nowhere is a 404. */
    const pageRenderer: PageRendererFactory = () => async (path) => ({
      status: path === '/nowhere' ? 404 : 200,
      html: `<!DOCTYPE html><html><head></head><body><h1>${path}</h1>${'<p>Hex bolt, M8 × 40, zinc plated</p>'.repeat(50)}<script>${SCRIPT}</script></body></html>`,
    });
    const decoded = (body: Buffer, encoding: string | undefined) =>
      (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

    it.each([false, true])('is answered by the door header for header and byte for byte as Hono answered it, in each encoding (HTTPS: %s)', async (secure) => {
      const { bytes } = await arrange({ settings: { secure }, pageRenderer });
      for (const [path, acceptEncoding, encoding] of [
        ['/allProduct?q=bolt', 'gzip, deflate, br', 'br'],
        ['/', 'gzip, deflate', 'gzip'],
        ['/product/p-1', '', undefined],
        ['/blogs', 'br;q=0.5, gzip', 'gzip'],
        ['/nowhere', 'br', 'br'],
      ] as const) {
        const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        const routed = await bytes(path, headers);
        expect(routed.byDoor).toBe(false); // rendered by Hono, and kept
        const door = await bytes(path, headers);
        expect(door.byDoor).toBe(true);
        expect(door.status).toBe(path === '/nowhere' ? 404 : 200);
        expect(door.headers).toEqual(routed.headers);
        expect(door.body.equals(routed.body)).toBe(true);
        const named = Object.fromEntries(door.headers);
        expect(named['content-encoding']).toBe(encoding);
        expect(named.vary).toBe('Accept-Encoding');
        expect(named['content-length']).toBe(String(door.body.byteLength));
        expect(named['content-security-policy']).toMatch(/script-src 'self' https:\/\/js\.stripe\.com 'sha256-/);
        expect(named['x-frame-options']).toBe('DENY');
        expect(named['strict-transport-security'] !== undefined).toBe(secure);
        expect(decoded(door.body, encoding)).toContain(`<h1>${path}</h1>`);
      }
    });

    it('answers the same 304 as Hono, and the same page to a signed-in visitor', async () => {
      const { bytes } = await arrange({ pageRenderer });
      const page = await bytes('/allProduct', { 'accept-encoding': 'br' });
      const etag = Object.fromEntries(page.headers).etag!;
      const conditional = { 'if-none-match': `"other", W/${etag}`, 'accept-encoding': 'br' };
      const door = await bytes('/allProduct', conditional);
      expect([door.byDoor, door.status, door.body.byteLength]).toEqual([true, 304, 0]);
      // HEAD goes through Hono's page handler: the yardstick for the 304.
      const routed = await bytes('/allProduct', conditional, 'HEAD');
      expect([routed.byDoor, routed.status]).toEqual([false, 304]);
      expect(door.headers).toEqual(routed.headers);

      const signedIn = await bytes('/allProduct', { cookie: `${SESSION_COOKIE}=abc`, 'accept-encoding': 'br' });
      expect(signedIn.byDoor).toBe(true);
      expect(signedIn.body.equals(page.body)).toBe(true);
    });

    it('never stands in for the API or uploaded files, and leaves a page not kept yet to Hono', async () => {
      const { bytes } = await arrange({ pageRenderer, settings: { catalogueCacheBytes: 0 } });
      expect((await bytes('/allProduct')).byDoor).toBe(false);
      expect((await bytes('/allProduct')).byDoor).toBe(false); // the cache is off: rendered again
      const api = await bytes('/api/nowhere');
      expect([api.byDoor, api.status]).toEqual([false, 404]);
    });
  });

  it("price a company member's page and product at the door as Hono would, and answer a session that no longer holds as a visitor's", async () => {
    const context = await arrange();
    const { get, store, product, call } = context;
    const member = await context.signUp({ name: 'Mia Member' });
    const now = new Date();
    await store.companies.create(
      { id: 'co-door', name: 'Door Builders', taxId: null, approvalThresholdCents: null, discountPercent: 10, createdAt: now },
      { companyId: 'co-door', userId: member.user.id, role: 'manager', monthlyLimitCents: null, joinedAt: now },
    );
    for (const path of ['/api/products?limit=5', `/api/products/${product.id}`, '/api/products/suggest?q=wrench']) {
      const visitor = await get(path); // a miss: Hono computes and keeps the anonymous answer
      const byBearer = await get(path, { headers: { authorization: `Bearer ${member.token}` } });
      const byCookie = await get(path, { headers: { cookie: `theme=dark; session=${member.token}` } });
      expect([byBearer.byDoor, byCookie.byDoor]).toEqual([true, true]);
      // Hono's answer to the same member (app.request always goes through the routes) is the yardstick.
      const routed = await call('GET', path, { token: member.token });
      expect(byBearer.text).toBe(routed.text);
      expect(byCookie.text).toBe(routed.text);
      expect(byBearer.text).toContain('"yourPrice"');
      expect(byBearer.response.headers.get('etag')).toBe(routed.headers.get('etag'));
      expect(comparable(byBearer.response.headers).map(([name]) => name)).toEqual(comparable(visitor.response.headers).map(([name]) => name));
      const notModified = await get(path, { headers: { authorization: `Bearer ${member.token}`, 'if-none-match': routed.headers.get('etag')! } });
      expect([notModified.byDoor, notModified.response.status]).toEqual([true, 304]);
    }
    // A storage failure on the way hands the request to Hono, which answers it as the route would.
    const termsForMember = store.companyPrices.termsForMember.bind(store.companyPrices);
    let failures = 1;
    store.companyPrices.termsForMember = (userId) => (failures-- > 0 ? Promise.reject(new Error('disk gone')) : termsForMember(userId));
    const recovered = await get(`/api/products/${product.id}`, { headers: { authorization: `Bearer ${member.token}` } });
    expect([recovered.byDoor, recovered.response.status, recovered.text.includes('"yourPrice"')]).toEqual([true, 200, true]);
    // Signed out everywhere (the session version moves): the same token now reads the visitor's page.
    await store.users.bumpSessionVersion(member.user.id);
    const revoked = await get('/api/products?limit=5', { headers: { authorization: `Bearer ${member.token}` } });
    expect(revoked.byDoor).toBe(true);
    expect(revoked.text).toBe((await get('/api/products?limit=5')).text);
  });

  it('leave a signed-in read of any other cached route, and a trailing slash, to Hono', async () => {
    const { get, product, signUp } = await arrange();
    const user = await signUp({ name: 'Sam Signed-In' });
    await get('/api/categories');
    const headers = { authorization: `Bearer ${user.token}` };
    expect((await get('/api/categories', { headers })).byDoor).toBe(false);
    expect((await get(`/api/products/${product.id}/`, { headers })).byDoor).toBe(false);
    expect((await get('/api/categories')).byDoor).toBe(true);
  });
});
