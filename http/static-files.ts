import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context } from 'hono';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/** Vite puts content-hashed names under /assets: they never change, so they are cached forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
/** index.html names the current hashed bundles, so browsers must revalidate it. */
const REVALIDATE = 'no-cache';

const ENCODINGS = [
  { token: 'br', suffix: '.br' },
  { token: 'gzip', suffix: '.gz' },
] as const;

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bulkhead</title></head>
<body><main><h1>Bulkhead</h1><p>The web app is not built yet. Run <code>npm run build</code>, then reload this page.</p></main></body></html>`;

/**
 * Every public page asks first whether its path is a built file (it is not): a missing file is
 * answered without the exception (and its stack) an ENOENT from fs/promises' stat costs, and a
 * stat of a local directory entry is microseconds, less than the thread-pool round trip.
 */
const isFile = async (path: string): Promise<boolean> => {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false; // ENOTDIR, EACCES, a name too long: not a file we serve
  }
};

/**
 * The q-value the client gives `token` in Accept-Encoding: 0 when refused or not named (a `*`
 * entry stands for every encoding not named). Malformed entries are ignored rather than refused
 * with an error: a strange header must only ever cost the compression, never the page.
 */
export const qualityOf = (header: string | undefined, token: string): number => {
  let named: number | null = null;
  let wildcard = 0;
  for (const part of (header ?? '').split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    if (!Number.isFinite(q) || q < 0 || q > 1) continue;
    if (name === token) named = Math.max(named ?? 0, q);
    else if (name === '*') wildcard = Math.max(wildcard, q);
  }
  return named ?? wildcard;
};

/** The encodings to try, best first: the client's preference, brotli before gzip on a tie. */
const encodingsFor = (header: string | undefined) =>
  ENCODINGS.map((encoding) => ({ ...encoding, q: qualityOf(header, encoding.token) }))
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q);

/**
 * Serves the built SPA from `root`: files with their cache policy, a precompressed .br/.gz
 * sibling when the client accepts it, a rendered page when `renderPage` answers one, and
 * index.html for every other GET (client-side routes).
 * /api is never handled here, so unknown API paths stay JSON 404s.
 */
export const createStaticHandler = (root: string | null | undefined, renderPage?: (c: Context) => Promise<Response | null>) => {
  const base = root ? resolve(root) : null;

  /** Maps a URL path to a file under root, refusing anything that escapes it. */
  const fileFor = (urlPath: string): string | null => {
    if (!base) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const path = resolve(base, `.${decoded}`);
    return path === base || path.startsWith(base + sep) ? path : null;
  };

  const body = async (c: Context, path: string) =>
    c.req.method === 'HEAD' ? c.body(null) : c.body(new Uint8Array(await readFile(path)));

  const send = async (c: Context, path: string, cacheControl: string) => {
    const type = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    c.header('Content-Type', type);
    c.header('Cache-Control', cacheControl);
    c.header('Vary', 'Accept-Encoding');
    for (const { token, suffix } of encodingsFor(c.req.header('accept-encoding'))) {
      if (await isFile(path + suffix)) {
        c.header('Content-Encoding', token);
        return body(c, path + suffix);
      }
    }
    return body(c, path);
  };

  return async (c: Context) => {
    const path = fileFor(c.req.path);
    if (path && (await isFile(path))) {
      const cache = path.endsWith('.html') ? REVALIDATE : c.req.path.startsWith('/assets/') ? IMMUTABLE : SHORT;
      return send(c, path, cache);
    }
    // A missing hashed bundle is a stale page asking for an old build: HTML would only confuse it.
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    // A public page the server renders (page-rendering.ts); the others keep the shell below.
    const rendered = renderPage ? await renderPage(c) : null;
    if (rendered) return rendered;
    const index = base ? join(base, 'index.html') : null;
    if (index && (await isFile(index))) return send(c, index, REVALIDATE);
    c.header('Cache-Control', REVALIDATE);
    return c.html(NOT_BUILT_PAGE, 200);
  };
};
