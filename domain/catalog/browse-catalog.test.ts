import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createWorld, type World } from '../testing/world.ts';
import { getProduct, listProducts } from './browse-catalog.ts';
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
