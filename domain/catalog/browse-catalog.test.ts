import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createWorld, type World } from '../testing/world.ts';
import { getProduct, listProducts, searchCatalog, suggestProducts } from './browse-catalog.ts';
import { isSoldOut } from './product.ts';

let world: World;
beforeEach(async () => {
  world = createWorld(createMemoryStorage().repositories);
  for (let i = 1; i <= 5; i += 1) {
    await world.addProduct({ name: `Product ${i}` });
    world.clock.advance(1_000);
  }
});

describe('listProducts', () => {
  it('lists the newest first', async () => {
    const page = await listProducts(world.deps, { limit: 3 });
    expect(page.items.map((product) => product.name)).toEqual(['Product 5', 'Product 4', 'Product 3']);
    const next = await listProducts(world.deps, { limit: 3, cursor: page.nextCursor });
    expect(next.items.map((product) => product.name)).toEqual(['Product 2', 'Product 1']);
    expect(next.nextCursor).toBeNull();
  });

  it.each([
    [0, 1],
    [-7, 1],
    [2.9, 2],
  ])('clamps the limit %s to %s', async (limit, expected) => {
    expect((await listProducts(world.deps, { limit })).items).toHaveLength(expected);
  });
});

describe('getProduct', () => {
  it('finds a product, and NOT_FOUND for an unknown id', async () => {
    const product = await world.addProduct({ name: 'Teflon tape' });
    expect(await getProduct(world.deps, product.id)).toMatchObject({ ok: true, value: { name: 'Teflon tape' } });
    expect(await getProduct(world.deps, 'nope')).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'product' } });
  });
});

describe('isSoldOut', () => {
  it('is true only at zero stock', () => {
    expect([isSoldOut({ stock: 0 }), isSoldOut({ stock: 1 })]).toEqual([true, false]);
  });
});

describe('searchCatalog: search that forgives', () => {
  it('finds a misspelt word through its correction and says the corrected query only when nothing matched as typed', async () => {
    const washer = await world.addProduct({ name: 'Flat washer M8', description: 'Zinc.' });
    const found = await searchCatalog({ store: world.store }, { q: 'wahser' });
    expect(found.ok && found.value.items.map((product) => product.id)).toEqual([washer.id]);
    expect(found.ok && found.value.correctedQuery).toBe('washer');
    const exact = await searchCatalog({ store: world.store }, { q: 'wahser', exact: true });
    expect(exact.ok && [exact.value.total, exact.value.correctedQuery]).toEqual([0, null]);
    const typed = await searchCatalog({ store: world.store }, { q: 'washer' });
    expect(typed.ok && [typed.value.total, typed.value.correctedQuery]).toEqual([1, null]);
  });

  it('corrects only words no catalogue word starts with: a word the catalogue has is taken as meant', async () => {
    const misspelt = await world.addProduct({ name: 'Spring wahser M8', description: 'Zinc.' });
    await world.addProduct({ name: 'Flat washer M8', description: 'Zinc.' });
    const found = await searchCatalog({ store: world.store }, { q: 'wahser' });
    expect(found.ok && found.value.items.map((product) => product.id)).toEqual([misspelt.id]);
    expect(found.ok && found.value.correctedQuery).toBeNull();
  });

  it('ranks what only a correction found below what the words found as typed (here, by SKU key)', async () => {
    const washer = await world.addProduct({ name: 'Flat washer M8', description: 'Zinc.' });
    const byKey = await world.store.products.create({ id: 'p-wh', sku: 'WAHSER9', name: 'Spring clip', description: 'x', imageUrl: '/x.svg', priceCents: 10, stock: 1, createdAt: world.clock.now() });
    if (byKey === 'duplicate-sku') throw new Error('arrange: SKU taken');
    const found = await searchCatalog({ store: world.store }, { q: 'wahser' });
    expect(found.ok && found.value.items.map((product) => product.id)).toEqual([byKey.id, washer.id]);
    // Something matched as typed: no "showing results for".
    expect(found.ok && found.value.correctedQuery).toBeNull();
  });

  it('finds a part number typed without its separators, in the search and the typeahead', async () => {
    const product = await world.store.products.create({ id: 'p-fb', sku: 'FB-M8-40-A2', name: 'Flange bolt', description: 'x', imageUrl: '/x.svg', priceCents: 10, stock: 1, createdAt: world.clock.now() });
    if (product === 'duplicate-sku') throw new Error('arrange: SKU taken');
    const found = await searchCatalog({ store: world.store }, { q: 'fbm840' });
    expect(found.ok && found.value.items.map((item) => item.sku)).toEqual(['FB-M8-40-A2']);
    expect((await suggestProducts({ store: world.store }, 'FB M8 40')).map((item) => item.sku)).toEqual(['FB-M8-40-A2']);
  });
});
