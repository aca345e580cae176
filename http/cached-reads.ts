/**
 * Cached public reads answered before Hono sees the request.
 *
 * A catalogue page or product already in its route's response cache (middleware/cached-json.ts)
 * under the current data version is the same bytes for every visitor. Answering it through Hono
 * cost more than the database read it replaced: routing, the middleware chain, and a WHATWG
 * `Headers` object built, validated and copied for a dozen headers. Here a hit is answered
 * directly with a response carrying a plain header object, and everything the middleware chain
 * adds to such an answer is added here from the same sources: the request id (a sane incoming
 * one kept), the site-wide security headers, the entity tag and `Cache-Control: no-cache` (304 on
 * a matching If-None-Match), and the access-log line. A miss, any other method (HEAD included) or
 * anything unexpected goes to Hono as before, so the routes stay the one place that computes,
 * validates and stores an answer: only a key a route stored can ever be answered here.
 */
import type { IncomingMessage } from 'node:http';
import { getPath } from 'hono/utils/url';
import type { Logger } from './logger.ts';
import { matchesIfNoneMatch, requestKey, REVALIDATE, type CachedJson } from './middleware/cached-json.ts';
import { logRequest, requestIdFrom } from './middleware/request-log.ts';
import type { HeaderPair } from './middleware/security-headers.ts';

export interface CachedRoute {
  /** The path the route group is mounted on, e.g. `/api/products`. */
  prefix: string;
  cached: CachedJson;
}

/** @hono/node-server hands node's request to `fetch` as its second argument. */
const incomingOf = (env: unknown): IncomingMessage | undefined => (env as { incoming?: IncomingMessage } | undefined)?.incoming;

/**
 * A function that answers a GET from the given routes' caches, or returns undefined for Hono to
 * handle the request.
 */
export function answerCachedReads(routes: readonly CachedRoute[], siteHeaders: readonly HeaderPair[], logger: Logger) {
  const base: Record<string, string> = Object.fromEntries(siteHeaders);
  base['cache-control'] = REVALIDATE;

  return (request: Request, env?: unknown): Response | undefined => {
    if (request.method !== 'GET') return undefined;
    const started = performance.now();
    const key = requestKey(request.url);
    const route = routes.find(({ prefix }) => key.startsWith(prefix) && (key.length === prefix.length || key[prefix.length] === '/' || key[prefix.length] === '?'));
    if (!route) return undefined;
    let entry;
    try {
      entry = route.cached.peek(key);
    } catch {
      return undefined; // the version check failed: the route answers (or reports) it
    }
    if (!entry) return undefined;

    // Node has already parsed the headers; the Request's own Headers object would be built anew.
    const incoming = incomingOf(env);
    const header = (name: string): string | undefined =>
      incoming ? (incoming.headers[name] as string | undefined) : (request.headers.get(name) ?? undefined);
    const requestId = requestIdFrom(header('x-request-id'));
    const notModified = matchesIfNoneMatch(header('if-none-match'), entry.etag);
    const headers: Record<string, string> = { ...base, etag: entry.etag, 'x-request-id': requestId };
    if (!notModified) headers['content-type'] = 'application/json';
    const status = notModified ? 304 : 200;
    logRequest(logger, { requestId, method: 'GET', path: getPath(request), status, started });
    return new Response(notModified ? null : entry.body, { status, headers });
  };
}
