import { describe, expect, it } from 'vitest';
import { MAX_ATTRIBUTE_FILTERS } from '#domain/catalog/attribute-facets.ts';
import { messages } from '#http/messages.ts';
import { addProduct, createTestApp } from '../test-support.ts';

const spec = (name: string, value: string) => ({ name, value });
const skus = (json: { items: { sku: string }[] }) => json.items.map((item) => item.sku).sort();

/** GET /api/products with `attr=Name:Value` and `facets.attributes` (docs/catalogue.md, "Spec facets"). */
describe('GET /api/products: spec facets', () => {
  const arrange = async () => {
    const app = createTestApp();
    await addProduct(app.store, { sku: 'BOLT-M8-A2', attributes: [spec('Thread', 'M8'), spec('Material', 'A2 stainless')] });
    await addProduct(app.store, { sku: 'BOLT-M10-A2', attributes: [spec('Thread', 'M10'), spec('Material', 'A2 stainless')] });
    await addProduct(app.store, { sku: 'BOLT-M6-ZN', attributes: [spec('Thread', 'M6'), spec('Material', 'Zinc plated')] });
    await addProduct(app.store, { sku: 'GLOVE-9', attributes: [spec('Size', '9')] });
    return app;
  };

  it('answers the shared specs with their counts, values in natural order, once something narrows the list', async () => {
    const { call } = await arrange();
    expect((await call('GET', '/api/products')).json.facets.attributes).toEqual([]);
    const reply = await call('GET', '/api/products?inStock=true');
    expect(reply.status).toBe(200);
    // Size is held by one product of four: at the fair share (a fifth) it is shown too.
    expect(reply.json.facets.attributes).toEqual([
      // Held by three products each: by name.
      { name: 'Material', values: [{ value: 'A2 stainless', count: 2 }, { value: 'Zinc plated', count: 1 }] },
      { name: 'Thread', values: [{ value: 'M6', count: 1 }, { value: 'M8', count: 1 }, { value: 'M10', count: 1 }] },
      { name: 'Size', values: [{ value: '9', count: 1 }] },
    ]);
  });

  it('filters by attr: any value of one name, every name, the filtered name counted without its own filter', async () => {
    const { call } = await arrange();
    const either = await call('GET', `/api/products?attr=${encodeURIComponent('Thread:M8')}&attr=${encodeURIComponent('Thread:M6')}`);
    expect(either.status).toBe(200);
    expect(skus(either.json)).toEqual(['BOLT-M6-ZN', 'BOLT-M8-A2']);
    const both = await call('GET', `/api/products?attr=${encodeURIComponent('Thread:M8')}&attr=${encodeURIComponent('Thread:M6')}&attr=${encodeURIComponent('Material: A2 stainless')}`);
    expect(skus(both.json)).toEqual(['BOLT-M8-A2']);
    expect(both.json.total).toBe(1);
    const thread = both.json.facets.attributes.find((facet: { name: string }) => facet.name === 'Thread');
    // Thread counted among the A2 bolts, whatever threads were ticked.
    expect(thread.values).toEqual([{ value: 'M6', count: 0 }, { value: 'M8', count: 1 }, { value: 'M10', count: 1 }]);
  });

  it('refuses a malformed pair and too many pairs under attr', async () => {
    const { call } = createTestApp();
    const invalid = messages.attributeFilterInvalid(60, 200);
    const many = Array.from({ length: MAX_ATTRIBUTE_FILTERS + 1 }, (_, i) => `attr=${encodeURIComponent(`Length:${i} mm`)}`).join('&');
    const refusals: [query: string, message: string][] = [
      ['attr=Thread', invalid],
      [`attr=${encodeURIComponent(':M8')}`, invalid],
      [`attr=${encodeURIComponent('Thread:M8')}&attr=${encodeURIComponent('Thread:')}`, invalid],
      [many, messages.tooMany(MAX_ATTRIBUTE_FILTERS)],
    ];
    for (const [query, message] of refusals) {
      const reply = await call('GET', `/api/products?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json.error.fields, query).toEqual({ attr: message });
    }
  });
});
