/**
 * The public pages as the real SSR build renders them (docs/storefront.md, "How a page is served"):
 * the web build is made when stale, as for the journeys, and served by the app in-process.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addProduct, createTestApp } from '../../http/test-support.ts';
import { loadPageRenderer } from '../../http/page-rendering.ts';
import { buildWeb, needsWebBuild } from '../../scripts/web-build.mjs';
import { repoRoot } from '../support/server.ts';
import { catalogueChoicesIgnoredText, labels } from '../../web/lib/labels.ts';

const SITE = 'https://shop.example';

let context: ReturnType<typeof createTestApp>;
let product: Awaited<ReturnType<typeof addProduct>>;

beforeAll(async () => {
  if (needsWebBuild(repoRoot)) expect(await buildWeb(repoRoot, { quiet: true })).toBe(0);
  const pageRenderer = await loadPageRenderer(join(repoRoot, 'dist-server'), join(repoRoot, 'dist'), SITE);
  expect(pageRenderer).not.toBeNull();
  context = createTestApp({ pageRenderer, webRoot: join(repoRoot, 'dist') });
  product = await addProduct(context.store, {
    name: 'Galvanised hex bolt M8',
    sku: 'HB-M8-100',
    description: 'Zinc-plated steel hex bolt, M8 x 40 mm, for outdoor frames.',
    priceCents: 1234,
    imageUrl: '/demo/products/wrench.svg',
  });
  await addProduct(context.store, { name: 'Stainless wing nut M6', sku: 'WN-M6' });
}, 180_000);

const get = (path: string, headers: Record<string, string> = {}) => context.app.request(path, { headers });

/** The head's tags as text, and the page's visible text without tags. */
const headOf = (html: string) => /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(headOf(html))?.[1];
/** The schema.org JSON-LD documents in the head, parsed. */
const jsonLdOf = (html: string): Record<string, unknown>[] =>
  [...headOf(html).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the public pages as HTML', () => {
  it('a product page holds the product (name, part number, price) and its head tags, with the product image', async () => {
    const response = await get(`/product/${product.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain('Galvanised hex bolt M8');
    expect(text).toContain('HB-M8-100');
    expect(text).toContain('$12.34');
    expect(headOf(html)).toContain('<title>Galvanised hex bolt M8 | Bulkhead</title>');
    expect(metaContent(html, 'name', 'description')).toBe('Galvanised hex bolt M8: Zinc-plated steel hex bolt, M8 x 40 mm, for outdoor frames.');
    expect(headOf(html)).toContain(`<link rel="canonical" href="${SITE}/product/${product.id}"/>`);
    expect(metaContent(html, 'property', 'og:image')).toBe(`${SITE}/demo/products/wrench.svg`);
    expect(metaContent(html, 'property', 'og:title')).toBe('Galvanised hex bolt M8 | Bulkhead');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`${SITE}/demo/products/wrench.svg`);
    // The data travels in the page for hydration, and the client's entry script is named.
    expect(html).toContain('$_TSR');
    expect(html).toMatch(/<script type="module" src="\/assets\/index-[\w-]+\.js"/);
    expect(gzipSync(html).byteLength).toBeLessThanOrEqual(30 * 1024);
  });

  it('a product page tells search engines the product and its breadcrumb in JSON-LD, home the shop and its site search', async () => {
    const [productLd, breadcrumb] = jsonLdOf(await (await get(`/product/${product.id}`)).text());
    expect(productLd).toMatchObject({
      '@type': 'Product',
      name: 'Galvanised hex bolt M8',
      sku: 'HB-M8-100',
      description: 'Zinc-plated steel hex bolt, M8 x 40 mm, for outdoor frames.',
      image: [`${SITE}/demo/products/wrench.svg`],
      offers: { '@type': 'Offer', price: '12.34', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: `${SITE}/product/${product.id}` },
    });
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((breadcrumb!.itemListElement as { item: string }[]).at(-1)?.item).toBe(`${SITE}/product/${product.id}`);
    const [home] = jsonLdOf(await (await get('/')).text());
    const graph = home!['@graph'] as { '@type': string; potentialAction?: { target: { urlTemplate: string } } }[];
    expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'WebSite']);
    expect(graph[1]!.potentialAction?.target.urlTemplate).toBe(`${SITE}/allProduct?q={search_term_string}`);
  });

  it('the catalogue, home, blogs, portfolio and a footer page are rendered with their content and canonical URL', async () => {
    const pages = [
      { path: '/allProduct', text: 'Stainless wing nut M6', canonical: '/allProduct', title: 'All Products | Bulkhead' },
      { path: '/allProduct?q=bolt', text: 'Galvanised hex bolt M8', canonical: '/allProduct', title: 'All Products | Bulkhead' },
      { path: '/', text: 'Galvanised hex bolt M8', canonical: '/', title: 'Hardware parts and tools in bulk | Bulkhead' },
      { path: '/blogs', text: 'Our Blogs', canonical: '/blogs', title: 'Our Blogs | Bulkhead' },
      { path: '/myPortfolio', text: 'My Portfolio', canonical: '/myPortfolio', title: 'My Portfolio | Bulkhead' },
      { path: '/info/delivery', text: 'How a paid order reaches your site.', canonical: '/info/delivery', title: 'Delivery | Bulkhead' },
    ];
    for (const page of pages) {
      const response = await get(page.path);
      expect(response.status, page.path).toBe(200);
      const html = await response.text();
      expect(textOf(html), page.path).toContain(page.text);
      expect(headOf(html), page.path).toContain(`<title>${page.title}</title>`);
      expect(headOf(html), page.path).toContain(`<link rel="canonical" href="${SITE}${page.canonical}"/>`);
      expect(metaContent(html, 'name', 'description'), page.path).toBeTruthy();
    }
    // A search narrows what is rendered: the wing nut is not a bolt.
    expect(textOf(await (await get('/allProduct?q=bolt')).text())).not.toContain('Stainless wing nut M6');
  });

  it('an unknown product and an unknown path are the not-found page with 404, kept out of search engines', async () => {
    for (const path of ['/product/no-such-product', '/no/such/page', '/info/no-such-page']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(textOf(html), path).toContain('Page not found');
      expect(metaContent(html, 'name', 'robots'), path).toBe('noindex');
    }
  });

  it('a bad search parameter never fails the catalogue: the cleaned search is rendered with the problem explained', async () => {
    const response = await get('/allProduct?minPrice=abc&sort=bogus&q=bolt');
    expect(response.status).toBe(307);
    const cleaned = new URL(response.headers.get('location')!, 'http://localhost');
    expect(cleaned.pathname).toBe('/allProduct');
    expect(cleaned.searchParams.get('q')).toBe('bolt');
    expect(cleaned.searchParams.has('minPrice')).toBe(false);
    expect(cleaned.searchParams.has('sort')).toBe(false);
    const page = await get(cleaned.pathname + cleaned.search);
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain('Galvanised hex bolt M8');
    expect(text).toContain(catalogueChoicesIgnoredText(['minPrice', 'sort']));
  });

  it('answers an unchanged page with 304 on its entity tag, and a changed catalogue with a new page', async () => {
    const first = await get('/allProduct');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/allProduct', { 'If-None-Match': etag })).status).toBe(304);

    await addProduct(context.store, { name: 'Brass hinge 75 mm', sku: 'BH-75' });
    const changed = await get('/allProduct', { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(textOf(await changed.text())).toContain('Brass hinge 75 mm');
  });

  it('sends a signed-in visitor the same bytes as anyone: the HTML holds nothing personal', async () => {
    const { token, user } = await context.signUp({ name: 'Priya Contractor' });
    // The cookie is a real session: the API answers it with the account.
    expect((await context.call('GET', '/api/me', { cookie: token })).status).toBe(200);
    for (const path of ['/', `/product/${product.id}`, '/allProduct']) {
      const anonymous = await (await get(path)).text();
      const signedIn = await (await get(path, { Cookie: `session=${token}`, Authorization: `Bearer ${token}` })).text();
      expect(signedIn, path).toBe(anonymous);
      expect(signedIn, path).not.toContain(user.email);
      expect(signedIn, path).not.toContain('Priya Contractor');
    }
  });

  it("preloads a page's own route chunks beside the entry, so splitting a route costs no round trip", async () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    for (const [path, key] of [
      ['/', 'routes/index.tsx?tsr-split=component'],
      [`/product/${product.id}`, 'routes/product.$productId.tsx?tsr-split=component'],
      ['/allProduct', 'routes/allProduct.tsx?tsr-split=component'],
    ] as const) {
      const html = await (await get(path)).text();
      expect(headOf(html), path).toContain(`<link rel="modulepreload" href="/${manifest[key]!.file}"`);
    }
  });

  it("says without JavaScript that ordering needs it, where the product page's buy box would be", async () => {
    const html = await (await get(`/product/${product.id}`)).text();
    expect(html).toMatch(new RegExp(`<noscript>[\\s\\S]*${labels.orderingNeedsJavaScript.replace(/[.:]/g, '\\$&')}[\\s\\S]*</noscript>`));
  });

  it("gives a phone without JavaScript the menu's links, since its menu button cannot open", async () => {
    const html = await (await get('/allProduct')).text();
    const fallback = /<noscript>(.*?)<\/noscript>/s.exec(html.slice(html.indexOf('<header')))?.[1] ?? '';
    for (const path of ['/', '/allProduct', '/blogs', '/myPortfolio']) expect(fallback).toContain(`href="${path}"`);
    expect(html).toMatch(/<button[^>]*class="[^"]*noscript:hidden[^"]*"[^>]*aria-controls="mobile-menu"/);
  });

  it('keeps signed-in pages and forms as the SPA shell', async () => {
    for (const path of ['/dashboard', '/cart', '/login']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain('<div id="root">');
      expect(html, path).not.toContain('$_TSR');
    }
  });
});
