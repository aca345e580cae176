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
  send<T>(c: Context, value: T): Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}

const REVALIDATE = 'no-cache';

/** The path and query, without scheme and host: the Host header is the client's to choose. */
const requestKey = (url: string): string => url.slice(url.indexOf('/', url.indexOf('//') + 2));

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
  if (matchesIfNoneMatch(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304);
  return c.body(entry.body, 200, { 'Content-Type': 'application/json' });
};

export function cachedJson(cache: ResponseCache): CachedJson {
  // The version read by `lookup` for a request that missed; `send` stores under it. Keyed by the
  // request object, so nothing outlives the request.
  const missed = new WeakMap<Request, string>();

  return {
    lookup: async (c, next) => {
      const version = cache.version();
      if (version !== null) {
        const hit = cache.get(requestKey(c.req.url), version);
        if (hit) return answer(c, hit);
        missed.set(c.req.raw, version);
      }
      await next();
    },
    send<T>(c: Context, value: T) {
      const entry = cachedBodyOf(JSON.stringify(value));
      const version = missed.get(c.req.raw);
      if (version !== undefined) cache.set(requestKey(c.req.url), version, entry);
      return answer(c, entry) as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
    },
  };
}
