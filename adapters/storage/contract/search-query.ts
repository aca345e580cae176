import type { ProductSearchQuery } from '#domain/catalog/product-search.ts';

/** A catalogue search over everything, newest first, a page of 24 with its counts; tests override what they ask. */
export const searchQuery = (overrides: Partial<ProductSearchQuery> = {}): ProductSearchQuery => ({
  terms: null,
  categoryIds: null,
  brand: null,
  inStock: false,
  minPriceCents: null,
  maxPriceCents: null,
  sort: 'newest',
  limit: 24,
  cursor: null,
  withCounts: true,
  ...overrides,
});
