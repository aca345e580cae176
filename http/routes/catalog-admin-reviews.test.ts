import { describe, expect, it } from 'vitest';
import { messages } from '#http/messages.ts';
import { productSchema } from '../schemas.ts';
import { addProduct, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const newProduct = {
  name: 'Brass gate valve',
  description: 'DN50, PN16',
  imageUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
  priceCents: 4599,
  stock: 800,
};

describe('product administration', () => {
  it('lets an admin create (201), patch any subset and delete (204) a product', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const created = await context.call('POST', '/api/products', { token: admin.token, body: { ...newProduct, id: 'mine', sku: ' bh-ww-1 ' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ ...newProduct, sku: 'BH-WW-1', minOrderQuantity: 100, packSize: 1, unit: 'piece', priceTiers: [] });
    expect(created.json.id).not.toBe('mine');
    const listed = await context.call('GET', '/api/products');
    expect(listed.json.items[0].id).toBe(created.json.id);

    const patched = await context.call('PATCH', `/api/products/${created.json.id}`, { token: admin.token, body: { priceCents: 4999 } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ ...newProduct, priceCents: 4999 });
    expect(new Date(patched.json.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.json.updatedAt).getTime());

    const deleted = await context.call('DELETE', `/api/products/${created.json.id}`, { token: admin.token });
    expect(deleted.status).toBe(204);
    expect((await context.call('GET', `/api/products/${created.json.id}`)).status).toBe(404);
    const again = await context.call('DELETE', `/api/products/${created.json.id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(expectError(again.json).message).toBe(messages.productNotFound);
  });

  it('answers bad product input with 400 and the catalogue messages; an empty patch is 400', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const missing = await context.call('POST', '/api/products', { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(expectError(missing.json).fields).toEqual({
      name: messages.productNameRequired,
      description: messages.descriptionRequired,
      imageUrl: messages.imageMissing,
      priceCents: messages.priceRequired,
      stock: messages.quantityNotWhole,
    });
    const wrong = await context.call('POST', '/api/products', {
      token: admin.token,
      body: { ...newProduct, priceCents: 12.5, stock: -1 },
    });
    expect(expectError(wrong.json).fields).toEqual({ priceCents: messages.priceNotNumber, stock: messages.quantityNotWhole });
    const zero = await context.call('POST', '/api/products', { token: admin.token, body: { ...newProduct, priceCents: 0, stock: 0 } });
    expect(expectError(zero.json).fields).toEqual({ priceCents: messages.priceNotNumber });

    const product = await addProduct(context.store);
    const empty = await context.call('PATCH', `/api/products/${product.id}`, { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(expectError(empty.json).code).toBe('VALIDATION_FAILED');
    expect(expectError(empty.json).fields).toEqual({ body: messages.nothingToUpdate });
    const unknownOnly = await context.call('PATCH', `/api/products/${product.id}`, { token: admin.token, body: { colour: 'red' } });
    expect(unknownOnly.status).toBe(400);
    const blankName = await context.call('PATCH', `/api/products/${product.id}`, { token: admin.token, body: { name: '  ' } });
    expect(expectError(blankName.json).fields).toEqual({ name: messages.productNameRequired });
    expect((await context.call('PATCH', '/api/products/nope', { token: admin.token, body: { stock: 5 } })).status).toBe(404);
  });

  it('refuses product writes from customers (403) and anonymous callers (401), changing nothing', async () => {
    const context = createTestApp();
    const buyer = await context.signUp();
    const product = await addProduct(context.store);
    const attempts = [
      ['POST', '/api/products', newProduct],
      ['PATCH', `/api/products/${product.id}`, { priceCents: 1 }],
      ['DELETE', `/api/products/${product.id}`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      expect((await context.call(method, path, { token: buyer.token, ...(body ? { body } : {}) })).status).toBe(403);
      expect((await context.call(method, path, body ? { body } : {})).status).toBe(401);
    }
    expect(await context.store.products.findById(product.id)).toMatchObject({ priceCents: product.priceCents });
    expect((await context.call('GET', '/api/products')).json.items).toHaveLength(1);
  });

  it('keeps the snapshot in existing orders when their product is deleted', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const buyer = await context.signUp();
    const product = await addProduct(context.store, { name: 'Discontinued pump', priceCents: 2000 });
    const placed = await context.call('POST', '/api/orders', {
      token: buyer.token,
      body: { productId: product.id, quantity: 100, phone: '5550100', address: '1 Harbour Road' },
    });
    expect(placed.status).toBe(201);
    expect((await context.call('DELETE', `/api/products/${product.id}`, { token: admin.token })).status).toBe(204);
    const order = await context.call('GET', `/api/orders/${placed.json.id}`, { token: buyer.token });
    expect(order.status).toBe(200);
    expect(order.json).toMatchObject({
      productName: 'Discontinued pump',
      productImageUrl: product.imageUrl,
      unitPriceCents: 2000,
      totalCents: 200_000,
      quantity: 100,
    });
  });
});

describe('the product schema', () => {
  it('productSchema is the one the server uses', () => {
    expect(productSchema.safeParse(newProduct).success).toBe(true);
    expect(productSchema.safeParse({ ...newProduct, imageUrl: '//evil.example/x.png' }).success).toBe(false);
  });
});

describe('reviews', () => {
  const review = { country: 'Norway', rating: 4, comment: 'Valves arrived on time.', imageUrl: '/uploads/0123456789abcdef0123456789abcdef.png' };

  it('lets a customer post a review named after the account (the form cannot choose)', async () => {
    const context = createTestApp();
    const buyer = await context.signUp({ name: 'Ingrid' });
    const posted = await context.call('POST', '/api/reviews', { token: buyer.token, body: { ...review, name: 'Someone Famous', createdAt: '2001-01-01' } });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ ...review, name: 'Ingrid' });
    expect(Math.abs(new Date(posted.json.createdAt).getTime() - Date.now())).toBeLessThan(60_000);
    const latest = await context.call('GET', '/api/reviews?limit=3');
    expect(latest.json.items[0]).toEqual(posted.json);
  });

  it('answers bad reviews with 400 and the catalogue messages', async () => {
    const context = createTestApp();
    const buyer = await context.signUp();
    const response = await context.call('POST', '/api/reviews', { token: buyer.token, body: { country: '', rating: 6, comment: ' ' } });
    expect(response.status).toBe(400);
    expect(expectError(response.json).fields).toEqual({
      country: messages.countryRequired,
      rating: messages.ratingRange,
      comment: messages.commentRequired,
      imageUrl: messages.imageMissing,
    });
    expect((await context.call('POST', '/api/reviews', { token: buyer.token, body: { ...review, rating: 4.5 } })).status).toBe(400);
  });

  it('lets an admin remove a review; customers and anonymous callers cannot', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const buyer = await context.signUp();
    const posted = await context.call('POST', '/api/reviews', { token: buyer.token, body: review });
    expect((await context.call('DELETE', `/api/reviews/${posted.json.id}`, { token: buyer.token })).status).toBe(403);
    expect((await context.call('DELETE', `/api/reviews/${posted.json.id}`)).status).toBe(401);
    expect((await context.call('DELETE', `/api/reviews/${posted.json.id}`, { token: admin.token })).status).toBe(204);
    expect((await context.call('GET', '/api/reviews')).json.items).toEqual([]);
    expect((await context.call('DELETE', `/api/reviews/${posted.json.id}`, { token: admin.token })).status).toBe(404);
    expect((await context.call('POST', '/api/reviews', { body: review })).status).toBe(401);
  });
});
