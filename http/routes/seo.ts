import { Hono, type Context } from 'hono';
import type { Product } from '#domain/catalog/product.ts';
import { MAX_PAGE_SIZE } from '#domain/shared/page.ts';
import { matchesIfNoneMatch, REVALIDATE } from '../middleware/cached-json.ts';
import { messages } from '../messages.ts';
import { problemOf } from '../problem.ts';
import { cachedBodyOf, type CachedBody, type ResponseCache } from '../response-cache.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';

/**
 * The public pages that are not a product or a category: home, the catalogue, the blog, the
 * portfolio and the footer's shop pages (web/content/shop-pages.ts).
 */
export const SITEMAP_FIXED_PATHS = ['/', '/allProduct', '/blogs', '/myPortfolio', '/info/delivery', '/info/terms', '/info/privacy'] as const;

/**
 * Paths no crawler has business in: the API, every signed-in page, the cart and the account
 * forms (their content is per visitor or empty), and quick order (a tool, not a page to find).
 */
export const ROBOTS_DISALLOWED = ['/api', '/dashboard', '/editProfile', '/cart', '/quickOrder', '/login', '/signUp', '/resetPassword', '/verifyEmail'] as const;

interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string): string => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlEntry = ({ loc, lastmod }: SitemapUrl): string =>
  `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

/**
 * Every product, newest first, a page of the store's own cursor paging at a time: however large
 * the catalogue, one page of products is in memory, never all of them.
 */
async function* allProducts(ports: AppPorts): AsyncGenerator<Product> {
  let cursor: string | null = null;
  do {
    const page = await ports.store.products.list({ limit: MAX_PAGE_SIZE, cursor });
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor !== null);
}

/**
 * The sitemap files' URLs in one fixed order (fixed pages, categories, then products newest
 * first), from `from` and at most `count` of them: file N is the N-th run of `urlsPerFile`.
 */
async function* sitemapUrls(ports: AppPorts, origin: string, from: number, count: number): AsyncGenerator<SitemapUrl> {
  let index = 0;
  const end = from + count;
  const fixed = SITEMAP_FIXED_PATHS.map((path) => ({ loc: `${origin}${path}` }));
  const categories = (await ports.store.categories.listAll()).map((category) => ({ loc: `${origin}/allProduct?category=${encodeURIComponent(category.slug)}` }));
  for (const url of [...fixed, ...categories]) {
    if (index >= end) return;
    if (index++ >= from) yield url;
  }
  for await (const product of allProducts(ports)) {
    if (index >= end) return;
    if (index++ >= from) yield { loc: `${origin}/product/${encodeURIComponent(product.id)}`, lastmod: product.updatedAt };
  }
}

const answer = (c: Context, entry: CachedBody, contentType: string): Response => {
  c.header('ETag', entry.etag);
  c.header('Cache-Control', REVALIDATE);
  if (matchesIfNoneMatch(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304);
  return c.body(entry.body, 200, { 'Content-Type': contentType });
};

const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * `/sitemap.xml` (an index of `/sitemap-N.xml` past `urlsPerFile` URLs) and `/robots.txt`, with
 * absolute URLs from PUBLIC_URL (the request's own origin when it is unset, as in development).
 * Each answer is kept under the catalogue's version like the catalogue's reads, so a crawler's
 * visit walks the products once per change of the catalogue, not once per request.
 */
export const seoRoutes = (ports: AppPorts, settings: HttpSettings, cache: ResponseCache) => {
  const perFile = Math.max(1, settings.sitemapUrlsPerFile);
  const originOf = (c: Context): string => (settings.publicUrl ? settings.publicUrl.href : new URL(c.req.url).origin).replace(/\/+$/, '');

  /** The answer kept for this origin and path, or computed by `make` (null: not found) and kept. */
  const cached = async (c: Context, contentType: string, make: (origin: string) => Promise<string | null>): Promise<Response> => {
    const origin = originOf(c);
    const key = `${origin}${c.req.path}`;
    const version = cache.version();
    const hit = version === null ? undefined : cache.get(key, version);
    if (hit) return answer(c, hit, contentType);
    const text = await make(origin);
    if (text === null) return problemOf(c, 'NOT_FOUND', messages.notFound);
    const entry = cachedBodyOf(text);
    // The sitemap shows no stock, so a sale that moves only stock keeps it.
    if (version !== null) cache.set(key, version, entry, []);
    return answer(c, entry, contentType);
  };

  const fileCount = async (): Promise<number> => {
    const [categories, products] = await Promise.all([ports.store.categories.listAll(), ports.store.products.count()]);
    return Math.max(1, Math.ceil((SITEMAP_FIXED_PATHS.length + categories.length + products) / perFile));
  };

  const urlset = async (origin: string, from: number): Promise<string> => {
    const parts = [XML_HEAD, `<urlset xmlns="${NAMESPACE}">\n`];
    for await (const url of sitemapUrls(ports, origin, from, perFile)) parts.push(urlEntry(url));
    parts.push('</urlset>\n');
    return parts.join('');
  };

  return new Hono<AppEnv>()
    .get('/sitemap.xml', (c) =>
      cached(c, XML_TYPE, async (origin) => {
        const files = await fileCount();
        if (files === 1) return urlset(origin, 0);
        const entries = Array.from({ length: files }, (_, index) => `<sitemap><loc>${xml(`${origin}/sitemap-${index + 1}.xml`)}</loc></sitemap>\n`);
        return [XML_HEAD, `<sitemapindex xmlns="${NAMESPACE}">\n`, ...entries, '</sitemapindex>\n'].join('');
      }),
    )
    // The numbered parts, `/sitemap-1.xml` …; any other name under the prefix is not found.
    .get('/sitemap-*', (c) =>
      cached(c, XML_TYPE, async (origin) => {
        const number = Number(/^\/sitemap-([1-9]\d{0,5})\.xml$/.exec(c.req.path)?.[1] ?? 0);
        if (number === 0) return null;
        const files = await fileCount();
        // A catalogue small enough for one file has no numbered parts: /sitemap.xml is the list.
        if (files === 1 || number > files) return null;
        return urlset(origin, (number - 1) * perFile);
      }),
    )
    .get('/robots.txt', (c) =>
      cached(c, 'text/plain; charset=utf-8', async (origin) =>
        ['User-agent: *', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'),
      ),
    );
};
