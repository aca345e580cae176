import { describe, expect, it } from 'vitest';
import type { AttributeCount } from '#domain/catalog/attribute-facets.ts';
import type { ProductSearchQuery } from '#domain/catalog/product-search.ts';
import type { Product } from '#domain/catalog/product.ts';
import { searchTerms } from '#domain/catalog/search-terms.ts';
import { searchQuery } from './search-query.ts';
import type { StoreHarness } from './store-harness.ts';

const query = (overrides: Partial<ProductSearchQuery> = {}): ProductSearchQuery => searchQuery({ sort: 'name', ...overrides });

/** The counts in one order whatever order the store grouped them in. */
const sorted = (counts: readonly AttributeCount[]) =>
  [...counts].sort((a, b) => (a.name + '\u0000' + a.value < b.name + '\u0000' + b.value ? -1 : 1));
const spec = (name: string, value: string) => ({ name, value });

/**
 * Spec facets (docs/catalogue.md, "Spec facets"): the `attr` filters (AND across names, OR within
 * one) and the attribute counts, each name's values counted without its own filter, the same on
 * every store and kept on every write path (create, update, import, delete).
 */
export function describeAttributeFacetsContract(h: StoreHarness): void {
  describe('spec facets', () => {
    const arrange = async () => {
      const bolts = await h.addCategory({ name: 'Bolts', slug: 'bolts' });
      const tools = await h.addCategory({ name: 'Tools', slug: 'tools' });
      const add = (name: string, attributes: Product['attributes'], more: Partial<Product> = {}) =>
        h.addProduct({ name, description: 'A part.', categoryId: bolts.id, attributes, ...more });
      return {
        bolts,
        tools,
        m8a2: await add('Bolt M8 A2', [spec('Thread', 'M8'), spec('Material', 'A2')], { brand: 'Würth' }),
        m8zinc: await add('Bolt M8 zinc', [spec('Thread', 'M8'), spec('Material', 'Zinc')], { brand: 'Fastenal' }),
        m10a2: await add('Bolt M10 A2', [spec('Thread', 'M10'), spec('Material', 'A2')], { brand: 'Würth' }),
        m6: await add('Bolt M6', [spec('Thread', 'M6')], { brand: 'Würth' }),
        drill: await add('Drill', [spec('Power', '18 V')], { categoryId: tools.id }),
      };
    };
    const ids = (items: Product[]) => items.map((product) => product.id);

    it('counts every name and value of the matches once something narrows the list, none for the whole catalogue', async () => {
      const p = await arrange();
      expect((await h.store.search.search(query())).facets.attributes).toEqual([]);
      const bolts = await h.store.search.search(query({ categoryIds: [p.bolts.id] }));
      expect(sorted(bolts.facets.attributes)).toEqual([
        { name: 'Material', value: 'A2', count: 2 },
        { name: 'Material', value: 'Zinc', count: 1 },
        { name: 'Thread', value: 'M10', count: 1 },
        { name: 'Thread', value: 'M6', count: 1 },
        { name: 'Thread', value: 'M8', count: 2 },
      ]);
      const found = await h.store.search.search(query({ inStock: true }));
      expect(sorted(found.facets.attributes)).toEqual([
        { name: 'Material', value: 'A2', count: 2 },
        { name: 'Material', value: 'Zinc', count: 1 },
        { name: 'Power', value: '18 V', count: 1 },
        { name: 'Thread', value: 'M10', count: 1 },
        { name: 'Thread', value: 'M6', count: 1 },
        { name: 'Thread', value: 'M8', count: 2 },
      ]);
    });

    it('filters by any value of one name and every name given', async () => {
      const p = await arrange();
      const either = await h.store.search.search(query({ attributes: [{ name: 'Thread', values: ['M8', 'M10'] }] }));
      expect(ids(either.items)).toEqual([p.m10a2.id, p.m8a2.id, p.m8zinc.id]);
      expect(either.total).toBe(3);
      const both = await h.store.search.search(query({ attributes: [{ name: 'Thread', values: ['M8', 'M10'] }, { name: 'Material', values: ['A2'] }] }));
      expect(ids(both.items)).toEqual([p.m10a2.id, p.m8a2.id]);
      expect(both.total).toBe(2);
      // Names and values match exactly as stored.
      expect((await h.store.search.search(query({ attributes: [{ name: 'thread', values: ['M8'] }] }))).total).toBe(0);
      // With words, and with the category and brand filters.
      const worded = await h.store.search.search(query({ terms: searchTerms('bolt'), sort: 'relevance', attributes: [{ name: 'Material', values: ['A2'] }], brand: 'Würth' }));
      expect(ids(worded.items).sort()).toEqual([p.m10a2.id, p.m8a2.id].sort());
    });

    it("counts a filtered name's values without its own filter, the other names and facets under every filter", async () => {
      await arrange();
      for (const terms of [null, searchTerms('bolt')]) {
        const found = await h.store.search.search(query({ terms, attributes: [{ name: 'Material', values: ['A2'] }] }));
        expect(found.total).toBe(2);
        expect(sorted(found.facets.attributes)).toEqual([
          // Material without its filter: what the buyer could switch to.
          { name: 'Material', value: 'A2', count: 2 },
          { name: 'Material', value: 'Zinc', count: 1 },
          // Thread under the Material filter.
          { name: 'Thread', value: 'M10', count: 1 },
          { name: 'Thread', value: 'M8', count: 1 },
        ]);
        expect(found.facets.brands).toEqual([{ name: 'Würth', count: 2 }]);
      }
      const threaded = await h.store.search.search(query({ attributes: [{ name: 'Thread', values: ['M8'] }, { name: 'Material', values: ['Zinc'] }] }));
      expect(threaded.total).toBe(1);
      expect(sorted(threaded.facets.attributes)).toEqual([
        { name: 'Material', value: 'Zinc', count: 1 }, // M8 bolts: one zinc, one A2 — but Material counts without its own filter
        { name: 'Material', value: 'A2', count: 1 },
        { name: 'Thread', value: 'M8', count: 1 }, // zinc bolts: only the M8 one
      ].sort((a, b) => (a.name + a.value < b.name + b.value ? -1 : 1)));
    });

    it('pages a filtered search by cursor without repeats or gaps', async () => {
      const p = await arrange();
      const filter = { attributes: [{ name: 'Thread', values: ['M6', 'M8', 'M10'] }], limit: 2 };
      const first = await h.store.search.search(query(filter));
      expect(first.nextCursor).not.toBeNull();
      const second = await h.store.search.search(query({ ...filter, cursor: first.nextCursor }));
      expect([...ids(first.items), ...ids(second.items)]).toEqual([p.m10a2.id, p.m6.id, p.m8a2.id, p.m8zinc.id]);
      expect(second.nextCursor).toBeNull();
    });

    it('follows every write: an update, an import and a delete', async () => {
      const p = await arrange();
      const m8 = async () => ids((await h.store.search.search(query({ attributes: [{ name: 'Thread', values: ['M8'] }] }))).items).sort();
      await h.store.products.update(p.m6.id, { attributes: [spec('Thread', 'M8')] }, h.at(10_000));
      expect(await m8()).toEqual([p.m6.id, p.m8a2.id, p.m8zinc.id].sort());
      // A change to other fields leaves the attributes as they were.
      await h.store.products.update(p.m6.id, { name: 'Bolt M8 (was M6)' }, h.at(11_000));
      expect(await m8()).toEqual([p.m6.id, p.m8a2.id, p.m8zinc.id].sort());
      const imported = await h.store.products.importAll(
        {
          creates: [{ id: 'imported-m8', sku: 'IMP-M8', name: 'Imported bolt', description: '', imageUrl: '', priceCents: 10, stock: 1, attributes: [spec('Thread', 'M8')], createdAt: h.at(12_000) }],
          updates: [{ id: p.m8zinc.id, changes: { attributes: [spec('Thread', 'M12')] } }],
        },
        h.at(12_000),
      );
      expect(imported).toBe('ok');
      expect(await m8()).toEqual(['imported-m8', p.m6.id, p.m8a2.id].sort());
      expect(await h.store.products.delete(p.m8a2.id)).toBe(true);
      expect(await m8()).toEqual(['imported-m8', p.m6.id].sort());
      // Thread's values over the catalogue: its own filter left out.
      const counts = (await h.store.search.search(query({ attributes: [{ name: 'Thread', values: ['M8'] }] }))).facets.attributes;
      expect(sorted(counts)).toEqual([
        { name: 'Thread', value: 'M10', count: 1 },
        { name: 'Thread', value: 'M12', count: 1 },
        { name: 'Thread', value: 'M8', count: 2 },
      ]);
    });

    it('answers no attribute counts when no counts are asked', async () => {
      await arrange();
      const found = await h.store.search.search(query({ withCounts: false, attributes: [{ name: 'Thread', values: ['M8'] }] }));
      expect(found.items).toHaveLength(2);
      expect(found.facets.attributes).toEqual([]);
    });
  });
}
