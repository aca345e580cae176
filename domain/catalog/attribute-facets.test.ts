import { describe, expect, it } from 'vitest';
import {
  MAX_ATTRIBUTE_FILTERS,
  MAX_FACET_NAMES,
  MAX_FACET_VALUES,
  attributeFilters,
  chooseAttributeFacets,
  compareAttributeValues,
  parseAttributePair,
} from './attribute-facets.ts';

describe('parseAttributePair', () => {
  it('splits at the first colon and trims both sides', () => {
    expect(parseAttributePair(' Thread : M8 ')).toEqual({ name: 'Thread', value: 'M8' });
    expect(parseAttributePair('Ratio:1:2')).toEqual({ name: 'Ratio', value: '1:2' });
  });

  it('refuses a pair without a name, a value or a colon, or too long', () => {
    for (const text of ['Thread', ':M8', 'Thread:', '  :  ', `${'x'.repeat(61)}:M8`, `Thread:${'x'.repeat(201)}`]) expect(parseAttributePair(text)).toBeNull();
  });
});

describe('attributeFilters', () => {
  it('joins the values of one name and keeps names apart, in the order given', () => {
    const filters = attributeFilters(['Thread:M8', 'Material:A2', 'Thread:M10', 'Thread:M8']);
    expect(filters).toEqual({ ok: true, value: [{ name: 'Thread', values: ['M8', 'M10'] }, { name: 'Material', values: ['A2'] }] });
  });

  it('refuses a malformed pair, naming it', () => {
    expect(attributeFilters(['Thread:M8', 'nonsense'])).toEqual({ ok: false, error: { code: 'INVALID', text: 'nonsense' } });
  });

  it(`allows ${MAX_ATTRIBUTE_FILTERS} distinct pairs and refuses one more`, () => {
    const pairs = Array.from({ length: MAX_ATTRIBUTE_FILTERS }, (_, i) => `Length:${i} mm`);
    expect(attributeFilters(pairs).ok).toBe(true);
    // A repeated pair is not one more.
    expect(attributeFilters([...pairs, 'Length:0 mm']).ok).toBe(true);
    expect(attributeFilters([...pairs, 'Thread:M8'])).toEqual({ ok: false, error: { code: 'TOO_MANY', max: MAX_ATTRIBUTE_FILTERS } });
  });
});

describe('compareAttributeValues', () => {
  const sorted = (values: string[]) => [...values].sort(compareAttributeValues);

  it('orders numbers by value, within text too', () => {
    expect(sorted(['M10', 'M6', 'M8', 'M12'])).toEqual(['M6', 'M8', 'M10', 'M12']);
    expect(sorted(['100 mm', '16 mm', '8.4 mm', '8.10 mm'])).toEqual(['8.10 mm', '8.4 mm', '16 mm', '100 mm']);
    expect(sorted(['M10 × 1.5', 'M10 × 1.25', 'M8 × 1.25'])).toEqual(['M8 × 1.25', 'M10 × 1.25', 'M10 × 1.5']);
  });

  it('puts numbers before words, compares words without case, and is total', () => {
    expect(sorted(['steel', '2 mm', 'Brass', 'brass'])).toEqual(['2 mm', 'Brass', 'brass', 'steel']);
    expect(compareAttributeValues('A2', 'A2')).toBe(0);
  });
});

describe('chooseAttributeFacets', () => {
  const count = (name: string, value: string, n: number) => ({ name, value, count: n });

  it('shows the names a fair share of the result holds, most widely held first, values in natural order', () => {
    const facets = chooseAttributeFacets(10, [count('Thread', 'M10', 3), count('Thread', 'M8', 5), count('Length', '40 mm', 4), count('Colour', 'Red', 1)], []);
    expect(facets).toEqual([
      { name: 'Thread', values: [{ value: 'M8', count: 5 }, { value: 'M10', count: 3 }] },
      { name: 'Length', values: [{ value: '40 mm', count: 4 }] },
    ]);
  });

  it('always shows a filtered name and its chosen values, first, even when they no longer count', () => {
    const facets = chooseAttributeFacets(10, [count('Length', '40 mm', 9), count('Colour', 'Red', 1)], [{ name: 'Colour', values: ['Red', 'Blue'] }]);
    expect(facets.map((facet) => facet.name)).toEqual(['Colour', 'Length']);
    expect(facets[0]?.values).toEqual([{ value: 'Blue', count: 0 }, { value: 'Red', count: 1 }]);
  });

  it(`keeps at most ${MAX_FACET_NAMES} names and the ${MAX_FACET_VALUES} most common values of each`, () => {
    const names = Array.from({ length: MAX_FACET_NAMES + 3 }, (_, i) => count(`Name ${i}`, 'x', 10 + i));
    expect(chooseAttributeFacets(20, names, [])).toHaveLength(MAX_FACET_NAMES);
    const values = Array.from({ length: MAX_FACET_VALUES + 5 }, (_, i) => count('Length', `${i} mm`, i + 1));
    const [length] = chooseAttributeFacets(400, values, []);
    expect(length?.values).toHaveLength(MAX_FACET_VALUES);
    // The rarest (0–4 mm, counted 1–5) gave way; the rest stay in natural order.
    expect(length?.values[0]).toEqual({ value: '5 mm', count: 6 });
  });

  it('shows nothing for an empty result', () => {
    expect(chooseAttributeFacets(0, [], [])).toEqual([]);
  });
});
