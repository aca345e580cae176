import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listProducts } from '#domain/catalog/browse-catalog.ts';
import type { Ports } from '#domain/ports.ts';
import { createMemoryStorage } from '../storage/memory/memory-store.ts';
import { DEMO_DEPARTMENTS } from './demo-catalogue.ts';
import { DEMO_PRODUCTS, DEMO_REVIEWS, demoImagePaths, seedDemoData } from './demo-data.ts';

const publicDir = fileURLToPath(new URL('../../web/public', import.meta.url));

const makeDeps = (): Pick<Ports, 'store' | 'clock' | 'ids'> => {
  let next = 0;
  return {
    store: createMemoryStorage().repositories,
    clock: { now: () => new Date('2026-01-15T12:00:00Z') },
    ids: { newId: () => `id-${++next}` },
  };
};

describe('seedDemoData', () => {
  it('fills an empty store with the twelve tools, then the parts, and four reviews, newest first as listed', async () => {
    const deps = makeDeps();
    expect(await seedDemoData(deps)).toBe(true);

    const page = await listProducts(deps, { limit: 100 });
    expect(page.items.map((product) => product.name)).toEqual(DEMO_PRODUCTS.map((product) => product.name));
    expect(page.items).toHaveLength(DEMO_PRODUCTS.length);
    expect(page.items.slice(0, 6).map((product) => product.name)).toContain('Reducers & Adapters Socket Set');
    const createdAt = page.items.map((product) => product.createdAt.getTime());
    expect(new Set(createdAt).size).toBe(createdAt.length);
    for (const product of page.items) {
      expect(Number.isInteger(product.priceCents)).toBe(true);
      expect(product.stock).toBeGreaterThanOrEqual(product.minOrderQuantity * 3);
      expect(product.minOrderQuantity % product.packSize).toBe(0);
      expect(product.categoryId, product.name).not.toBeNull();
      expect(product.imageUrl).toMatch(/^\/demo\/products\/[a-z-]+\.svg$/);
    }

    const reviews = await deps.store.reviews.list({ limit: 10 });
    expect(reviews.items.map((review) => review.name)).toEqual(DEMO_REVIEWS.map((review) => review.name));
    for (const review of reviews.items) expect(review.imageUrl).toMatch(/^\/demo\/avatars\/[a-z-]+\.svg$/);
  });

  it('seeds once when several instances start at the same moment on one empty store', async () => {
    const deps = makeDeps();
    expect(await Promise.all([seedDemoData(deps), seedDemoData(deps), seedDemoData(deps)])).toEqual([true, false, false]);
    expect(await deps.store.products.count()).toBe(DEMO_PRODUCTS.length);
    expect((await deps.store.reviews.list({ limit: 100 })).items).toHaveLength(4);
    expect(await deps.store.categories.listAll()).toHaveLength(DEMO_DEPARTMENTS.reduce((count, department) => count + 1 + department.categories.length, 0));
  });

  it('does nothing when the store already has products', async () => {
    const deps = makeDeps();
    await seedDemoData(deps);
    expect(await seedDemoData(deps)).toBe(false);
    expect(await deps.store.products.count()).toBe(DEMO_PRODUCTS.length);
    expect((await deps.store.reviews.list({ limit: 100 })).items).toHaveLength(4);
  });

  it('never seeds over an operator’s own catalogue', async () => {
    const deps = makeDeps();
    await deps.store.products.create({
      id: 'own',
      name: 'Own product',
      description: 'Added by the operator.',
      imageUrl: '/uploads/own.png',
      priceCents: 100,
      stock: 1,
      createdAt: new Date(),
    });
    expect(await seedDemoData(deps)).toBe(false);
    expect(await deps.store.products.count()).toBe(1);
  });

  it('ships every image it points at, each a small SVG', () => {
    const paths = demoImagePaths();
    expect(paths).toHaveLength(new Set(DEMO_PRODUCTS.map((product) => product.image ?? product.slug)).size + DEMO_REVIEWS.length);
    for (const path of paths) {
      const file = `${publicDir}${path}`;
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(6_000);
    }
  });
});
