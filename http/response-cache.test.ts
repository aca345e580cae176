import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from './middleware/cached-json.ts';
import { cachedBodyOf, createResponseCache } from './response-cache.ts';

const versioned = (initial = 'v1') => {
  let version = initial;
  return { now: () => version, move: (next: string) => (version = next) };
};

describe('response cache', () => {
  it('serves what was stored under the current version and drops everything when it moves', () => {
    const data = versioned();
    const cache = createResponseCache(data.now);
    cache.set('/a', 'v1', cachedBodyOf('{"a":1}'));
    expect(new TextDecoder().decode(cache.get('/a', 'v1')?.body)).toBe('{"a":1}');
    data.move('v2');
    expect(cache.get('/a', 'v2')).toBeUndefined();
    // The old generation is gone for good, even if asked for by its old version.
    expect(cache.get('/a', 'v1')).toBeUndefined();
  });

  it('refuses a body computed while a write landed (the version moved in between)', () => {
    const data = versioned();
    const cache = createResponseCache(data.now);
    const versionBefore = cache.version()!;
    expect(cache.get('/a', versionBefore)).toBeUndefined();
    data.move('v2'); // a write during the computation
    cache.set('/a', versionBefore, cachedBodyOf('{"stock":10}'));
    expect(cache.get('/a', 'v2')).toBeUndefined();
    expect(cache.get('/a', 'v1')).toBeUndefined();
  });

  it('caches nothing when the store keeps no version', () => {
    const cache = createResponseCache(undefined);
    expect(cache.version()).toBeNull();
    cache.set('/a', 'anything', cachedBodyOf('{}'));
    expect(cache.get('/a', 'anything')).toBeUndefined();
  });

  it('stays within its byte budget, dropping the oldest entries first', () => {
    const data = versioned();
    const cache = createResponseCache(data.now, 1000);
    const page = (n: number) => cachedBodyOf(JSON.stringify({ n, pad: 'x'.repeat(300) }));
    for (let n = 0; n < 5; n++) cache.set(`/page/${n}`, 'v1', page(n));
    expect(cache.get('/page/0', 'v1')).toBeUndefined();
    expect(cache.get('/page/1', 'v1')).toBeUndefined();
    expect(cache.get('/page/4', 'v1')).toBeDefined();
    expect(cache.get('/page/3', 'v1')).toBeDefined();
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
