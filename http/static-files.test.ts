import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createStaticHandler, qualityOf } from './static-files.ts';
import { createTestApp, ORIGIN } from './test-support.ts';

describe('qualityOf (Accept-Encoding)', () => {
  it('reads named encodings, q-values, refusals and the wildcard', () => {
    expect(qualityOf('gzip, deflate, br', 'br')).toBe(1);
    expect(qualityOf('gzip;q=0.8, br;q=0.5', 'br')).toBe(0.5);
    expect(qualityOf('gzip, br;q=0', 'br')).toBe(0);
    expect(qualityOf('gzip, br;q=0.000', 'br')).toBe(0);
    expect(qualityOf('GZIP', 'gzip')).toBe(1);
    expect(qualityOf('*', 'br')).toBe(1);
    expect(qualityOf('*;q=0.3, gzip', 'br')).toBe(0.3);
    expect(qualityOf('*, br;q=0', 'br')).toBe(0);
    expect(qualityOf(undefined, 'gzip')).toBe(0);
    expect(qualityOf('identity', 'gzip')).toBe(0);
  });

  it('ignores malformed entries instead of failing', () => {
    expect(qualityOf('br;q=2', 'br')).toBe(0);
    expect(qualityOf('br;q=0.5.5', 'br')).toBe(0);
    expect(qualityOf(',,;;, br ;  q = 0.7 ,', 'br')).toBe(0.7);
    expect(qualityOf('gzip;level=9', 'gzip')).toBe(1);
  });
});

describe('precompressed static files', () => {
  const root = mkdtempSync(join(tmpdir(), 'bulkhead-static-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'demo'));
  const indexHtml = `<!doctype html><title>Bulkhead</title>${'<p>shop</p>'.repeat(200)}`;
  const bundle = 'console.log("bulkhead");'.repeat(100);
  const styles = 'body{color:#0f172a}'.repeat(100);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`;
  const only = (name: string, text: string, encodings: ('br' | 'gz')[]) => {
    writeFileSync(join(root, name), text);
    if (encodings.includes('br')) writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    if (encodings.includes('gz')) writeFileSync(join(root, `${name}.gz`), gzipSync(text));
  };
  only('index.html', indexHtml, ['br', 'gz']);
  only('assets/app-1a2b3c.js', bundle, ['br', 'gz']);
  only('assets/app-1a2b3c.css', styles, ['gz']);
  only('demo/valve.svg', svg, ['br', 'gz']);
  only('assets/tiny-9f9f9f.js', 'x()', []);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const app = new Hono().get('*', createStaticHandler(root));
  const get = (path: string, acceptEncoding?: string) =>
    app.request(`${ORIGIN}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it('prefers brotli, then gzip, and keeps type, Vary and the immutable cache for hashed assets', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await bytes(br)).toEqual(brotliCompressSync(bundle));

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await bytes(gz)).toEqual(gzipSync(bundle));
  });

  it('follows the client q-values and falls back when a variant was not built', async () => {
    const gzPreferred = await get('/assets/app-1a2b3c.js', 'br;q=0.4, gzip;q=0.9');
    expect(gzPreferred.headers.get('content-encoding')).toBe('gzip');

    // The CSS has no .br: a brotli-first client gets the gzip copy, with the CSS type.
    const css = await get('/assets/app-1a2b3c.css', 'br, gzip');
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await bytes(css)).toEqual(gzipSync(styles));

    const tiny = await get('/assets/tiny-9f9f9f.js', 'br, gzip');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('x()');
  });

  it('sends the plain file when nothing compressed is accepted', async () => {
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0']) {
      const response = await get('/assets/app-1a2b3c.js', header);
      expect(response.status, `Accept-Encoding: ${header}`).toBe(200);
      expect(response.headers.get('content-encoding'), `Accept-Encoding: ${header}`).toBeNull();
      expect(await response.text()).toBe(bundle);
    }
  });

  it('never fails on odd Accept-Encoding values', async () => {
    const odd = ['br;q=abc', ';;;', 'gzip;q=', '\u00e9\u00e8', 'br;q=-1, gzip;q=1e3', 'x'.repeat(4000), ',', 'br;;q=1'];
    for (const header of odd) {
      const response = await get('/assets/app-1a2b3c.js', header);
      expect(response.status, `Accept-Encoding: ${header}`).toBe(200);
      const encoding = response.headers.get('content-encoding');
      const body = await bytes(response);
      const expected = encoding === 'br' ? brotliCompressSync(bundle) : encoding === 'gzip' ? gzipSync(bundle) : Buffer.from(bundle);
      expect(body, `Accept-Encoding: ${header}`).toEqual(expected);
    }
  });

  it('compresses index.html for client routes but keeps it revalidated, and images with a short cache', async () => {
    const route = await get('/allProduct', 'gzip, br');
    expect(route.status).toBe(200);
    expect(route.headers.get('content-encoding')).toBe('br');
    expect(route.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await bytes(route)).toEqual(brotliCompressSync(indexHtml));

    const image = await get('/demo/valve.svg', 'gzip');
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('content-encoding')).toBe('gzip');
    expect(image.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers HEAD with the headers of the variant and no body', async () => {
    const response = await new Hono()
      .on(['GET', 'HEAD'], '*', createStaticHandler(root))
      .request(`${ORIGIN}/assets/app-1a2b3c.js`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('leaves small JSON API responses uncompressed', async () => {
    const { app: full } = createTestApp({ webRoot: root });
    const response = await full.request(`${ORIGIN}/api/health`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});
