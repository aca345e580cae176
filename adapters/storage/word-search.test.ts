import { describe, expect, it } from 'vitest';
import { catalogueFactsOf, compareBytes, Positions } from './word-search.ts';

describe('the word search facts', () => {
  it('compares strings in UTF-8 byte order, as SQLite BINARY and PostgreSQL "C" do', () => {
    // U+FF21 (one UTF-16 unit, above the surrogates) sorts before U+1F600 (a surrogate pair) in
    // bytes, though not in UTF-16 units.
    const words = ['b', 'a', 'ab', '\u{1F600}', '\uFF21', 'é', 'Z', ''];
    const byBytes = [...words].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...words].sort(compareBytes)).toEqual(byBytes);
  });

  it('finds every key it holds, answers -1 for others and refuses a key twice', () => {
    const keys = [1, 2, 3, 2 ** 52 - 1, -(2 ** 51), 4_294_967_296, 4_294_967_297];
    const positions = new Positions(keys.length);
    keys.forEach((key, n) => expect(positions.set(key, n)).toBe(true));
    keys.forEach((key, n) => expect(positions.get(key)).toBe(n));
    expect(positions.get(4)).toBe(-1);
    expect(positions.set(3, 99)).toBe(false);
    expect(positions.get(3)).toBe(2);
    expect(positions.size).toBe(keys.length);
  });

  it('numbers categories, brands and spec pairs in byte order, a missing one first', () => {
    const facts = catalogueFactsOf(
      [
        [10, 'p1', 'Bolt', 'c2', 'Acme', 1, 100],
        [11, 'p2', 'Nut', null, null, 0, '250'],
        [12, 'p3', 'Washer', 'c1', 'Acme', true, 5],
      ],
      [
        ['p3', 'Thread', 'M8'],
        ['p1', 'Thread', 'M6'],
        ['p1', 'Length', '40 mm'],
        ['gone', 'Thread', 'M10'],
      ],
    );
    expect(facts.categories).toEqual([null, 'c1', 'c2']);
    expect(facts.brands).toEqual([null, 'Acme']);
    expect([...facts.categoryOf]).toEqual([2, 0, 1]);
    expect([...facts.inStock]).toEqual([1, 0, 1]);
    expect([...facts.priceCents]).toEqual([100, 250, 5]);
    expect(facts.pairs).toEqual([
      { name: 'Length', value: '40 mm' },
      { name: 'Thread', value: 'M6' },
      { name: 'Thread', value: 'M8' },
    ]);
    const pairsOf = (n: number) => [...facts.pairOf.slice(facts.pairsFrom[n], facts.pairsFrom[n + 1])].map((pair) => facts.pairs[pair]?.value);
    expect([pairsOf(0).sort(), pairsOf(1), pairsOf(2)]).toEqual([['40 mm', 'M6'], [], ['M8']]);
    expect(facts.position.get(11)).toBe(1);
  });
});
