/**
 * Cached public reads answered on Node's own request and response, before Hono sees them.
 *
 * A catalogue page or product already in its route's response cache (middleware/cached-json.ts)
 * under the current data version is the same bytes for every visitor. Answering it through Hono
 * cost more than the database read it replaced: a WHATWG Request and Response wrapped around
 * Node's, routing, the middleware chain, and a header object built and copied for a dozen
 * headers. Here a hit is written straight to Node's response with one precomputed header list,
 * and everything the middleware chain adds to such an answer is added from the same sources: the
 * request id (a sane incoming one kept), the site-wide security headers, the entity tag and
 * `Cache-Control: no-cache` (304 on a matching If-None-Match), and the access-log line.
 *
 * A public page the server rendered (page-rendering.ts) and keeps under the current catalogue
 * version is answered the same way: the same bytes for every visitor (signed in or not: the page
 * never carries who asks), with the headers page-rendering.ts's `pageAnswer` gives Hono's answer
 * (its own Content-Security-Policy in place of the site's, the tag and 304, Vary, the body
 * compressed once per kept page as Accept-Encoding prefers).
 *
 * A request carrying a session is answered here too when its route prices for members (the
 * catalogue's page, product and typeahead: member-prices.ts, `answerFor`): the anonymous hit is priced for
 * the caller (the session checked as on every request, against the user's current session version,
 * then the member's terms read), or given as it is to a visitor-like caller. A storage failure on
 * the way hands the request to Hono, which reports it as a route would. Any other signed-in JSON
 * read, a miss,
 * any other method (HEAD included), a target or Host that @hono/node-server would rewrite
 * or refuse (percent-escapes, dot segments, absolute forms, unusual characters), and anything
 * unexpected go to Hono as before, so the routes stay the one place that computes, validates and
 * stores an answer: only a key a route stored can ever be answered here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger.ts';
import { matchesIfNoneMatch, REVALIDATE, type CachedJson } from './middleware/cached-json.ts';
import { logRequest, requestIdFrom } from './middleware/request-log.ts';
import type { HeaderPair } from './middleware/security-headers.ts';
import { SESSION_COOKIE, sessionTokenFromHeaders } from './middleware/session.ts';
import type { MemberPrices, MemberRead } from './member-prices.ts';
import { pageAnswer, type CachedPage, type PageAnswer } from './page-rendering.ts';
import type { CachedBody } from './response-cache.ts';

export interface CachedRoute {
  /** The path the route group is mounted on, e.g. `/api/products`. */
  prefix: string;
  cached: CachedJson;
  /** Set when the group's page (the prefix itself), typeahead (`prefix/suggest`) and item (`prefix/:id`) carry a member's prices. */
  members?: Pick<MemberPrices, 'answerFor'>;
}

/** The kept public pages (page-rendering.ts, createPageHandler). */
export interface CachedPages {
  peek(key: string): CachedPage | undefined;
}

/** Paths that are never a rendered page: the API, and uploaded files with their own headers (app.ts). */
const NOT_PAGES = /^\/(?:api|uploads)(?:[/?]|$)/;

/**
 * Answers the request (now, or once a signed-in caller's prices are read) and returns true, or
 * returns false having touched nothing. `fallback` hands a request it took to Hono after all.
 */
export type CachedReads = (incoming: IncomingMessage, outgoing: ServerResponse, fallback: () => void) => boolean;

/**
 * Which member-priced read a path is (member-prices.ts), or null: the page is the prefix, the
 * typeahead `prefix/suggest`, a product one segment below it.
 */
const memberReadOf = (prefix: string, path: string): MemberRead | null => {
  if (path === prefix) return 'page';
  const rest = path.slice(prefix.length + 1);
  if (path[prefix.length] !== '/' || rest === '' || rest.includes('/')) return null;
  return rest === 'suggest' ? 'suggestions' : 'product';
};

/**
 * A path and query @hono/node-server passes to Hono unchanged: origin form, plain characters, no
 * percent-escape (Hono would decode the logged path) and no dot segment (it would resolve it).
 */
const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@/?]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
/** A Host @hono/node-server takes as it is; anything else it checks (and may refuse) itself. */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$/;

/**
 * A request that may come from a company member, whose catalogue reads carry their own prices
 * (http/member-prices.ts): a session cookie or a bearer token. Only routes that price for members
 * answer it here; Hono answers it on every other, from the same cache.
 */
const SESSION_COOKIE_AT = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);
const carriesSession = (incoming: IncomingMessage): boolean =>
  incoming.headers.authorization !== undefined || SESSION_COOKIE_AT.test(incoming.headers.cookie ?? '');

/** The route whose cache may hold `key`: its prefix followed by the end, `/` or `?`. */
const routeOf = (routes: readonly CachedRoute[], key: string): CachedRoute | undefined =>
  routes.find(({ prefix }) => key.startsWith(prefix) && (key.length === prefix.length || key[prefix.length] === '/' || key[prefix.length] === '?'));

export function answerCachedReads(routes: readonly CachedRoute[], siteHeaders: readonly HeaderPair[], logger: Logger, pages?: CachedPages): CachedReads {
  // Node takes a flat [name, value, ...] list as it is; only the last few differ per answer.
  const base = [...siteHeaders.flat(), 'cache-control', REVALIDATE];
  // A page sends its own policy (its inline scripts' hashes) in place of the site's.
  const pageBase = siteHeaders.filter(([name]) => name !== 'content-security-policy').flat();

  // Each kept page's answers (pageAnswer) as Node's flat list, site headers and length included: made once.
  const flatLists = new WeakMap<PageAnswer, string[]>();
  const doorHeaders = (answer: PageAnswer): string[] => {
    let list = flatLists.get(answer);
    if (!list) {
      list = [...pageBase, ...answer.headers.flat()];
      if (answer.body !== null) list.push('content-length', String(answer.body.byteLength));
      flatLists.set(answer, list);
    }
    return list;
  };

  const pathOf = (key: string): string => {
    const query = key.indexOf('?');
    return query === -1 ? key : key.slice(0, query);
  };

  const writeJson = (incoming: IncomingMessage, outgoing: ServerResponse, path: string, entry: CachedBody, started: number) => {
    const { headers } = incoming;
    const requestId = requestIdFrom(headers['x-request-id'] as string | undefined);
    const notModified = matchesIfNoneMatch(headers['if-none-match'], entry.etag);
    const answer = [...base, 'etag', entry.etag, 'x-request-id', requestId];
    if (notModified) {
      outgoing.writeHead(304, answer).end();
    } else {
      answer.push('content-type', 'application/json', 'content-length', String(entry.body.byteLength));
      outgoing.writeHead(200, answer).end(entry.body);
    }
    logRequest(logger, { requestId, method: 'GET', path, status: notModified ? 304 : 200, started });
  };

  const answerJson = (incoming: IncomingMessage, outgoing: ServerResponse, route: CachedRoute, key: string, started: number, fallback: () => void): boolean => {
    const path = pathOf(key);
    let token: string | null = null;
    let read: MemberRead | null = null;
    if (carriesSession(incoming)) {
      read = route.members ? memberReadOf(route.prefix, path) : null;
      token = read && sessionTokenFromHeaders(incoming.headers.authorization, incoming.headers.cookie);
      if (!read || !token) return false;
    }
    let entry;
    try {
      entry = route.cached.peek(key);
    } catch {
      return false; // the version check failed: the route answers (or reports) it
    }
    if (!entry) return false;
    if (!token || !read || !route.members) {
      writeJson(incoming, outgoing, path, entry, started);
      return true;
    }
    route.members.answerFor(token, entry, read).then(
      (answer) => writeJson(incoming, outgoing, path, answer, started),
      () => fallback(),
    );
    return true;
  };

  const answerPage = (incoming: IncomingMessage, outgoing: ServerResponse, cachedPages: CachedPages, key: string, started: number): boolean => {
    let page;
    try {
      page = cachedPages.peek(key);
    } catch {
      return false; // the version check failed: the page handler answers (or reports) it
    }
    if (!page) return false;

    const { headers } = incoming;
    const requestId = requestIdFrom(headers['x-request-id'] as string | undefined);
    const answer = pageAnswer(page, headers['if-none-match'], headers['accept-encoding']);
    const { status, body } = answer;
    outgoing.writeHead(status, [...doorHeaders(answer), 'x-request-id', requestId]).end(body ?? undefined);
    logRequest(logger, { requestId, method: 'GET', path: pathOf(key), status, started });
    return true;
  };

  return (incoming, outgoing, fallback) => {
    if (incoming.method !== 'GET') return false;
    const started = performance.now();
    const key = incoming.url ?? '';
    if (!PLAIN_TARGET.test(key) || DOT_SEGMENT.test(key) || !PLAIN_HOST.test(incoming.headers.host ?? '')) return false;
    const route = routeOf(routes, key);
    if (route) return answerJson(incoming, outgoing, route, key, started, fallback);
    if (pages && !NOT_PAGES.test(key)) return answerPage(incoming, outgoing, pages, key, started);
    return false;
  };
}
