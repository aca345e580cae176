import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { messages } from '#http/messages.ts';
import { addProduct, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

describe('products', () => {
  it('lists newest first with cursor pagination and the contract shape', async () => {
    const context = createTestApp();
    const products = [];
    for (let i = 0; i < 5; i += 1) {
      products.push(await addProduct(context.store, { createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, i)) }));
    }
    const newestFirst = [...products].reverse().map((product) => product.id);

    const first = await context.call('GET', '/api/products?limit=2');
    expect(first.status).toBe(200);
    expect(first.json.items.map((item: { id: string }) => item.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.json.items[0]).toEqual({
      id: products[4]!.id,
      sku: products[4]!.sku,
      name: products[4]!.name,
      description: 'Heavy duty',
      imageUrl: '/demo/products/wrench.svg',
      priceCents: 1250,
      stock: 1000,
      categoryId: null,
      category: null,
      brand: null,
      unit: 'piece',
      attributes: [],
      minOrderQuantity: 100,
      packSize: 1,
      priceTiers: [],
      createdAt: products[4]!.createdAt.toISOString(),
      updatedAt: products[4]!.updatedAt.toISOString(),
    });
    expect(typeof first.json.nextCursor).toBe('string');

    const second = await context.call('GET', `/api/products?limit=2&cursor=${encodeURIComponent(first.json.nextCursor)}`);
    expect(second.json.items.map((item: { id: string }) => item.id)).toEqual(newestFirst.slice(2, 4));
    const third = await context.call('GET', `/api/products?limit=2&cursor=${encodeURIComponent(second.json.nextCursor)}`);
    expect(third.json.items.map((item: { id: string }) => item.id)).toEqual(newestFirst.slice(4));
    expect(third.json.nextCursor).toBeNull();

    const all = await context.call('GET', '/api/products');
    expect(all.json.items).toHaveLength(5);
    const garbageCursor = await context.call('GET', '/api/products?cursor=%%%garbage');
    expect(garbageCursor.status).toBeLessThan(500);
  });

  it('reads one product publicly and answers 404 for an unknown id', async () => {
    const context = createTestApp();
    const product = await addProduct(context.store);
    const found = await context.call('GET', `/api/products/${product.id}`);
    expect(found.status).toBe(200);
    expect(found.json.id).toBe(product.id);
    const missing = await context.call('GET', `/api/products/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(expectError(missing.json)).toEqual({ code: 'NOT_FOUND', message: messages.productNotFound });
  });
});

describe('reviews', () => {
  it('lists newest first and honours limit=3 for the home page', async () => {
    const context = createTestApp();
    for (let i = 0; i < 5; i += 1) {
      await context.store.reviews.create({
        id: `r${i}`,
        userId: null,
        name: `Reviewer ${i}`,
        imageUrl: '',
        country: 'Norway',
        rating: 5,
        comment: 'Great',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      });
    }
    const home = await context.call('GET', '/api/reviews?limit=3');
    expect(home.status).toBe(200);
    expect(home.json.items.map((review: { name: string }) => review.name)).toEqual(['Reviewer 4', 'Reviewer 3', 'Reviewer 2']);
    expect(home.json.items[0]).not.toHaveProperty('userId');
    expect((await context.call('GET', '/api/reviews')).json.items).toHaveLength(5);
  });
});

describe('newsletter and contact', () => {
  it('subscribes idempotently per e-mail', async () => {
    const context = createTestApp();
    const first = await context.call('POST', '/api/newsletter', { body: { email: 'news@example.com' } });
    expect(first.status).toBe(201);
    const again = await context.call('POST', '/api/newsletter', { body: { email: 'NEWS@example.com' } });
    expect(again.status).toBe(201);
    expect((await context.store.inbox.listSubscribers({ limit: 100 })).items).toHaveLength(1);
    const bad = await context.call('POST', '/api/newsletter', { body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(expectError(bad.json).fields).toEqual({ email: messages.emailInvalid });
  });

  it('stores contact messages, visible to admins only', async () => {
    const context = createTestApp();
    const sent = await context.call('POST', '/api/contact', {
      body: { name: 'Carla', email: 'carla@example.com', message: 'Do you ship to Oslo?' },
    });
    expect(sent.status).toBe(201);
    const invalid = await context.call('POST', '/api/contact', { body: { name: '', email: 'carla@example.com', message: '' } });
    expect(invalid.status).toBe(400);
    expect(expectError(invalid.json).fields).toEqual({ name: messages.nameRequired, message: messages.messageRequired });

    expect((await context.call('GET', '/api/admin/messages')).status).toBe(401);
    const customer = await context.signUp();
    expect((await context.call('GET', '/api/admin/messages', { token: customer.token })).status).toBe(403);
    const admin = await signUpAdmin(context);
    const inbox = await context.call('GET', '/api/admin/messages', { token: admin.token });
    expect(inbox.status).toBe(200);
    expect(inbox.json.items).toEqual([
      expect.objectContaining({ name: 'Carla', email: 'carla@example.com', message: 'Do you ship to Oslo?' }),
    ]);
  });
});
