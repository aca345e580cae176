import { openSqliteStorage } from './adapters/storage/sqlite/sqlite-store.ts';
import { bulkCategoryIds } from './tests/support/bulk-shop.ts';
import { searchTerms } from './domain/catalog/search-terms.ts';
import Database from 'better-sqlite3';
const storage = openSqliteStorage('/tmp/flatprobe/large.db');
const s = storage.repositories.search;
const ANY = { terms: null, categoryIds: null, brand: null, inStock: false, minPriceCents: null, maxPriceCents: null, sort: 'newest', limit: 24, cursor: null, withCounts: true } as any;
const cases: [string, any][] = [
  ['department by price', { categoryIds: bulkCategoryIds('fasteners'), sort: 'price-asc' }],
  ['department by price, no counts', { categoryIds: bulkCategoryIds('fasteners'), sort: 'price-asc', withCounts: false }],
  ['category by price', { categoryIds: bulkCategoryIds('hex-nut'), sort: 'price-asc' }],
  ['category by price no counts', { categoryIds: bulkCategoryIds('hex-nut'), sort: 'price-asc', withCounts: false }],
  ['stainless', { terms: searchTerms('stainless'), sort: 'relevance' }],
  ['stainless no counts', { terms: searchTerms('stainless'), sort: 'relevance', withCounts: false }],
  ['bolt instock', { terms: searchTerms('bolt'), sort: 'relevance', inStock: true }],
  ['typeahead', { terms: searchTerms('hex bo'), sort: 'relevance', limit: 8, withCounts: false }],
  ['first page', {}],
];
console.log(bulkCategoryIds('fasteners'), bulkCategoryIds('hex-nut'));
for (const [what, q] of cases) {
  await s.search({ ...ANY, ...q });
  const t = performance.now();
  for (let i = 0; i < 20; i++) await s.search({ ...ANY, ...q });
  console.log(what, ((performance.now() - t) / 20).toFixed(2), 'ms');
}
const r = storage.repositories.reports;
for (const days of [30, 90]) {
  const to = new Date(); const from = new Date(to.getTime() - days * 86400000);
  let t = performance.now();
  for (let i = 0; i < 10; i++) await r.salesPerDay(from, to);
  console.log('salesPerDay', days, ((performance.now() - t) / 10).toFixed(2));
  t = performance.now();
  for (let i = 0; i < 10; i++) await r.topProducts(from, to, 5);
  console.log('topProducts', days, ((performance.now() - t) / 10).toFixed(2));
}
const db = new Database('/tmp/flatprobe/large.db', { readonly: true });
console.log(db.prepare('select count(*) c from sales_day_products').get(), db.prepare('select count(*) c from sales_days').get());
