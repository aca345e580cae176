import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { cachedBodyOf, type CachedBody, type ResponseCache } from '../response-cache.ts';

/**
 * Public JSON reads served from a cache of serialised responses, with ETag / If-None-Match.
 *
 * `lookup` runs first in the route (before validation, so a hit costs one Map lookup and one
 * version check); on a miss, the handler computes its DTO and hands it to `send`, which keeps the
 * serialised body for the next request. Only what `send` produced is ever cached, so only
 * requests that passed validation and found their data; errors go out uncached.
 *
 * `Cache-Control: no-cache` lets a browser keep the page but revalidate every time: a 304 when
 * nothing changed, never a stale price or stock figure.
 */
export interface CachedJson {
  lookup: MiddlewareHandler;
  /**
   * The cached answer for a GET of `key` (requestKey: path and query) under the data version of
   * this moment, or undefined: what `lookup` would answer on a hit, without running any route.
   */
  peek(key: string): CachedBody | undefined;
  /**
   * Answers `value` and keeps it for the next request. `shows`: the products whose stock it shows
   * (an order that moves only other products' stock keeps it); null when any product's may matter.
   */
  send<T>(c: Context, value: T, shows: readonly string[] | null): Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}

export const REVALIDATE = 'no-cache';

/** The path and query, without scheme and host: the Host header is the client's to choose. */
export const requestKey = (url: string): string => url.slice(url.indexOf('/', url.indexOf('//') + 2));

/** RFC 9110 If-None-Match: a list of tags (weak ones compare equal to strong ones here) or `*`. */
export const matchesIfNoneMatch = (header: string | undefined, etag: string): boolean => {
  if (header === undefined) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
};

const answer = (c: Context, entry: CachedBody): Response => {
  c.header('ETag', entry.etag);
  c.header('Cache-Control', REVALIDATE);
  // A member's read takes the anonymous body to price it (http/member-prices.ts): never a 304 for it.
  if (c.get('fullAnswer') !== true && matchesIfNoneMatch(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304);
  return c.body(entry.body, 200, { 'Content-Type': 'application/json' });
};

/** A miss being computed: the version it is computed under, and its body once sent (undefined if not cacheable). */
interface Computing {
  version: string;
  body: Promise<CachedBody | undefined>;
  settle: (body: CachedBody | undefined) => void;
}

export function cachedJson(cache: ResponseCache): CachedJson {
  // The miss a request is computing, for `send` to store; keyed by the request object, so nothing
  // outlives the request.
  const missed = new WeakMap<Request, Computing>();
  // One computation per page at a time: when a write empties the cache under load, the requests
  // that arrive while the first miss computes the page wait for its body instead of each running
  // the same queries.
  const computing = new Map<string, Computing>();

  return {
    peek(key) {
      const version = cache.version();
      return version === null ? undefined : cache.get(key, version);
    },
    lookup: async (c, next) => {
      const version = cache.version();
      if (version === null) return next();
      const key = requestKey(c.req.url);
      const hit = cache.get(key, version);
      if (hit) return answer(c, hit);
      const inFlight = computing.get(key);
      if (inFlight?.version === version) {
        const body = await inFlight.body;
        if (body) return answer(c, body);
        return next(); // a refusal, or a write landed meanwhile: compute this one alone
      }
      let settle!: Computing['settle'];
      const body = new Promise<CachedBody | undefined>((resolve) => (settle = resolve));
      const mine: Computing = { version, body, settle };
      computing.set(key, mine);
      missed.set(c.req.raw, mine);
      try {
        await next();
      } finally {
        mine.settle(undefined); // no-op once `send` settled it
        if (computing.get(key) === mine) computing.delete(key);
      }
    },
    send<T>(c: Context, value: T, shows: readonly string[] | null) {
      const entry = cachedBodyOf(JSON.stringify(value));
      const mine = missed.get(c.req.raw);
      if (mine) {
        const key = requestKey(c.req.url);
        cache.set(key, mine.version, entry, shows);
        // Waiters get the body only if no write landed while it was computed.
        mine.settle(cache.version() === mine.version ? entry : undefined);
      }
      return answer(c, entry) as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
    },
  };
}
