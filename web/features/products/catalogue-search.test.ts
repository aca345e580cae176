import { describe, expect, it } from 'vitest';
import { validateCatalogueSearch } from './catalogue-search.ts';

describe('the catalogue\'s choices read from a URL', () => {
  it('reads the catalogue as before: a part number typed as words, dollars, ticked specs, and names what it dropped', () => {
    expect(validateCatalogueSearch({ q: 8080, minPrice: '12.5', attr: ['Thread:M8'], exact: 1, inStock: true })).toEqual({
      q: '8080',
      minPrice: 12.5,
      attr: ['Thread:M8'],
      exact: 1,
      inStock: true,
    });
    expect(validateCatalogueSearch({ sort: 'cheapest', attr: ['no pair'], view: 'grid', maxPrice: -1 })).toEqual({
      sort: undefined,
      attr: undefined,
      view: 'grid',
      maxPrice: undefined,
      ignored: ['maxPrice', 'sort', 'attr'],
    });
  });
});
