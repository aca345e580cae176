import { describe, expect, it } from 'vitest';
import type { StoreHarness } from './store-harness.ts';

/** CartRepository: one saved list per buyer, replaced whole, leaving with its products and buyer. */
export function describeCartContract(h: StoreHarness): void {
  describe('carts', () => {
    it('keeps each buyer its own lines, in the order saved, with the products as they are now', async () => {
      const [bolt, nut, washer] = [await h.addProduct({ name: 'Bolt' }), await h.addProduct({ name: 'Nut' }), await h.addProduct({ name: 'Washer' })];
      const [ann, bob] = [await h.addUser(), await h.addUser()];
      expect(await h.store.carts.replace(ann.id, [{ productId: nut!.id, quantity: 300 }, { productId: bolt!.id, quantity: 150 }])).toEqual({ missing: [] });
      await h.store.carts.replace(bob.id, [{ productId: washer!.id, quantity: 1 }]);
      await h.store.products.update(nut!.id, { priceCents: 42 }, h.at(9));

      const items = await h.store.carts.itemsOf(ann.id);
      expect(items.map(({ product, quantity }) => [product.name, quantity])).toEqual([['Nut', 300], ['Bolt', 150]]);
      expect(items[0]!.product).toEqual(await h.store.products.findById(nut!.id));
      expect(items[0]!.product.priceCents).toBe(42);
      expect((await h.store.carts.itemsOf(bob.id)).map(({ product }) => product.name)).toEqual(['Washer']);
      expect(await h.store.carts.itemsOf('nobody')).toEqual([]);
    });

    it('replaces the whole list, and an empty list empties the cart', async () => {
      const [bolt, nut] = [await h.addProduct(), await h.addProduct()];
      const ann = await h.addUser();
      await h.store.carts.replace(ann.id, [{ productId: bolt!.id, quantity: 100 }, { productId: nut!.id, quantity: 200 }]);
      await h.store.carts.replace(ann.id, [{ productId: nut!.id, quantity: 500 }, { productId: bolt!.id, quantity: 700 }]);
      expect((await h.store.carts.itemsOf(ann.id)).map(({ product, quantity }) => [product.id, quantity])).toEqual([
        [nut!.id, 500],
        [bolt!.id, 700],
      ]);
      await h.store.carts.replace(ann.id, []);
      expect(await h.store.carts.itemsOf(ann.id)).toEqual([]);
    });

    it('saves nothing when a line names a product that does not exist, and says which', async () => {
      const bolt = await h.addProduct();
      const ann = await h.addUser();
      await h.store.carts.replace(ann.id, [{ productId: bolt!.id, quantity: 100 }]);
      const answer = await h.store.carts.replace(ann.id, [
        { productId: 'no-such-product', quantity: 100 },
        { productId: bolt!.id, quantity: 900 },
        { productId: 'nor-this-one', quantity: 100 },
      ]);
      expect(answer).toEqual({ missing: [0, 2] });
      expect((await h.store.carts.itemsOf(ann.id)).map(({ quantity }) => quantity)).toEqual([100]);
    });

    it('takes ordered products out of one buyer’s cart only', async () => {
      const [bolt, nut, washer] = [await h.addProduct(), await h.addProduct(), await h.addProduct()];
      const [ann, bob] = [await h.addUser(), await h.addUser()];
      const lines = [bolt!, nut!, washer!].map((product) => ({ productId: product.id, quantity: 100 }));
      await h.store.carts.replace(ann.id, lines);
      await h.store.carts.replace(bob.id, lines);
      await h.store.carts.removeProducts(ann.id, [bolt!.id, washer!.id, 'never-in-the-cart']);
      await h.store.carts.removeProducts(ann.id, []);
      expect((await h.store.carts.itemsOf(ann.id)).map(({ product }) => product.id)).toEqual([nut!.id]);
      expect(await h.store.carts.itemsOf(bob.id)).toHaveLength(3);
    });

    it('a deleted product leaves every cart; a deleted buyer takes the cart along', async () => {
      const [bolt, nut] = [await h.addProduct(), await h.addProduct()];
      const [ann, bob] = [await h.addUser(), await h.addUser()];
      await h.store.carts.replace(ann.id, [{ productId: bolt!.id, quantity: 100 }, { productId: nut!.id, quantity: 100 }]);
      await h.store.carts.replace(bob.id, [{ productId: nut!.id, quantity: 100 }]);
      await h.store.products.delete(bolt!.id);
      expect((await h.store.carts.itemsOf(ann.id)).map(({ product }) => product.id)).toEqual([nut!.id]);
      expect(await h.store.users.delete(bob.id)).toBe(true);
      expect(await h.store.carts.itemsOf(bob.id)).toEqual([]);
      // The buyer's cart still saves after a product it held was deleted.
      await h.store.carts.replace(ann.id, [{ productId: nut!.id, quantity: 200 }]);
      expect((await h.store.carts.itemsOf(ann.id)).map(({ quantity }) => quantity)).toEqual([200]);
    });
  });
}
