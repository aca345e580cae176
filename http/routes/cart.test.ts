import { describe, expect, it } from 'vitest';
import type { CartDto, OrderDto, ReorderDto, ResolvedListDto } from '../dto.ts';
import { messages } from '#http/messages.ts';
import { addProduct, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const details = { phone: '+1 (555) 010-2030', address: '1 Harbour Road' };

const arrange = async () => {
  const context = createTestApp();
  const bolt = await addProduct(context.store, {
    sku: 'M8-BOLT-40',
    name: 'M8 bolt 40 mm',
    stock: 5_000,
    priceCents: 100,
    packSize: 50,
    minOrderQuantity: 200,
    priceTiers: [{ minQuantity: 1_000, unitPriceCents: 80 }],
  });
  const nut = await addProduct(context.store, { sku: 'M8-NUT-A2', name: 'M8 nut A2', stock: 300, priceCents: 20 });
  const buyer = await context.signUp();
  return { ...context, bolt, nut, buyer };
};

describe('GET/PUT /api/cart', () => {
  it('keeps the buyer’s lines on the server, priced with today’s tiers and advised line by line', async () => {
    const { call, bolt, nut, buyer } = await arrange();
    expect((await call('GET', '/api/cart', { token: buyer.token })).json).toEqual({ lines: [], lineCount: 0, itemCount: 0, totalCents: 0, orderable: false });

    const saved = await call('PUT', '/api/cart', { body: { lines: [{ productId: bolt.id, quantity: 1_000 }, { productId: nut.id, quantity: 400 }] }, token: buyer.token });
    expect(saved.status).toBe(200);
    const cart = saved.json as CartDto;
    expect(cart.lines.map((line) => [line.sku, line.quantity, line.unitPriceCents, line.lineTotalCents])).toEqual([
      ['M8-BOLT-40', 1_000, 80, 80_000],
      ['M8-NUT-A2', 400, 20, 8_000],
    ]);
    expect(cart).toMatchObject({ lineCount: 2, itemCount: 1_400, totalCents: 88_000, orderable: false });
    expect(cart.lines[0]).toMatchObject({ message: null, suggestion: null, advice: { valid: true } });
    // A draft may hold more than the shelf: the line says so, and the order will refuse it.
    expect(cart.lines[1]).toMatchObject({ advice: { valid: false, problems: ['ABOVE_STOCK'] } });
    expect(cart.lines[1]!.message).toContain('300');
    expect(cart.lines[1]!.suggestion).toEqual({ quantity: 300, reason: 'stock' });

    // Another device (another session of the same buyer) sees the same cart.
    expect((await call('GET', '/api/cart', { token: buyer.token })).json).toEqual(cart);
  });

  it('refuses bad lists with field messages and keeps the saved cart', async () => {
    const { call, bolt, buyer } = await arrange();
    await call('PUT', '/api/cart', { body: { lines: [{ productId: bolt.id, quantity: 200 }] }, token: buyer.token });
    const cases: [unknown, Record<string, string>][] = [
      [{ lines: 'all of them' }, { lines: messages.cartLinesRequired }],
      [{ lines: [{ productId: bolt.id, quantity: 0 }] }, { 'lines.0.quantity': messages.cartQuantityAtLeastOne }],
      [{ lines: [{ productId: bolt.id, quantity: 2.5 }] }, { 'lines.0.quantity': messages.quantityNotWhole }],
      [{ lines: [{ productId: bolt.id, quantity: 200 }, { productId: bolt.id, quantity: 300 }] }, { 'lines.1.productId': messages.duplicateLine(0) }],
      [{ lines: [{ productId: 'no-such-product', quantity: 200 }] }, { 'lines.0.productId': messages.productNotFound }],
      [{ lines: Array.from({ length: 101 }, (_, index) => ({ productId: `p-${index}`, quantity: 100 })) }, { lines: messages.tooManyLines(100) }],
    ];
    for (const [body, fields] of cases) {
      const refused = await call('PUT', '/api/cart', { body, token: buyer.token });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(expectError(refused.json)).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    }
    expect(((await call('GET', '/api/cart', { token: buyer.token })).json as CartDto).lines.map((line) => line.quantity)).toEqual([200]);
  });

  it('is each buyer’s own, and signed-out callers get 401', async () => {
    const { call, bolt, buyer, signUp } = await arrange();
    const other = await signUp();
    await call('PUT', '/api/cart', { body: { lines: [{ productId: bolt.id, quantity: 200 }] }, token: buyer.token });
    expect(((await call('GET', '/api/cart', { token: other.token })).json as CartDto).lines).toEqual([]);
    expect((await call('GET', '/api/cart')).status).toBe(401);
    expect((await call('PUT', '/api/cart', { body: { lines: [] } })).status).toBe(401);
  });

  it('ordering the cart empties it of the lines ordered, and only those', async () => {
    const { call, bolt, nut, buyer } = await arrange();
    await call('PUT', '/api/cart', { body: { lines: [{ productId: bolt.id, quantity: 200 }, { productId: nut.id, quantity: 100 }] }, token: buyer.token });
    const placed = await call('POST', '/api/orders', { body: { lines: [{ productId: bolt.id, quantity: 200 }], ...details }, token: buyer.token });
    expect(placed.status).toBe(201);
    expect(((await call('GET', '/api/cart', { token: buyer.token })).json as CartDto).lines.map((line) => line.sku)).toEqual(['M8-NUT-A2']);
    // A refused order leaves the cart as it was.
    const refused = await call('POST', '/api/orders', { body: { lines: [{ productId: nut.id, quantity: 1_000 }], ...details }, token: buyer.token });
    expect(refused.status).toBe(409);
    expect(((await call('GET', '/api/cart', { token: buyer.token })).json as CartDto).lineCount).toBe(1);
  });
});

describe('POST /api/orders/:id/reorder', () => {
  it('puts the order’s lines into the cart at today’s prices, added to what is there, and names what could not go in', async () => {
    const { call, store, bolt, nut, buyer } = await arrange();
    const washer = await addProduct(store, { sku: 'M8-WASHER', stock: 1_000, priceCents: 5 });
    const placed = await call('POST', '/api/orders', {
      body: { lines: [{ productId: bolt.id, quantity: 400 }, { productId: nut.id, quantity: 300 }, { productId: washer.id, quantity: 100 }], ...details },
      token: buyer.token,
    });
    const order = placed.json as OrderDto;
    await store.products.delete(washer.id);
    await store.products.update(bolt.id, { priceCents: 120 }, new Date());
    await call('PUT', '/api/cart', { body: { lines: [{ productId: bolt.id, quantity: 200 }] }, token: buyer.token });

    const again = await call('POST', `/api/orders/${order.id}/reorder`, { token: buyer.token });
    expect(again.status).toBe(200);
    const { cart, notAdded } = again.json as ReorderDto;
    expect(cart.lines.map((line) => [line.sku, line.quantity, line.unitPriceCents])).toEqual([['M8-BOLT-40', 600, 120]]);
    expect(notAdded).toEqual([
      { position: 1, sku: 'M8-NUT-A2', productName: 'M8 nut A2', reason: 'sold-out', message: messages.reorderSoldOut },
      { position: 2, sku: 'M8-WASHER', productName: order.lines[2]!.productName, reason: 'product-gone', message: messages.reorderProductGone },
    ]);
  });

  it('answers 404 for another buyer’s order, exactly as for none, and changes no cart', async () => {
    const { call, bolt, buyer, signUp } = await arrange();
    const placed = await call('POST', '/api/orders', { body: { lines: [{ productId: bolt.id, quantity: 200 }], ...details }, token: buyer.token });
    const stranger = await signUp();
    for (const id of [(placed.json as OrderDto).id, 'no-such-order']) {
      const answer = await call('POST', `/api/orders/${id}/reorder`, { token: stranger.token });
      expect(answer.status).toBe(404);
      expect(expectError(answer.json).code).toBe('NOT_FOUND');
    }
    expect(((await call('GET', '/api/cart', { token: stranger.token })).json as CartDto).lines).toEqual([]);
  });
});

describe('POST /api/cart/resolve', () => {
  it('reads a pasted list for anyone: each row’s status, suggestion and did-you-mean', async () => {
    const { call } = await arrange();
    const answer = await call('POST', '/api/cart/resolve', { body: { text: 'SKU\tQty\nM8-BOLT-40\t1000\nm8-bolt-40, 230\nM8-NTU-A2;100\nM8-NUT-A2 120\nnonsense' } });
    expect(answer.status).toBe(200);
    const { rows } = answer.json as ResolvedListDto;
    expect(rows.map((row) => [row.line, row.status, row.quantity])).toEqual([
      [2, 'not-a-pack-multiple', 1_230],
      [3, 'duplicate', 230],
      [4, 'unknown-sku', 100],
      [5, 'ok', 120],
      [6, 'unreadable', null],
    ]);
    expect(rows[0]!.suggestion).toEqual({ quantity: 1_250, reason: 'pack' });
    expect(rows[2]!.didYouMean).toEqual(['M8-NUT-A2']);
  });

  it('refuses what cannot be read at all, with the reason under `text`', async () => {
    const { call } = await arrange();
    for (const [body, message] of [
      [{ text: '   ' }, messages.pastedListEmpty],
      [{ text: 'A 1\n'.repeat(201) }, messages.pastedListTooManyLines(200)],
      [{ text: 42 }, messages.pastedListNotText],
    ] as const) {
      const answer = await call('POST', '/api/cart/resolve', { body });
      expect(answer.status).toBe(400);
      expect(expectError(answer.json).fields).toEqual({ text: message });
    }
  });

  it('is open to admins and visitors alike (nothing is written)', async () => {
    const context = createTestApp();
    const admin = await signUpAdmin(context);
    const answer = await context.call('POST', '/api/cart/resolve', { body: { text: 'NOPE-1 100' }, token: admin.token });
    expect(answer.status).toBe(200);
  });
});
