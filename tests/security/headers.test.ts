/**
 * Security headers on every kind of response the one port serves: the JSON API (answers and
 * errors), the built SPA (index.html, hashed assets, client-side routes) and uploaded files
 * (with the sandbox policy that keeps an SVG's script inert). HSTS only behind HTTPS.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CSP } from '#http/routes/uploads.ts';
import { openSecurityApp, pngForm, type SecurityApp } from './harness.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';

let webRoot: string;
let plain: SecurityApp;
let behindHttps: SecurityApp;
let svgUrl: string;
let pngUrl: string;

/** A minimal built SPA: index.html naming a hashed bundle, as `vite build` writes it. */
const writeWebRoot = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bulkhead-security-web-'));
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'assets', 'app-1a2b3c.js'), 'console.log("bulkhead");');
  return dir;
};

const upload = async (app: SecurityApp, body: Blob | string, name: string) => {
  const form = new FormData();
  form.set('image', new Blob([body]), name);
  const response = await app.call('POST', '/api/uploads', { token: (await app.signUp()).token, form });
  expect(response.status).toBe(201);
  return response.json.url as string;
};

beforeAll(async () => {
  webRoot = await writeWebRoot();
  plain = await openSecurityApp({ webRoot });
  behindHttps = await openSecurityApp({ webRoot, settings: { secure: true, publicUrl: new URL('https://shop.example.com') } });
  svgUrl = await upload(plain, SVG, 'logo.svg');
  pngUrl = await upload(plain, pngForm().get('image') as Blob, 'a.png');
});

afterAll(async () => {
  await plain?.close();
  await behindHttps?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const directives = (csp: string | null) =>
  new Map((csp ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...values]) => [name!, values]));

/** The site-wide set: a strict CSP without inline script, no sniffing, no framing, a referrer policy. */
const expectSiteHeaders = (headers: Headers) => {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
};

describe('security headers', () => {
  it.each([
    ['a public API answer', 'GET', '/api/products', false],
    ['a signed-in API answer', 'GET', '/api/me', true],
    ['an API refusal (401)', 'GET', '/api/me', false],
    ['an unknown API path (404)', 'GET', '/api/no-such-thing', false],
    ['a validation error (400)', 'POST', '/api/newsletter', false],
  ])('on %s', async (_, method, path, signedIn) => {
    const token = signedIn ? (await plain.signUp()).token : undefined;
    const response = await plain.call(method, path, { token, ...(method === 'POST' ? { body: { email: 'no' } } : {}) });
    expect(response.status).toBeLessThan(500);
    expectSiteHeaders(response.headers);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    // Whatever is cached, a user's own data never is.
    if (signedIn) expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['index.html', '/'],
    ['a client-side route', '/product/123'],
    ['a hashed asset', '/assets/app-1a2b3c.js'],
  ])('on the SPA: %s', async (_, path) => {
    const response = await plain.call('GET', path);
    expect(response.status).toBe(200);
    expectSiteHeaders(response.headers);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('the SPA needs no inline script, so the CSP can forbid it', async () => {
    const index = await readFile(new URL('../../web/index.html', import.meta.url), 'utf8');
    const scripts = [...index.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
  });

  it('serves an uploaded SVG sandboxed: no script, no requests, no framing, no sniffing', async () => {
    const response = await plain.call('GET', svgUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    const csp = directives(UPLOAD_CSP);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('sandbox')).toBe(true);
    expect(csp.get('sandbox')).toEqual([]); // no allow-scripts, no allow-same-origin
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it.each([
    ['a PNG', () => pngUrl],
    ['a missing file (404)', () => '/uploads/0123456789abcdef0123456789abcdef.png'],
    ['a bad width (400)', () => `${pngUrl}?w=12`],
  ])('gives every /uploads answer the same protection: %s', async (_, url) => {
    const response = await plain.call('GET', url());
    expect(response.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS behind HTTPS (PUBLIC_URL https) on the API, the SPA and uploads, and a Secure cookie', async () => {
    const api = await behindHttps.call('GET', '/api/health');
    const spa = await behindHttps.call('GET', '/');
    const file = await behindHttps.call('GET', await upload(behindHttps, SVG, 'logo.svg'));
    for (const response of [api, spa, file]) {
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
    const signedUp = await behindHttps.call('POST', '/api/auth/sign-up', { body: { name: 'S', email: 's@example.com', password: 'password-1' } });
    expect(signedUp.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    expect(signedUp.headers.get('set-cookie')).toMatch(/;\s*HttpOnly/i);
    expect(signedUp.headers.get('set-cookie')).toMatch(/;\s*SameSite=Lax/i);
  });

  it('keeps the session cookie off plain http, but HttpOnly and SameSite there too', async () => {
    const signedUp = await plain.call('POST', '/api/auth/sign-up', { body: { name: 'P', email: 'p@example.com', password: 'password-1' } });
    const cookie = signedUp.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });
});
