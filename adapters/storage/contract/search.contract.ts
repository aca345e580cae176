import { describe, expect, it } from 'vitest';
import type { ProductSearchQuery, ProductSort } from '#domain/catalog/product-search.ts';
import type { Product } from '#domain/catalog/product.ts';
import { searchTerms } from '#domain/catalog/search-terms.ts';
import { searchQuery } from './search-query.ts';
import type { StoreHarness } from './store-harness.ts';

const query = searchQuery;

/**
 * ProductSearch: the same queries give the same answers on every store — matching (words,
 * prefixes, accents, SKU parts), ranking (exact SKU, SKU prefix, name, rest), filters, facets,
 * and every sort paged by cursor without repeats or gaps.
 */
export function describeSearchContract(h: StoreHarness): void {
  describe('catalogue search', () => {
    const arrange = async () => {
      const fasteners = await h.addCategory({ name: 'Fasteners', slug: 'fasteners' });
      const nuts = await h.addCategory({ name: 'Nuts', slug: 'nuts', parentId: fasteners.id });
      const plumbing = await h.addCategory({ name: 'Plumbing', slug: 'plumbing' });
      const add = (name: string, sku: string, more: Partial<Product> = {}) =>
        h.addProduct({ name, sku, description: 'A part.', createdAt: h.at(more.priceCents ?? 0), ...more });
      return {
        fasteners,
        nuts,
        plumbing,
        nutA2: await add('Hex nut M8 A2 stainless', 'M8-NUT-A2', { categoryId: nuts.id, brand: 'Würth', priceCents: 12, stock: 5_000 }),
        nutZinc: await add('Hex nut M8 zinc', 'M8-NUT-ZN', { categoryId: nuts.id, brand: 'Fastenal', priceCents: 9, stock: 0 }),
        bolt: await add('Hex bolt M8 x 40', 'M8X40-BOLT', { categoryId: fasteners.id, brand: 'Würth', priceCents: 31, attributes: [{ name: 'Material', value: 'A2 stainless' }] }),
        washer: await add('Flat washer M8', 'WASH-M8', { categoryId: fasteners.id, priceCents: 3, description: 'Fits every M8 nut.' }),
        valve: await add('Ball valve 3/4" brass', 'BV-34', { categoryId: plumbing.id, brand: 'Müller', priceCents: 1_850 }),
        tape: await add('PTFE thread seal tape', 'PTFE-12', { categoryId: plumbing.id, priceCents: 260 }),
      };
    };
    const names = (items: Product[]) => items.map((product) => product.name);

    it('finds every product whose words start with each typed word, in any field, accents folded', async () => {
      const p = await arrange();
      const found = await h.store.search.search(query({ terms: searchTerms('m8 NU'), sort: 'name' }));
      expect(names(found.items)).toEqual([p.washer.name, p.nutA2.name, p.nutZinc.name]); // the washer by its description
      expect(found.total).toBe(3);
      expect((await h.store.search.search(query({ terms: searchTerms('stainless') }))).total).toBe(2); // name and attribute
      expect((await h.store.search.search(query({ terms: searchTerms('muller') }))).items.map((x) => x.id)).toEqual([p.valve.id]);
      expect((await h.store.search.search(query({ terms: searchTerms('wurth m8x') }))).items.map((x) => x.id)).toEqual([p.bolt.id]);
      expect((await h.store.search.search(query({ terms: searchTerms('nut gearbox') }))).total).toBe(0);
    });

    it('reads operators, quotes, brackets and emoji as plain words, never as syntax', async () => {
      await arrange();
      for (const q of ['"hex" NEAR(nut)', 'nut*', '-zinc nut', '(hex OR bolt)', 'hex AND', '🔩 hex', "nut' OR 1=1 --", 'NOT', '^hex']) {
        const found = await h.store.search.search(query({ terms: searchTerms(q) }));
        const memory = found.items.every((product) => product.name.length > 0);
        expect(memory).toBe(true);
      }
      expect((await h.store.search.search(query({ terms: searchTerms('"hex" NEAR(nut)') }))).total).toBe(0); // "near" is a word no product has
      expect((await h.store.search.search(query({ terms: searchTerms('(hex) nut*') }))).total).toBe(2);
      expect((await h.store.search.search(query({ terms: searchTerms('🔩') }))).total).toBe(0);
    });

    it('ranks an exact SKU first, then SKUs starting with the query, then name matches, then the rest', async () => {
      const p = await arrange();
      const exact = await h.store.search.search(query({ terms: searchTerms('m8-nut-zn'), sort: 'relevance' }));
      expect(exact.items[0]?.id).toBe(p.nutZinc.id);
      const prefix = await h.store.search.search(query({ terms: searchTerms('M8'), sort: 'relevance' }));
      // SKU prefix M8… (by name), then names holding "m8", then the washer's description.
      expect(names(prefix.items)).toEqual([p.bolt.name, p.nutA2.name, p.nutZinc.name, p.washer.name]);
      const nameFirst = await h.store.search.search(query({ terms: searchTerms('nut'), sort: 'relevance' }));
      expect(names(nameFirst.items)).toEqual([p.nutA2.name, p.nutZinc.name, p.washer.name]);
    });

    it('filters by category with its children, brand, stock and price range; facets leave out their own filter', async () => {
      const p = await arrange();
      const department = await h.store.search.search(query({ categoryIds: [p.fasteners.id, p.nuts.id], sort: 'price-asc' }));
      expect(names(department.items)).toEqual([p.washer.name, p.nutZinc.name, p.nutA2.name, p.bolt.name]);
      const filtered = await h.store.search.search(
        query({ categoryIds: [p.fasteners.id, p.nuts.id], brand: 'Würth', inStock: true, minPriceCents: 10, maxPriceCents: 31, sort: 'price-desc' }),
      );
      expect(names(filtered.items)).toEqual([p.bolt.name, p.nutA2.name]);
      expect(filtered.total).toBe(2);
      const byId = (facet: { id: string; count: number }[]) => Object.fromEntries(facet.map(({ id, count }) => [id, count]));
      const byName = (facet: { name: string; count: number }[]) => Object.fromEntries(facet.map(({ name, count }) => [name, count]));
      // Categories counted without the category filter, brands without the brand filter.
      expect(byId(filtered.facets.categories)).toEqual({ [p.nuts.id]: 1, [p.fasteners.id]: 1 });
      expect(byName(filtered.facets.brands)).toEqual({ Würth: 2 });
      // With words as well, the same total and facets (the SQL stores count them in one pass).
      const worded = await h.store.search.search(
        query({ terms: searchTerms('m8'), categoryIds: [p.fasteners.id, p.nuts.id], brand: 'Würth', inStock: true, minPriceCents: 10, maxPriceCents: 31 }),
      );
      expect(worded.total).toBe(2);
      expect(byId(worded.facets.categories)).toEqual({ [p.nuts.id]: 1, [p.fasteners.id]: 1 });
      expect(byName(worded.facets.brands)).toEqual({ Würth: 2 });
      const wordedAll = await h.store.search.search(query({ terms: searchTerms('m8') }));
      expect(byName(wordedAll.facets.brands)).toEqual({ Würth: 2, Fastenal: 1 });
      expect(byId(wordedAll.facets.categories)).toEqual({ [p.nuts.id]: 2, [p.fasteners.id]: 2 });
      const all = await h.store.search.search(query());
      expect(byName(all.facets.brands)).toEqual({ Würth: 2, Fastenal: 1, Müller: 1 });
      expect(byId(all.facets.categories)).toEqual({ [p.nuts.id]: 2, [p.fasteners.id]: 2, [p.plumbing.id]: 2 });
      expect((await h.store.search.search(query({ categoryIds: [] }))).total).toBe(0);
    });

    it('counts without words follow every product write: a new product, a move, a new brand, stock sold out and back, a deletion', async () => {
      // The SQL stores sum the products per (category, brand, in stock), read once per catalogue
      // version (sql-search.ts, PRODUCT_GROUPS): every write below must move that version.
      const p = await arrange();
      const counts = async (overrides: Partial<ProductSearchQuery> = {}) => {
        const found = await h.store.search.search(query({ withCounts: true, ...overrides }));
        return {
          total: found.total,
          categories: Object.fromEntries(found.facets.categories.map(({ id, count }) => [id, count])),
          brands: Object.fromEntries(found.facets.brands.map(({ name, count }) => [name, count])),
        };
      };
      const department = [p.fasteners.id, p.nuts.id];
      expect(await counts({ categoryIds: department, inStock: true })).toEqual({
        total: 3,
        categories: { [p.nuts.id]: 1, [p.fasteners.id]: 2, [p.plumbing.id]: 2 },
        brands: { Würth: 2 },
      });
      const clip = await h.addProduct({ name: 'Spring clip', sku: 'CLIP-1', categoryId: p.nuts.id, brand: 'Fastenal', stock: 1_000 });
      await h.store.products.update(p.valve.id, { categoryId: p.fasteners.id, brand: 'Würth' }, h.at(50));
      await h.store.products.update(p.nutA2.id, { stock: 0 }, h.at(51));
      await h.store.products.update(p.nutZinc.id, { stock: 40 }, h.at(52));
      await h.store.products.delete(p.washer.id);
      expect(await counts({ categoryIds: department, inStock: true })).toEqual({
        total: 4, // the bolt, the valve, the zinc nut back in stock, the clip
        categories: { [p.nuts.id]: 2, [p.fasteners.id]: 2, [p.plumbing.id]: 1 },
        brands: { Würth: 2, Fastenal: 2 },
      });
      expect(await counts({ brand: 'Würth' })).toEqual({ total: 3, categories: { [p.nuts.id]: 1, [p.fasteners.id]: 2 }, brands: { Würth: 3, Fastenal: 2 } });
      expect((await counts()).total).toBe(6);
      expect((await counts({ categoryIds: [clip.categoryId ?? ''], brand: 'Fastenal' })).total).toBe(2);
      // Orders move stock: one that leaves some on the shelf changes no count; one that empties the
      // shelf takes the clip out of stock; deleting that unpaid order puts it back.
      await h.placeOk(h.newOrder(clip, { quantity: 400 }));
      expect((await counts({ inStock: true })).total).toBe(5);
      const emptying = await h.placeOk(h.newOrder(clip, { quantity: 600 }));
      expect(await counts({ categoryIds: department, inStock: true })).toEqual({
        total: 3,
        categories: { [p.nuts.id]: 1, [p.fasteners.id]: 2, [p.plumbing.id]: 1 },
        brands: { Würth: 2, Fastenal: 1 },
      });
      expect(await h.store.orders.deleteUnpaidReturningStock(emptying.id)).toBe(true);
      expect((await counts({ categoryIds: department, inStock: true })).total).toBe(4);
    });

    it('skips the counts when asked to (the typeahead)', async () => {
      await arrange();
      const found = await h.store.search.search(query({ withCounts: false, limit: 2 }));
      expect(found.items).toHaveLength(2);
      expect(found).toMatchObject({ total: 0, facets: { categories: [], brands: [] } });
    });

    const SORTS: ProductSort[] = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'];
    it.each(SORTS)('pages through every match sorted by %s: 3 pages, no product twice, none missed, ties stable', async (sort) => {
      // Eleven products: equal prices, names and times force the id tie-break.
      const made: Product[] = [];
      for (let i = 0; i < 11; i++) {
        made.push(
          await h.addProduct({
            name: i % 3 === 0 ? 'Cable tie 200 mm' : `Cable tie ${i}`,
            sku: `${i % 2 === 0 ? 'CT' : 'TIE'}-${String(i).padStart(2, '0')}`,
            priceCents: (i % 4) * 10 + 5,
            createdAt: h.at(i % 5),
          }),
        );
      }
      await h.addProduct({ name: 'Pipe clamp', sku: 'PC-1' });
      const terms = searchTerms('ct');
      const first = query({ terms: sort === 'relevance' ? terms : searchTerms('cable'), sort, limit: 4 });
      const pages: Product[][] = [];
      let cursor: string | null = null;
      do {
        const page = await h.store.search.search({ ...first, cursor });
        pages.push(page.items);
        cursor = page.nextCursor;
      } while (cursor !== null && pages.length < 10);
      const seen = pages.flat();
      expect(pages.map((page) => page.length)).toEqual(sort === 'relevance' ? [4, 2] : [4, 4, 3]);
      expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
      const whole = await h.store.search.search({ ...first, limit: 100 });
      expect(seen.map((p) => p.id)).toEqual(whole.items.map((p) => p.id));
      const expected = sort === 'relevance' ? made.filter((p) => p.sku.startsWith('CT')) : made;
      expect(new Set(seen.map((p) => p.id))).toEqual(new Set(expected.map((p) => p.id)));
      const ordered = [...expected].sort(
        {
          relevance: (a: Product, b: Product) => cmp(a.name, b.name) || cmp(a.id, b.id),
          newest: (a: Product, b: Product) => b.createdAt.getTime() - a.createdAt.getTime() || cmp(b.id, a.id),
          'price-asc': (a: Product, b: Product) => a.priceCents - b.priceCents || cmp(a.id, b.id),
          'price-desc': (a: Product, b: Product) => b.priceCents - a.priceCents || cmp(b.id, a.id),
          name: (a: Product, b: Product) => cmp(a.name, b.name) || cmp(a.id, b.id),
        }[sort],
      );
      expect(seen.map((p) => p.id)).toEqual(ordered.map((p) => p.id));
    });

    it.each(SORTS.filter((sort) => sort !== 'relevance'))(
      'pages through a department of three categories sorted by %s, ties across categories broken by id',
      async (sort) => {
        // SQL stores read a department category by category and merge the pages (sql-search.ts):
        // equal prices, names and times in different categories must still interleave by id.
        const department = await h.addCategory({ name: 'Fixings', slug: 'fixings' });
        const children = [department, await h.addCategory({ name: 'Anchors', slug: 'anchors', parentId: department.id }), await h.addCategory({ name: 'Rivets', slug: 'rivets', parentId: department.id })];
        const elsewhere = await h.addCategory({ name: 'Tools', slug: 'tools' });
        const made: Product[] = [];
        for (let i = 0; i < 10; i++) {
          made.push(
            await h.addProduct({ name: `Fixing ${i % 3}`, sku: `FX-${String(i).padStart(2, '0')}`, priceCents: (i % 3) * 10, createdAt: h.at(i % 2), categoryId: children[i % 3]!.id, stock: i % 4 === 0 ? 0 : 10 }),
          );
        }
        await h.addProduct({ name: 'Fixing 0', sku: 'TOOL-1', priceCents: 0, createdAt: h.at(0), categoryId: elsewhere.id });
        const first = query({ categoryIds: children.map((c) => c.id), sort, limit: 3 });
        const pages: Product[][] = [];
        let cursor: string | null = null;
        do {
          const page = await h.store.search.search({ ...first, cursor });
          pages.push(page.items);
          cursor = page.nextCursor;
        } while (cursor !== null && pages.length < 10);
        expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 1]);
        const ordered = [...made].sort(
          {
            newest: (a: Product, b: Product) => b.createdAt.getTime() - a.createdAt.getTime() || cmp(b.id, a.id),
            'price-asc': (a: Product, b: Product) => a.priceCents - b.priceCents || cmp(a.id, b.id),
            'price-desc': (a: Product, b: Product) => b.priceCents - a.priceCents || cmp(b.id, a.id),
            name: (a: Product, b: Product) => cmp(a.name, b.name) || cmp(a.id, b.id),
          }[sort as Exclude<ProductSort, 'relevance'>],
        );
        expect(pages.flat().map((p) => p.id)).toEqual(ordered.map((p) => p.id));
        // The other filters hold in every category's branch; the total counts the whole department.
        const inStock = await h.store.search.search({ ...first, inStock: true, limit: 100 });
        expect(inStock.items.map((p) => p.id)).toEqual(ordered.filter((p) => p.stock > 0).map((p) => p.id));
        expect((await h.store.search.search(first)).total).toBe(10);
      },
    );

    it('reads a garbage cursor, or one of another sort, as the start', async () => {
      await arrange();
      const start = await h.store.search.search(query({ sort: 'name', limit: 2 }));
      const other = await h.store.search.search(query({ sort: 'price-asc', limit: 2 }));
      expect((await h.store.search.search(query({ sort: 'name', limit: 2, cursor: '%%garbage' }))).items).toEqual(start.items);
      expect((await h.store.search.search(query({ sort: 'name', limit: 2, cursor: other.nextCursor }))).items).toEqual(start.items);
    });

    it('finds a part number however it is typed: case, spaces, dashes, dots and slashes ignored', async () => {
      const bolt = await h.addProduct({ name: 'Flange bolt M8 x 40', sku: 'FB-M8-40-A2', description: 'Stainless.' });
      const other = await h.addProduct({ name: 'Flange bolt M8 x 60', sku: 'FB-M8-60-A2', description: 'Stainless.' });
      for (const typed of ['fbm840', 'FB M8 40', 'fb-m8-40', 'Fb.M8/40', 'FBM840A2']) {
        const found = await h.store.search.search(query({ terms: searchTerms(typed), sort: 'relevance' }));
        expect(found.items.map((p) => p.id), typed).toEqual([bolt.id]);
        expect(found.total).toBe(1);
      }
      // The exact key first, then keys starting with the query, as with the SKU as written.
      const prefix = await h.store.search.search(query({ terms: searchTerms('fbm8'), sort: 'relevance' }));
      expect(prefix.items.map((p) => p.id)).toEqual([bolt.id, other.id]);
      const exact = await h.store.search.search(query({ terms: searchTerms('fb m8 60 a2'), sort: 'relevance' }));
      expect(exact.items[0]?.id).toBe(other.id);
      // A new SKU is matched by its new key at once.
      await h.store.products.update(bolt.id, { sku: 'FBX-9' }, h.at(5));
      expect((await h.store.search.search(query({ terms: searchTerms('fbm840') }))).total).toBe(0);
      expect((await h.store.search.search(query({ terms: searchTerms('fbx9') }))).items.map((p) => p.id)).toEqual([bolt.id]);
    });

    it('matches a word through its corrections too, ranked below every match as typed', async () => {
      const p = await arrange();
      const springWasher = await h.addProduct({ name: 'Spring wahser M8', sku: 'SW-M8', createdAt: h.at(1) }); // misspelt in the catalogue
      const terms = { ...searchTerms('wahser'), corrections: [['washer']] };
      const found = await h.store.search.search(query({ terms, sort: 'relevance' }));
      expect(found.items.map((x) => x.id)).toEqual([springWasher.id, p.washer.id]);
      expect(found.total).toBe(2);
      // Every word must still match, as typed or corrected; other sorts ignore the buckets.
      const twoWords = { ...searchTerms('flat wahser'), corrections: [[], ['washer']] };
      expect((await h.store.search.search(query({ terms: twoWords }))).items.map((x) => x.id)).toEqual([p.washer.id]);
      const byPrice = await h.store.search.search(query({ terms, sort: 'price-asc' }));
      expect(byPrice.items.map((x) => x.id)).toEqual([springWasher.id, p.washer.id].sort((a, b) => (a === p.washer.id ? -1 : b === p.washer.id ? 1 : 0)));
      // Paged by cursor across the two buckets, without repeats or gaps.
      const first = await h.store.search.search(query({ terms, sort: 'relevance', limit: 1 }));
      const second = await h.store.search.search(query({ terms, sort: 'relevance', limit: 1, cursor: first.nextCursor }));
      expect([...first.items, ...second.items].map((x) => x.id)).toEqual([springWasher.id, p.washer.id]);
      expect(second.nextCursor).toBeNull();
    });

    it('gives its vocabulary: the words of every product, new ones once written', async () => {
      await arrange();
      const words = await h.store.search.vocabulary();
      for (const word of ['washer', 'stainless', 'valve', 'brass', 'muller', 'thread']) expect(words).toContain(word);
      await h.addProduct({ name: 'Grommet strip', sku: 'GS-1' });
      expect(await h.store.search.vocabulary()).toContain('grommet');
    });

    it('finds a product by its new words after an edit, and not by its old ones', async () => {
      const product = await h.addProduct({ name: 'Gate valve', sku: 'GV-1' });
      await h.store.products.update(product.id, { name: 'Check valve' }, h.at(5));
      expect((await h.store.search.search(query({ terms: searchTerms('gate') }))).total).toBe(0);
      expect((await h.store.search.search(query({ terms: searchTerms('check') }))).items.map((p) => p.id)).toEqual([product.id]);
      await h.store.products.delete(product.id);
      expect((await h.store.search.search(query({ terms: searchTerms('check') }))).total).toBe(0);
    });
  });
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
