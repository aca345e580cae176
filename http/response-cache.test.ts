import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from './middleware/cached-json.ts';
import { cachedBodyOf, createResponseCache, type CachedBody } from './response-cache.ts';

import { createCatalogWrites, REMEMBERED_STOCK_MOVES } from '#adapters/storage/catalog-writes.ts';

/** A catalog whose version moves on `write()` and whose stock moves are counted as a store counts them. */
const catalog = (initial = 'v1') => {
  let version = initial;
  const writes = createCatalogWrites();
  return {
    clock: { version: () => version, stockMoves: writes.stockMoves },
    write: (next: string) => (version = next),
    order: (...productIds: string[]) => writes.stockMoved(productIds, false, null),
  };
};

const text = (entry: CachedBody | undefined) => (entry ? new TextDecoder().decode(entry.body) : undefined);

describe('response cache', () => {
  it('serves what was stored under the current version and drops everything when it moves', () => {
    const data = catalog();
    const cache = createResponseCache(data.clock);
    cache.set('/a', cache.version()!, cachedBodyOf('{"a":1}'), ['p1']);
    expect(text(cache.get('/a', cache.version()!))).toBe('{"a":1}');
    const before = cache.version()!;
    data.write('v2');
    expect(cache.get('/a', cache.version()!)).toBeUndefined();
    // The old generation is gone for good, even if asked for by its old version.
    expect(cache.get('/a', before)).toBeUndefined();
  });

  it('refuses a body computed while a write landed (the version moved in between)', () => {
    const data = catalog();
    const cache = createResponseCache(data.clock);
    const versionBefore = cache.version()!;
    expect(cache.get('/a', versionBefore)).toBeUndefined();
    data.write('v2'); // a write during the computation
    cache.set('/a', versionBefore, cachedBodyOf('{"stock":10}'), ['p1']);
    expect(cache.get('/a', cache.version()!)).toBeUndefined();
  });

  it('drops, on an order that moved some stock, only the entries showing those products and those that did not say', () => {
    const data = catalog();
    const cache = createResponseCache(data.clock);
    const at = cache.version()!;
    cache.set('/products/p1', at, cachedBodyOf('{"id":"p1"}'), ['p1']);
    cache.set('/products/p2', at, cachedBodyOf('{"id":"p2"}'), ['p2']);
    cache.set('/products?page=1', at, cachedBodyOf('[1,2]'), ['p1', 'p2']);
    cache.set('/products?page=2', at, cachedBodyOf('[3]'), ['p3']);
    cache.set('/departments', at, cachedBodyOf('[]'), []);
    cache.set('/unsaid', at, cachedBodyOf('{}'), null);

    data.order('p1');
    const now = cache.version()!;
    expect(now).not.toBe(at);
    expect(cache.get('/products/p1', now)).toBeUndefined();
    expect(cache.get('/products?page=1', now)).toBeUndefined();
    expect(cache.get('/unsaid', now)).toBeUndefined();
    expect(text(cache.get('/products/p2', now))).toBe('{"id":"p2"}');
    expect(text(cache.get('/products?page=2', now))).toBe('[3]');
    expect(text(cache.get('/departments', now))).toBe('[]');

    // Entries dropped are gone from the index too: storing p1 again and moving p2 keeps it.
    cache.set('/products/p1', now, cachedBodyOf('{"id":"p1","stock":1}'), ['p1']);
    data.order('p2', 'p3');
    const later = cache.version()!;
    expect(text(cache.get('/products/p1', later))).toBe('{"id":"p1","stock":1}');
    expect(cache.get('/products/p2', later)).toBeUndefined();
    expect(cache.get('/products?page=2', later)).toBeUndefined();
  });

  it('refuses a body computed while an order moved stock, even of another product', () => {
    const data = catalog();
    const cache = createResponseCache(data.clock);
    const before = cache.version()!;
    data.order('p9');
    cache.set('/products/p1', before, cachedBodyOf('{"id":"p1"}'), ['p1']);
    expect(cache.get('/products/p1', cache.version()!)).toBeUndefined();
  });

  it('drops everything when it fell further behind the stock moves than the store remembers', () => {
    const data = catalog();
    const cache = createResponseCache(data.clock);
    cache.set('/products/p1', cache.version()!, cachedBodyOf('{"id":"p1"}'), ['p1']);
    for (let n = 0; n <= REMEMBERED_STOCK_MOVES; n++) data.order(`other-${n}`);
    expect(cache.get('/products/p1', cache.version()!)).toBeUndefined();
  });

  it('caches nothing when the store keeps no version', () => {
    const cache = createResponseCache(undefined);
    expect(cache.version()).toBeNull();
    cache.set('/a', 'anything', cachedBodyOf('{}'), null);
    expect(cache.get('/a', 'anything')).toBeUndefined();
  });

  it('stays within its byte budget, dropping the oldest entries first', () => {
    const data = catalog();
    const cache = createResponseCache(data.clock, 1000);
    const at = cache.version()!;
    const page = (n: number) => cachedBodyOf(JSON.stringify({ n, pad: 'x'.repeat(300) }));
    for (let n = 0; n < 5; n++) cache.set(`/page/${n}`, at, page(n), [`p${n}`]);
    expect(cache.get('/page/0', at)).toBeUndefined();
    expect(cache.get('/page/1', at)).toBeUndefined();
    expect(cache.get('/page/4', at)).toBeDefined();
    expect(cache.get('/page/3', at)).toBeDefined();
  });

  it('gives equal bodies equal entity tags and different bodies different ones', () => {
    expect(cachedBodyOf('{"a":1}').etag).toBe(cachedBodyOf('{"a":1}').etag);
    expect(cachedBodyOf('{"a":1}').etag).not.toBe(cachedBodyOf('{"a":2}').etag);
    expect(cachedBodyOf('{}').etag).toMatch(/^"[\w-]+"$/);
  });
});

describe('If-None-Match', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
    ['abc', false],
    ['', false],
  ])('%j matches: %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
  it('is absent: no match', () => expect(matchesIfNoneMatch(undefined, etag)).toBe(false));
});
