/**
 * The storefront's public pages answered as HTML (docs/storefront.md, "How a page is served"):
 * rendered by the SSR build of the web app (web/entry-server.tsx), cached with the catalogue's
 * version like the JSON reads (response-cache.ts), with an entity tag and 304s. http/ never
 * imports React: the renderer arrives as a port (ports.ts, PageRendererFactory).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { StorageFailure } from '#domain/shared/errors.ts';
import type { Logger } from './logger.ts';
import { matchesIfNoneMatch, REVALIDATE, requestKey } from './middleware/cached-json.ts';
import { contentSecurityPolicy } from './middleware/security-headers.ts';
import type { PageRendererFactory, RenderPage } from './ports.ts';
import { cachedBodyOf, type CachedBody, type ResponseCache } from './response-cache.ts';
import { encodedBody, pageEncodingFor, type EncodableBody, type PageEncoding } from './page-encoding.ts';

/** Where the SSR build puts the renderer, and where the client build names its entry files. */
export const SSR_ENTRY = 'entry-server.js';
export const CLIENT_MANIFEST = join('.vite', 'manifest.json');

interface ServerEntry {
  createPageRenderer(options: { api: (request: Request) => Promise<Response>; siteUrl: string; clientManifest: unknown }): RenderPage;
}

/**
 * The renderer of the SSR build in `serverRoot` for the client build in `webRoot`, or null when
 * either is not built (every page is then the SPA shell, as before the storefront was rendered).
 */
export async function loadPageRenderer(serverRoot: string, webRoot: string, siteUrl: string): Promise<PageRendererFactory | null> {
  const entry = join(serverRoot, SSR_ENTRY);
  const manifest = join(webRoot, CLIENT_MANIFEST);
  if (!existsSync(entry) || !existsSync(manifest)) return null;
  const module = (await import(pathToFileURL(entry).href)) as ServerEntry;
  const clientManifest: unknown = JSON.parse(await readFile(manifest, 'utf8'));
  return (api) => module.createPageRenderer({ api, siteUrl, clientManifest });
}

/**
 * A rendered page kept for the next visitor: its bytes (and their compressed forms, made on first
 * use: page-encoding.ts), tag, status and the policy its scripts need.
 */
export interface CachedPage extends CachedBody, EncodableBody {
  status: number;
  policy: string;
  /** Its answers made so far (pageAnswer), by kind. */
  answers: Partial<Record<AnswerKind, PageAnswer>>;
}

export const cachedPageOf = (html: string, status: number): CachedPage => ({ ...cachedBodyOf(html), encoded: {}, answers: {}, status, policy: policyFor(html) });

/** What a page answer is made of besides the site-wide headers and the request id. */
export interface PageAnswer {
  status: number;
  /** Lower-case names, in the order they are set. Shared by every visitor: never changed. */
  headers: readonly (readonly [name: string, value: string])[];
  /** Null for a 304. */
  body: Uint8Array | null;
}

/**
 * The one home of a page answer's headers and body, for Hono's answer (createPageHandler) and the
 * door before Hono (cached-reads.ts) alike: its policy, cache policy, tag, Vary, a 304 on a
 * matching If-None-Match (a 200 only), the type and the body in the encoding the client prefers.
 */
export const pageAnswer = (page: CachedPage, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): PageAnswer => {
  const kind = page.status === 200 && matchesIfNoneMatch(ifNoneMatch, page.etag) ? 'not-modified' : (pageEncodingFor(acceptEncoding) ?? 'plain');
  // The same few answers for every visitor of a kept page: each is made once, with the page.
  return (page.answers[kind] ??= answerOf(page, kind));
};

type AnswerKind = 'not-modified' | 'plain' | PageEncoding;

const answerOf = (page: CachedPage, kind: AnswerKind): PageAnswer => {
  const headers: [name: string, value: string][] = [
    ['content-security-policy', page.policy],
    ['cache-control', page.status >= 500 ? 'no-store' : REVALIDATE],
    ['etag', page.etag],
    ['vary', 'Accept-Encoding'],
  ];
  if (kind === 'not-modified') return { status: 304, headers, body: null };
  headers.push(['content-type', 'text/html; charset=utf-8']);
  if (kind === 'plain') return { status: page.status, headers, body: page.body };
  headers.push(['content-encoding', kind]);
  return { status: page.status, headers, body: encodedBody(page, kind) };
};

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The page's Content-Security-Policy: the site's, with the hash of each inline script the page
 * carries (the router's dehydrated state), so those run and no injected one does.
 */
export const policyFor = (html: string): string => {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
    if (body) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return contentSecurityPolicy([...hashes]);
};

const ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong | Bulkhead</title><meta name="robots" content="noindex"></head>
<body><main><h1>Something went wrong</h1><p>This page could not be shown just now. Please try again in a moment, or <a href="/">go to the home page</a>.</p></main></body></html>`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The small page a public page is answered with while the database cannot serve (503). */
export const unavailablePage = (message: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Back in a moment | Bulkhead</title><meta name="robots" content="noindex"></head>
<body><main><h1>Back in a moment</h1><p>${escapeHtml(message)}</p><p>This page will load again as soon as it can; <a href="">try again</a> in a few seconds.</p></main></body></html>`;

/** What the page handler asks when a render failed: does the database serve, and if not, what to say. */
export interface PageStorage {
  /** The storage failure still shown (an outage already met, or a failed ping), or null (storage-watch.ts). */
  check(): Promise<StorageFailure | null>;
  retryAfterSeconds: Record<StorageFailure, number>;
  messages: Record<StorageFailure, string>;
}

export interface PageHandlerOptions {
  render: RenderPage;
  cache: ResponseCache<CachedPage>;
  logger: Logger;
  /** When given, a render that failed while the database cannot serve answers 503, not 500. */
  storage?: PageStorage;
}

/**
 * Answers a page, or null when the page stays client-rendered (the caller sends the SPA shell).
 * Only 2xx and 4xx pages are kept: a 500 is never served twice from memory.
 */
export function createPageHandler({ render, cache, logger, storage }: PageHandlerOptions) {
  /**
   * A page that could not be rendered because the database cannot serve (docs/storefront.md, "How
   * a page is served"): 503 with Retry-After and a short page saying so. The outage itself is
   * logged once by the storage watch, as for the API; this request's line is a warning.
   */
  const unavailable = async (c: Context): Promise<Response | null> => {
    const failure = storage ? await storage.check().catch(() => 'unreachable' as const) : null;
    if (!storage || !failure) return null;
    c.set('logLevel', 'warn');
    c.header('Cache-Control', 'no-store');
    c.header('Retry-After', String(storage.retryAfterSeconds[failure]));
    return c.html(unavailablePage(storage.messages[failure]), 503);
  };

  const handle = async (c: Context): Promise<Response | null> => {
    const key = requestKey(c.req.url);
    let version: string | null;
    try {
      version = cache.version();
    } catch (error) {
      // Reading the catalogue's version is the first thing to fail when the database is down.
      const answer = await unavailable(c);
      if (answer) return answer;
      throw error;
    }
    let page = version === null ? undefined : cache.get(key, version);
    if (!page) {
      let rendered;
      try {
        rendered = await render(key);
      } catch (error) {
        const answer = await unavailable(c);
        if (answer) return answer;
        logger.error('page render failed', {
          requestId: c.get('requestId') as string | undefined,
          path: c.req.path,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
        // The failure is the one error line; the request's own line stays a warning.
        c.set('logLevel', 'warn');
        c.header('Cache-Control', 'no-store');
        return c.html(ERROR_PAGE, 500);
      }
      if (rendered === null) return null;
      if (rendered.location !== undefined) {
        c.header('Cache-Control', 'no-store');
        return c.redirect(rendered.location, rendered.status === 308 ? 308 : 307);
      }
      if (rendered.status >= 500) {
        const answer = await unavailable(c);
        if (answer) return answer;
      }
      page = cachedPageOf(rendered.html, rendered.status);
      if (rendered.status >= 500) {
        c.set('logLevel', 'warn');
        logger.error('page rendered with an error', { requestId: c.get('requestId') as string | undefined, path: c.req.path, status: rendered.status });
      } else if (version !== null) cache.set(key, version, page, null);
      // A page the cache did not take (it is off, or the page is larger than it) goes to this visitor alone.
      if (version === null || rendered.status >= 500 || cache.get(key, version) !== page) page.once = true;
    }
    const answer = pageAnswer(page, c.req.header('if-none-match'), c.req.header('accept-encoding'));
    for (const [name, value] of answer.headers) c.header(name, value);
    if (answer.body === null || c.req.method === 'HEAD') return c.body(null, answer.status as 200);
    return c.body(answer.body as Uint8Array<ArrayBuffer>, answer.status as 200);
  };

  /**
   * The page kept for `key` (requestKey: path and query) under the catalogue's version of this
   * moment, or undefined: what the handler would answer without rendering (the door before Hono,
   * cached-reads.ts).
   */
  const peek = (key: string): CachedPage | undefined => {
    const version = cache.version();
    return version === null ? undefined : cache.get(key, version);
  };

  return Object.assign(handle, { peek });
}
