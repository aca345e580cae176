import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '#http/messages.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { addProduct, createTestApp, expectError, ORIGIN } from './test-support.ts';

describe('error shape and statuses', () => {
  it('answers unknown /api paths with a JSON 404, for any method', async () => {
    const { call } = createTestApp();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await call(method, '/api/no-such-thing');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.json).toEqual({ error: { code: 'NOT_FOUND', message: messages.notFound } });
    }
  });

  it('refuses malformed JSON with 400', async () => {
    const { call } = createTestApp();
    const response = await call('POST', '/api/auth/sign-up', { raw: '{"name": "A",', contentType: 'application/json' });
    expect(response.status).toBe(400);
    expect(expectError(response.json)).toEqual({ code: 'VALIDATION_FAILED', message: messages.malformedJson });
    const empty = await call('POST', '/api/contact', { raw: '', contentType: 'application/json' });
    expect(empty.status).toBe(400);
  });

  it('refuses a non-JSON content type on a JSON endpoint with 415', async () => {
    const { call } = createTestApp();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await call('POST', '/api/newsletter', { raw: 'email=a@example.com', contentType });
      expect(response.status).toBe(415);
      expect(expectError(response.json)).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType });
    }
    const missing = await call('POST', '/api/newsletter', { raw: '{"email":"a@example.com"}' });
    expect(missing.status).toBe(415);
    const withCharset = await call('POST', '/api/newsletter', {
      raw: '{"email":"a@example.com"}',
      contentType: 'application/json; charset=utf-8',
    });
    expect(withCharset.status).toBe(201);
  });

  it('refuses a body over 64 kB with 413, counted as it streams in or judged by the length it declares', async () => {
    const { call, storage } = createTestApp();
    const body = { name: 'Big', email: 'big@example.com', message: 'x'.repeat(70 * 1024) };
    const streamed = await call('POST', '/api/contact', { body });
    expect(streamed.status).toBe(413);
    expect(expectError(streamed.json)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: messages.bodyTooLarge });
    const raw = JSON.stringify(body);
    const declared = await call('POST', '/api/contact', { raw, contentType: 'application/json', headers: { 'content-length': String(raw.length) } });
    expect(declared.status).toBe(413);
    expect(expectError(declared.json)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: messages.bodyTooLarge });
    const small = JSON.stringify({ ...body, message: 'Small enough' });
    const fits = await call('POST', '/api/contact', { raw: small, contentType: 'application/json', headers: { 'content-length': String(small.length) } });
    expect(fits.status).toBe(201);
    expect(await storage.repositories.inbox.listContactMessages({ limit: 10 })).toMatchObject({ items: [{ message: 'Small enough' }] });
  });

  it('answers an unexpected failure with 500 and the generic message, logging the error but not the body', async () => {
    const logged: unknown[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (...args: unknown[]) => logged.push(args) };
    const storage = createMemoryStorage();
    storage.repositories.inbox.addContactMessage = async () => {
      throw new Error('disk on fire');
    };
    const { call } = createTestApp({ storage, logger });
    const response = await call('POST', '/api/contact', {
      body: { name: 'Eve', email: 'eve@example.com', message: 'my-secret-body-text' },
    });
    expect(response.status).toBe(500);
    expect(response.json).toEqual({ error: { code: 'INTERNAL_ERROR', message: messages.serverError } });
    expect(JSON.stringify(logged)).toContain('disk on fire');
    expect(JSON.stringify(logged)).not.toContain('my-secret-body-text');
  });

  it('validates query parameters and ids with 400', async () => {
    const { call } = createTestApp();
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5']) {
      const response = await call('GET', `/api/products?${query}`);
      expect(response.status).toBe(400);
      expect(expectError(response.json).fields).toHaveProperty('limit');
    }
    const longId = await call('GET', `/api/products/${'x'.repeat(101)}`);
    expect(longId.status).toBe(400);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write from a foreign Origin, allows our own and Bearer', async () => {
    const context = createTestApp();
    const product = await addProduct(context.store);
    const user = await context.signUp();
    const order = { productId: product.id, quantity: 100, phone: '555 0100 200', address: '1 Main St' };

    const foreign = await context.call('POST', '/api/orders', { body: order, cookie: user.token, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(expectError(foreign.json)).toEqual({ code: 'FORBIDDEN', message: messages.crossSiteRefused });

    // Without Origin, fetch metadata decides; with neither it is not a browser's cross-site request (curl, scripts, tests).
    const byFetchSite = (site: string | null) =>
      context.call('POST', '/api/orders', { body: order, cookie: user.token, origin: null, headers: site ? { 'sec-fetch-site': site } : {} });
    expect((await byFetchSite('cross-site')).status).toBe(403);
    expect((await byFetchSite('same-site')).status).toBe(403);
    expect((await byFetchSite(null)).status).toBe(201);
    expect((await byFetchSite('same-origin')).status).toBe(201);

    const own = await context.call('POST', '/api/orders', { body: order, cookie: user.token, origin: ORIGIN });
    expect(own.status).toBe(201);
    const bearer = await context.call('POST', '/api/orders', { body: order, token: user.token, origin: 'https://evil.example' });
    expect(bearer.status).toBe(201);
    expect((await context.store.orders.listByUser(user.user.id, { limit: 100 })).items).toHaveLength(4);
  });

  it('accepts the PUBLIC_URL origin behind a proxy, and refuses a foreign sign-out', async () => {
    const context = createTestApp({ settings: { publicUrl: new URL('https://shop.example.com'), secure: true } });
    const user = await context.signUp();
    const foreign = await context.call('POST', '/api/auth/sign-out', { cookie: user.token, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await context.call('GET', '/api/me', { token: user.token })).status).toBe(200);
    const proxied = await context.call('POST', '/api/auth/sign-out', { cookie: user.token, origin: 'https://shop.example.com' });
    expect(proxied.status).toBe(204);
  });

  it('lets reads through from anywhere (they change nothing)', async () => {
    const context = createTestApp();
    const user = await context.signUp();
    const read = await context.call('GET', '/api/me', { cookie: user.token, origin: 'https://evil.example' });
    expect(read.status).toBe(200);
  });
});

describe('security headers', () => {
  // HSTS (off over http, on behind https) is checked once, in tests/security/headers.test.ts.
  it('sends a strict CSP with the Stripe sources, nosniff and frame denial', async () => {
    const { call } = createTestApp();
    const response = await call('GET', '/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('health', () => {
  it('is ok once the store answers and 503 when it does not', async () => {
    const { call } = createTestApp();
    expect(await call('GET', '/api/health')).toMatchObject({ status: 200, json: { status: 'ok' } });
    const storage = createMemoryStorage();
    storage.lifecycle.ping = async () => {
      throw new Error('down');
    };
    const down = createTestApp({ storage });
    expect((await down.call('GET', '/api/health')).status).toBe(503);
  });
});

describe('the built SPA on the same port', () => {
  const root = mkdtempSync(join(tmpdir(), 'bulkhead-web-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'demo', 'products'), { recursive: true });
  const indexHtml = '<!doctype html><title>Bulkhead</title><div id="root"></div>';
  const bundle = 'console.log("bulkhead");'.repeat(50);
  writeFileSync(join(root, 'index.html'), indexHtml);
  writeFileSync(join(root, 'assets', 'index-abc123.js'), bundle);
  writeFileSync(join(root, 'assets', 'index-abc123.js.gz'), gzipSync(bundle));
  writeFileSync(join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(bundle));
  writeFileSync(join(root, 'demo', 'products', 'wrench.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'secret.txt'), 'inside root');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const { app, call } = createTestApp({ webRoot: root });

  it('serves hashed assets as immutable, with the precompressed sibling when accepted', async () => {
    const plain = await call('GET', '/assets/index-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.text).toBe(bundle);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toContain('text/javascript');
    expect(plain.headers.get('content-encoding')).toBeNull();

    const brotli = await app.request(`${ORIGIN}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await brotli.arrayBuffer())).toEqual(brotliCompressSync(bundle));

    const gzipped = await app.request(`${ORIGIN}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(Buffer.from(await gzipped.arrayBuffer())).toEqual(gzipSync(bundle));
  });

  it('serves other files with a short cache and index.html with no-cache', async () => {
    const svg = await call('GET', '/demo/products/wrench.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('cache-control')).toBe('public, max-age=3600');
    const index = await call('GET', '/');
    expect(index.text).toBe(indexHtml);
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for client routes but keeps /api 404s as JSON', async () => {
    for (const path of ['/allProduct', '/dashboard/payment/123', '/product/abc?x=1']) {
      const response = await call('GET', path);
      expect(response.status).toBe(200);
      expect(response.text).toBe(indexHtml);
    }
    const api = await call('GET', '/api/unknown/path');
    expect(api.status).toBe(404);
    expect(api.json.error.code).toBe('NOT_FOUND');
    expect((await call('GET', '/assets/missing-999.js')).status).toBe(404);
  });

  it('never serves files outside the web root', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%00']) {
      const response = await call('GET', path);
      expect(response.text).not.toContain('"name"');
      expect([200, 400, 404]).toContain(response.status);
    }
  });

  it('says to run npm run build when nothing is built', async () => {
    const empty = createTestApp({ webRoot: join(root, 'no-such-dir') });
    const response = await empty.call('GET', '/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('npm run build');
  });
});
