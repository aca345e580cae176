/**
 * /sitemap.xml, its numbered parts past the per-file limit, and /robots.txt: read as a crawler
 * reads them, the XML parsed rather than matched as text.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { addProduct, createTestApp } from '../test-support.ts';
import { SITEMAP_FIXED_PATHS } from './seo.ts';

/** The little of the DOM these tests read (http's type-check has no DOM types, nor jsdom's). */
interface XmlElement {
  localName: string;
  namespaceURI: string | null;
  textContent: string | null;
  children: ArrayLike<XmlElement>;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
interface XmlDocument {
  documentElement: XmlElement;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
type DomParser = new () => { parseFromString(text: string, type: string): XmlDocument };
// jsdom's DOMParser: a real XML parser, which refuses what is not well-formed.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: DomParser } } };
const parser = new new JSDOM('').window.DOMParser();

/** The document's `<loc>`s and `<lastmod>`s, after checking it is well-formed XML of `root`. */
const read = (text: string, root: 'urlset' | 'sitemapindex') => {
  const doc = parser.parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.localName).toBe(root);
  expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const entries = Array.from(doc.documentElement.children);
  return entries.map((entry) => ({
    loc: entry.getElementsByTagName('loc')[0]?.textContent ?? '',
    lastmod: entry.getElementsByTagName('lastmod')[0]?.textContent ?? null,
  }));
};

const PUBLIC = 'https://shop.example.com';

const arrange = async (settings: { sitemapUrlsPerFile?: number; publicUrl?: URL | null } = {}) => {
  const context = createTestApp({ settings: { publicUrl: new URL(`${PUBLIC}/`), ...settings } });
  await context.store.categories.create({ id: 'c_valves', name: 'Valves', slug: 'valves', parentId: null, createdAt: new Date('2026-01-01T00:00:00Z') });
  const products = [];
  for (let index = 0; index < 5; index += 1) products.push(await addProduct(context.store));
  return { ...context, products };
};

describe('GET /sitemap.xml', () => {
  it('lists every fixed page, category and product with absolute URLs from PUBLIC_URL, products with their lastmod', async () => {
    const { call, products } = await arrange();
    const response = await call('GET', '/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const urls = read(response.text, 'urlset');
    expect(urls).toHaveLength(SITEMAP_FIXED_PATHS.length + 1 + products.length);
    const locs = urls.map(({ loc }) => loc);
    expect(locs).toEqual(expect.arrayContaining([`${PUBLIC}/`, `${PUBLIC}/allProduct`, `${PUBLIC}/blogs`, `${PUBLIC}/myPortfolio`, `${PUBLIC}/info/privacy`, `${PUBLIC}/allProduct?category=valves`]));
    for (const product of products) {
      const entry = urls.find(({ loc }) => loc === `${PUBLIC}/product/${product.id}`);
      expect(entry?.lastmod).toBe(product.updatedAt.toISOString());
    }
    expect(locs.every((loc) => loc.startsWith(`${PUBLIC}/`))).toBe(true);
  });

  it('escapes what XML would read as markup', async () => {
    const { call } = await arrange({ publicUrl: new URL('https://shop.example.com/tools&parts/') });
    const response = await call('GET', '/sitemap.xml');
    expect(response.text).toContain('https://shop.example.com/tools&amp;parts/allProduct');
    expect(read(response.text, 'urlset')[0]?.loc).toBe('https://shop.example.com/tools&parts/');
  });

  it('becomes an index of files of at most the limit each past it, which together list every URL once', async () => {
    const { call, products } = await arrange({ sitemapUrlsPerFile: 5 });
    const total = SITEMAP_FIXED_PATHS.length + 1 + products.length; // 13: three files
    const index = await call('GET', '/sitemap.xml');
    expect(index.status).toBe(200);
    const files = read(index.text, 'sitemapindex').map(({ loc }) => loc);
    expect(files).toEqual([`${PUBLIC}/sitemap-1.xml`, `${PUBLIC}/sitemap-2.xml`, `${PUBLIC}/sitemap-3.xml`]);

    const listed: string[] = [];
    for (const file of files) {
      const part = await call('GET', new URL(file).pathname);
      expect(part.status).toBe(200);
      const urls = read(part.text, 'urlset');
      expect(urls.length).toBeLessThanOrEqual(5);
      listed.push(...urls.map(({ loc }) => loc));
    }
    expect(listed).toHaveLength(total);
    expect(new Set(listed).size).toBe(total);
    for (const product of products) expect(listed).toContain(`${PUBLIC}/product/${product.id}`);

    expect((await call('GET', '/sitemap-4.xml')).status).toBe(404);
    for (const name of ['/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-1.txt', '/sitemap-x.xml', '/sitemap-1.xml.gz']) expect((await call('GET', name)).status, name).toBe(404);
  });

  it('has no numbered parts while one file holds every URL', async () => {
    const { call } = await arrange();
    expect((await call('GET', '/sitemap-1.xml')).status).toBe(404);
  });

  it('answers a repeat with the same entity tag, 304 to If-None-Match, and a new list once a product is added', async () => {
    const { call, store } = await arrange();
    const first = await call('GET', '/sitemap.xml');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await call('GET', '/sitemap.xml', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const added = await addProduct(store);
    const after = await call('GET', '/sitemap.xml');
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(read(after.text, 'urlset').map(({ loc }) => loc)).toContain(`${PUBLIC}/product/${added.id}`);
  });

  it('takes the request’s own origin when PUBLIC_URL is unset', async () => {
    const { call } = await arrange({ publicUrl: null });
    expect(read((await call('GET', '/sitemap.xml')).text, 'urlset')[0]?.loc).toBe('http://localhost/');
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the API and the private pages and names the sitemap’s absolute URL', async () => {
    const { call } = await arrange();
    const response = await call('GET', '/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = response.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api', '/dashboard', '/cart', '/login']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(lines.some((line) => /^Disallow: \/(product|allProduct|blogs)?$/.test(line))).toBe(false);
  });
});
