import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '#adapters/storage/sqlite/sqlite-store.ts';
import { createTestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryTestPaymentIntents } from '#adapters/storage/memory/test-payment-intents.ts';
import { messages } from '#http/messages.ts';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import type { Logger } from '../logger.ts';
import { addProduct, createMemoryMailer, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const orderBody = (productId: string, quantity = 100) => ({ productId, quantity, phone: '+1 (555) 010-2030', address: '1 Harbour Road' });

const arrange = async (stock = 1000, priceCents = 1250) => {
  const context = createTestApp();
  const product = await addProduct(context.store, { stock, priceCents });
  const buyer = await context.signUp();
  const stockNow = async () => (await context.store.products.findById(product.id))?.stock;
  return { ...context, product, buyer, stockNow };
};

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const billing = { name: 'Ada Buyer', email: 'ada@example.com' };

describe('placing orders', () => {
  it('refuses 99 units with 400 and accepts 100 with 201 and a server-computed total', async () => {
    const { call, product, buyer, stockNow } = await arrange();
    const tooFew = await call('POST', '/api/orders', { body: orderBody(product.id, 99), token: buyer.token });
    expect(tooFew.status).toBe(400);
    expect(expectError(tooFew.json).fields).toEqual({ quantity: messages.lineBelowMinimum(100) });
    const { quantity: _missing, ...withoutQuantity } = orderBody(product.id);
    const noQuantity = await call('POST', '/api/orders', { body: withoutQuantity, token: buyer.token });
    expect(expectError(noQuantity.json).fields).toEqual({ quantity: messages.quantityRequired });
    const textQuantity = await call('POST', '/api/orders', { body: { ...withoutQuantity, quantity: 'lots' }, token: buyer.token });
    expect(expectError(textQuantity.json).fields).toEqual({ quantity: messages.quantityNotWhole });
    expect(await stockNow()).toBe(1000);

    const placed = await call('POST', '/api/orders', { body: orderBody(product.id, 100), token: buyer.token });
    expect(placed.status).toBe(201);
    expect(placed.json).toMatchObject({
      productId: product.id,
      productName: product.name,
      unitPriceCents: 1250,
      quantity: 100,
      totalCents: 125_000,
      phone: '+15550102030',
      address: '1 Harbour Road',
      status: 'unpaid',
      transactionId: null,
      paidAt: null,
      shippedAt: null,
      email: buyer.email,
      customerName: buyer.name,
    });
    expect(placed.json).not.toHaveProperty('userId');
    expect(placed.json).not.toHaveProperty('idempotencyKey');
    expect(await stockNow()).toBe(900);
  });

  it('ignores a client-sent price, total and status', async () => {
    const { call, product, buyer } = await arrange();
    const placed = await call('POST', '/api/orders', {
      body: { ...orderBody(product.id, 200), priceCents: 1, unitPriceCents: 1, totalCents: 1, status: 'shipped', transactionId: 'pi_fake' },
      token: buyer.token,
    });
    expect(placed.status).toBe(201);
    expect(placed.json).toMatchObject({ unitPriceCents: 1250, totalCents: 250_000, status: 'unpaid', transactionId: null });
  });

  it('answers more than the stock with 409 INSUFFICIENT_STOCK and takes nothing', async () => {
    const { call, product, buyer, stockNow } = await arrange(150);
    const response = await call('POST', '/api/orders', { body: orderBody(product.id, 151), token: buyer.token });
    expect(response.status).toBe(409);
    expect(expectError(response.json).code).toBe('INSUFFICIENT_STOCK');
    expect(await stockNow()).toBe(150);
  });

  it('gives field messages for a bad phone and a missing address', async () => {
    const { call, product, buyer } = await arrange();
    const response = await call('POST', '/api/orders', {
      body: { productId: product.id, quantity: 100, phone: 'call me', address: '  ' },
      token: buyer.token,
    });
    expect(response.status).toBe(400);
    expect(expectError(response.json).fields).toEqual({ phone: messages.phoneNotDigits, address: messages.addressRequired });
  });

  it('returns the same order for a retried Idempotency-Key, reserving stock once', async () => {
    const { call, product, buyer, stockNow } = await arrange();
    const headers = { 'idempotency-key': 'checkout-42' };
    const first = await call('POST', '/api/orders', { body: orderBody(product.id, 120), token: buyer.token, headers });
    const retry = await call('POST', '/api/orders', { body: orderBody(product.id, 120), token: buyer.token, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.json.id).toBe(first.json.id);
    expect(await stockNow()).toBe(880);
    const reused = await call('POST', '/api/orders', { body: orderBody(product.id, 130), token: buyer.token, headers });
    expect(reused.status).toBe(409);
    expect(expectError(reused.json).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherAddress = await call('POST', '/api/orders', {
      body: { ...orderBody(product.id, 120), address: 'Somewhere else 9' },
      token: buyer.token,
      headers,
    });
    expect(otherAddress.status).toBe(409);
    expect(expectError(otherAddress.json).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const badKey = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token, headers: { 'idempotency-key': 'has spaces' } });
    expect(badKey.status).toBe(400);
  });

  it('refuses admins (403 ADMIN_CANNOT_BUY), anonymous callers (401) and unknown products (404)', async () => {
    const context = await arrange();
    const admin = await signUpAdmin(context);
    const byAdmin = await context.call('POST', '/api/orders', { body: orderBody(context.product.id), token: admin.token });
    expect(byAdmin.status).toBe(403);
    expect(expectError(byAdmin.json)).toEqual({ code: 'ADMIN_CANNOT_BUY', message: messages.adminCannotBuy });
    expect((await context.call('POST', '/api/orders', { body: orderBody(context.product.id) })).status).toBe(401);
    const unknown = await context.call('POST', '/api/orders', { body: orderBody('no-such-product'), token: context.buyer.token });
    expect(unknown.status).toBe(404);
    expect(await context.stockNow()).toBe(1000);
  });
});

describe('reading and deleting orders', () => {
  it('lists only the caller’s own orders', async () => {
    const { call, signUp, product, buyer } = await arrange();
    const other = await signUp();
    await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    await call('POST', '/api/orders', { body: orderBody(product.id), token: other.token });
    const mine = await call('GET', '/api/orders', { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(mine.json.items).toHaveLength(1);
    expect(mine.json.items[0].email).toBe(buyer.email);
    expect((await call('GET', '/api/orders')).status).toBe(401);
  });

  it('finds an order by any tail of its number or the start of its PO number: a buyer among their own, an admin among all', async () => {
    const arranged = await arrange();
    const { call, signUp, product, buyer } = arranged;
    const other = await signUp();
    const admin = await signUpAdmin(arranged);
    const first = (await call('POST', '/api/orders', { body: { ...orderBody(product.id), poNumber: 'PO-7781' }, token: buyer.token })).json;
    const theirs = (await call('POST', '/api/orders', { body: orderBody(product.id), token: other.token })).json;
    expect(first.number).toMatch(/^BH-\d{4}-000001$/);
    const year = first.number.slice(3, 7);
    const mine = async (q: string) => ((await call('GET', `/api/orders?q=${encodeURIComponent(q)}`, { token: buyer.token })).json.items as { id: string }[]).map((order) => order.id);
    for (const q of ['000001', `${year}-000001`, first.number, first.number.toLowerCase(), ' 1 ', 'PO-77']) expect(await mine(q), q).toEqual([first.id]);
    // The other buyer's order 000002 is theirs alone.
    expect(await mine('000002')).toEqual([]);
    expect(await mine(theirs.number)).toEqual([]);
    expect(await mine('   ')).toHaveLength(1);

    const all = async (q: string) => (await call('GET', `/api/admin/orders?q=${encodeURIComponent(q)}`, { token: admin.token })).json;
    expect((await all('000002')).items.map((order: { id: string }) => order.id)).toEqual([theirs.id]);
    expect(await all(`${year}-00000`)).toMatchObject({ items: [], total: 0 });
    expect((await all('PO-7781')).total).toBe(1);
    expect((await call('GET', `/api/orders?q=${'x'.repeat(255)}`, { token: buyer.token })).status).toBe(400);
  });

  it('hides another user’s order (404) for read, delete, payment-intent and confirm; admins can read it', async () => {
    const context = await arrange();
    const { call, signUp, product, buyer } = context;
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const stranger = await signUp();
    const id = placed.json.id as string;
    const attempts = [
      await call('GET', `/api/orders/${id}`, { token: stranger.token }),
      await call('DELETE', `/api/orders/${id}`, { token: stranger.token }),
      await call('POST', `/api/orders/${id}/payment-intent`, { token: stranger.token }),
      await call('POST', `/api/orders/${id}/payment/confirm`, { token: stranger.token, body: { paymentIntentId: 'pi_x' } }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(expectError(attempt.json)).toEqual({ code: 'NOT_FOUND', message: messages.orderNotFound });
    }
    expect((await context.store.orders.findById(id))?.status).toBe('unpaid');
    expect((await call('GET', `/api/orders/${id}`, { token: buyer.token })).json.id).toBe(id);
    const admin = await signUpAdmin(context);
    expect((await call('GET', `/api/orders/${id}`, { token: admin.token })).status).toBe(200);
    // Paying is the owner's business only.
    expect((await call('POST', `/api/orders/${id}/payment-intent`, { token: admin.token })).status).toBe(404);
  });

  it('deletes an unpaid order (204) and returns its stock', async () => {
    const { call, product, buyer, stockNow } = await arrange();
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id, 300), token: buyer.token });
    expect(await stockNow()).toBe(700);
    const deleted = await call('DELETE', `/api/orders/${placed.json.id}`, { token: buyer.token });
    expect(deleted.status).toBe(204);
    expect(await stockNow()).toBe(1000);
    expect((await call('GET', `/api/orders/${placed.json.id}`, { token: buyer.token })).status).toBe(404);
  });
});

describe('paying with the test provider', () => {
  it('runs the whole flow: intent, 4242 card, confirm → pending with the transaction id; paying again is refused', async () => {
    const context = await arrange();
    const { call, product, buyer } = context;
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id, 150), token: buyer.token });
    const id = placed.json.id as string;

    const intent = await call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
    expect(intent.status).toBe(200);
    expect(intent.json).toMatchObject({ provider: 'test', publishableKey: null, amountCents: 187_500 });

    const early = await call('POST', `/api/orders/${id}/payment/confirm`, {
      token: buyer.token,
      body: { paymentIntentId: intent.json.clientSecret.split('_secret_')[0] },
    });
    expect(early.status).toBe(409);
    expect(expectError(early.json).code).toBe('PAYMENT_NOT_CONFIRMED');

    const charged = await call('POST', '/api/payments/test/confirm', {
      token: buyer.token,
      body: { clientSecret: intent.json.clientSecret, card, billing },
    });
    expect(charged.status).toBe(200);
    expect(charged.json.status).toBe('succeeded');

    const confirmed = await call('POST', `/api/orders/${id}/payment/confirm`, {
      token: buyer.token,
      body: { paymentIntentId: charged.json.paymentIntentId },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ id, status: 'pending', transactionId: charged.json.paymentIntentId });
    expect(confirmed.json.paidAt).not.toBeNull();

    // Confirming again is harmless; paying again is refused; a paid order cannot be deleted.
    const twice = await call('POST', `/api/orders/${id}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: charged.json.paymentIntentId } });
    expect(twice.json.status).toBe('pending');
    const again = await call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
    expect(again.status).toBe(409);
    expect(expectError(again.json).code).toBe('ORDER_ALREADY_PAID');
    const recharge = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
    expect(recharge.status).toBe(409);
    const deleted = await call('DELETE', `/api/orders/${id}`, { token: buyer.token });
    expect(deleted.status).toBe(409);
    expect(expectError(deleted.json).code).toBe('ORDER_NOT_DELETABLE');
  });

  it('shows an order paid whose confirm call failed after the card succeeded, and never offers it for payment again', async () => {
    const { call, product, buyer } = await arrange();
    const id = (await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token })).json.id as string;
    const intent = await call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
    const charged = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
    expect(charged.status).toBe(200);
    // POST …/payment/confirm never arrived (a 502); the pay page is opened again.
    const read = await call('GET', `/api/orders/${id}`, { token: buyer.token });
    expect(read.json).toMatchObject({ id, status: 'pending', transactionId: charged.json.paymentIntentId });
    const again = await call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
    expect(again.status).toBe(409);
    expect(expectError(again.json).code).toBe('ORDER_ALREADY_PAID');
  });

  describe('on two instances sharing one SQLite file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bulkhead-two-instances-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('pays through one an intent the other started, and confirms it there', async () => {
      const file = join(dir, 'shop.db');
      const first = createTestApp({ storage: openSqliteStorage(file) });
      const second = createTestApp({ storage: openSqliteStorage(file) });
      try {
        const product = await addProduct(first.store, { stock: 1000 });
        const buyer = await first.signUp();
        const id = (await first.call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token })).json.id as string;
        const intent = await first.call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
        const charged = await second.call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
        expect(charged.status).toBe(200);
        const confirmed = await second.call('POST', `/api/orders/${id}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: charged.json.paymentIntentId } });
        expect(confirmed.json).toMatchObject({ status: 'pending', transactionId: charged.json.paymentIntentId });
      } finally {
        await first.storage.lifecycle.close();
        await second.storage.lifecycle.close();
      }
    });
  });

  it('refuses an intent id made for another order', async () => {
    const { call, product, buyer } = await arrange();
    const first = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const second = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const intent = await call('POST', `/api/orders/${first.json.id}/payment-intent`, { token: buyer.token });
    const charged = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
    const crossed = await call('POST', `/api/orders/${second.json.id}/payment/confirm`, {
      token: buyer.token,
      body: { paymentIntentId: charged.json.paymentIntentId },
    });
    expect(crossed.status).toBe(409);
    expect((await call('GET', `/api/orders/${second.json.id}`, { token: buyer.token })).json.status).toBe('unpaid');
  });

  it('answers a declined card with 402 and leaves the order unpaid', async () => {
    const { call, product, buyer } = await arrange();
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const intent = await call('POST', `/api/orders/${placed.json.id}/payment-intent`, { token: buyer.token });
    const declined = await call('POST', '/api/payments/test/confirm', {
      token: buyer.token,
      body: { clientSecret: intent.json.clientSecret, card: { ...card, number: '4000 0000 0000 0002' }, billing },
    });
    expect(declined.status).toBe(402);
    expect(declined.json).toEqual({ error: { code: 'CARD_DECLINED', message: 'Your card was declined.' } });
    expect((await call('GET', `/api/orders/${placed.json.id}`, { token: buyer.token })).json.status).toBe('unpaid');
  });

  it('answers card problems with 400 on the card field', async () => {
    const { call, product, buyer } = await arrange();
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const intent = await call('POST', `/api/orders/${placed.json.id}/payment-intent`, { token: buyer.token });
    const pay = (cardOverride: object) =>
      call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card: { ...card, ...cardOverride }, billing } });
    const expired = await pay({ expMonth: 1, expYear: 2020 });
    expect(expired.status).toBe(400);
    expect(expectError(expired.json).fields).toEqual({ card: messages.cardExpired });
    const badCvc = await pay({ cvc: '12' });
    expect(badCvc.status).toBe(400);
    expect(expectError(badCvc.json).fields).toEqual({ card: messages.cardCvcInvalid });
    const badNumber = await pay({ number: '1234' });
    expect(expectError(badNumber.json).fields).toEqual({ card: messages.cardNumberInvalid });
    expect((await call('POST', '/api/payments/test/confirm', { body: { clientSecret: intent.json.clientSecret, card, billing } })).status).toBe(401);
  });

  it('takes the expiry and CVC as typed: digits in strings, a two-digit year', async () => {
    const { call, product, buyer } = await arrange();
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const intent = await call('POST', `/api/orders/${placed.json.id}/payment-intent`, { token: buyer.token });
    const typed = { number: '4242424242424242', expMonth: '04', expYear: String((new Date().getFullYear() + 3) % 100), cvc: 123 };
    const paid = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card: typed, billing } });
    expect(paid.status).toBe(200);
    expect(paid.json.status).toBe('succeeded');
    const lastCentury = await call('POST', '/api/payments/test/confirm', {
      token: buyer.token,
      body: { clientSecret: intent.json.clientSecret, card: { ...typed, expYear: '1999' }, billing },
    });
    expect(expectError(lastCentury.json).fields).toEqual({ card: messages.cardExpired });
  });

  it('reads an expiry typed on a phone keypad (MMYY, MM / YYYY) and names a missing or impossible one', async () => {
    const { call, product, buyer } = await arrange();
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const intent = await call('POST', `/api/orders/${placed.json.id}/payment-intent`, { token: buyer.token });
    const year = new Date().getFullYear() + 3;
    const pay = (expiry: object) =>
      call('POST', '/api/payments/test/confirm', {
        token: buyer.token,
        body: { clientSecret: intent.json.clientSecret, card: { number: '4242 4242 4242 4242', cvc: '123', ...expiry }, billing },
      });
    const missing = await pay({});
    expect(missing.status).toBe(400);
    expect(expectError(missing.json).fields).toEqual({ card: messages.cardExpiryMissing });
    expect(expectError((await pay({ expiry: '  ' })).json).fields).toEqual({ card: messages.cardExpiryMissing });
    expect(expectError((await pay({ expiry: `13${year % 100}` })).json).fields).toEqual({ card: messages.cardExpiryInvalid });
    expect(expectError((await pay({ expMonth: 13, expYear: year })).json).fields).toEqual({ card: messages.cardExpiryInvalid });
    expect(expectError((await pay({ expiry: '01/20' })).json).fields).toEqual({ card: messages.cardExpired });
    const paid = await pay({ expiry: `12 / ${year}` });
    expect(paid.status).toBe(200);
    expect(paid.json.status).toBe('succeeded');
  });
});

describe('shipping', () => {
  it('ships only paid (pending) orders, admins only', async () => {
    const context = await arrange();
    const { call, product, buyer } = context;
    const admin = await signUpAdmin(context);
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const id = placed.json.id as string;
    const unpaid = await call('POST', `/api/admin/orders/${id}/ship`, { token: admin.token });
    expect(unpaid.status).toBe(409);
    expect(expectError(unpaid.json)).toEqual({ code: 'ORDER_NOT_SHIPPABLE', message: messages.orderNotShippable });

    const intent = await call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
    const charged = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
    await call('POST', `/api/orders/${id}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: charged.json.paymentIntentId } });

    expect((await call('POST', `/api/admin/orders/${id}/ship`, { token: buyer.token })).status).toBe(403);
    const shipped = await call('POST', `/api/admin/orders/${id}/ship`, { token: admin.token });
    expect(shipped.status).toBe(200);
    expect(shipped.json).toMatchObject({ id, status: 'shipped' });
    expect(shipped.json.shippedAt).not.toBeNull();
    expect((await call('POST', `/api/admin/orders/${id}/ship`, { token: admin.token })).status).toBe(409);
    expect((await call('GET', `/api/orders/${id}`, { token: buyer.token })).json.status).toBe('shipped');
    expect((await call('POST', `/api/admin/orders/no-such-order/ship`, { token: admin.token })).status).toBe(404);
  });

  it('takes an optional carrier and tracking number, which the buyer then sees, and refuses a bad one changing nothing', async () => {
    const context = await arrange();
    const { call, product, buyer } = context;
    const admin = await signUpAdmin(context);
    const placed = await call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const id = placed.json.id as string;
    const intent = await call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
    const charged = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
    const paid = await call('POST', `/api/orders/${id}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: charged.json.paymentIntentId } });
    expect(paid.json.invoiceNumber).toMatch(/^INV-\d{4}-000001$/);

    const bad = await call('POST', `/api/admin/orders/${id}/ship`, { token: admin.token, body: { carrier: 'UPS', trackingNumber: '1Z<b>' } });
    expect(bad.status).toBe(400);
    expect(expectError(bad.json).fields).toEqual({ trackingNumber: messages.trackingNumberCharacters });
    expect((await call('GET', `/api/orders/${id}`, { token: buyer.token })).json.status).toBe('pending');

    const shipped = await call('POST', `/api/admin/orders/${id}/ship`, { token: admin.token, body: { carrier: ' UPS ', trackingNumber: '1z999aa10123456784' } });
    expect(shipped.json).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect((await call('GET', `/api/orders/${id}`, { token: buyer.token })).json).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  });
});

describe('unpaid orders cannot tie up the shelf', () => {
  it('refuses an order past MAX_UNPAID_ORDERS_PER_ACCOUNT with 409 and the cap in words, reserving nothing', async () => {
    const context = createTestApp({ settings: { maxUnpaidOrdersPerAccount: 2 } });
    const product = await addProduct(context.store, { stock: 1000 });
    const buyer = await context.signUp();
    const order = () => context.call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    expect((await order()).status).toBe(201);
    expect((await order()).status).toBe(201);
    const refused = await order();
    expect(refused.status).toBe(409);
    expect(expectError(refused.json)).toEqual({ code: 'TOO_MANY_UNPAID_ORDERS', message: messages.tooManyUnpaidOrders(2) });
    expect((await context.store.products.findById(product.id))?.stock).toBe(800);
  });

  it('counts an order whose card was charged but whose confirmation never arrived as paid before refusing', async () => {
    const context = createTestApp({ settings: { maxUnpaidOrdersPerAccount: 1 } });
    const product = await addProduct(context.store, { stock: 1000 });
    const buyer = await context.signUp();
    const order = () => context.call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    const first = await order();
    const intent = await context.call('POST', `/api/orders/${first.json.id}/payment-intent`, { token: buyer.token });
    expect((await order()).status).toBe(409);
    expect((await context.call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } })).status).toBe(200);
    expect((await order()).status).toBe(201);
    expect((await context.store.orders.findById(first.json.id))?.status).toBe('pending');
  });

  it('lets an unpaid order expire after UNPAID_ORDER_TTL_HOURS: gone from the lists before they are read, its units back', async () => {
    let now = new Date('2026-11-01T09:00:00Z').getTime();
    const context = createTestApp({ clock: { now: () => new Date(now) }, settings: { unpaidOrderTtlHours: 48 } });
    const product = await addProduct(context.store, { stock: 1000 });
    const buyer = await context.signUp();
    const admin = await signUpAdmin(context);
    const placed = await context.call('POST', '/api/orders', { body: orderBody(product.id, 300), token: buyer.token });
    expect(placed.status).toBe(201);

    now += 47 * 60 * 60 * 1000;
    expect((await context.call('GET', '/api/orders', { token: buyer.token })).json.items).toHaveLength(1);
    now += 2 * 60 * 60 * 1000;
    expect((await context.call('GET', '/api/admin/orders?status=unpaid', { token: admin.token })).json).toMatchObject({ items: [], total: 0 });
    expect((await context.call('GET', '/api/orders', { token: buyer.token })).json.items).toEqual([]);
    expect((await context.call('GET', `/api/orders/${placed.json.id}`, { token: buyer.token })).status).toBe(404);
    expect((await context.store.products.findById(product.id))?.stock).toBe(1000);
  });
});

describe('ordering needs a verified e-mail', () => {
  it('refuses an unverified buyer with 403 and how to verify, reserving nothing; the mailed link lets them order', async () => {
    const mailer = createMemoryMailer();
    const context = createTestApp({ mailer });
    const product = await addProduct(context.store, { stock: 1000 });
    const buyer = await context.signUp({ verified: false });
    const refused = await context.call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    expect(refused.status).toBe(403);
    expect(expectError(refused.json)).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: messages.verifyBeforeOrdering });
    expect((await context.store.products.findById(product.id))?.stock).toBe(1000);

    await context.deliverMail();
    const token = new URL(mailer.sent.at(-1)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect((await context.call('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(204);
    expect((await context.call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token })).status).toBe(201);
  });
});

describe('an expiry sweep that fails', () => {
  it('is logged and never keeps a buyer from their orders (the payment provider is down)', async () => {
    let now = new Date('2026-11-01T09:00:00Z').getTime();
    const warnings: string[] = [];
    const logger: Logger = { debug() {}, info() {}, warn: (message) => void warnings.push(message), error() {} };
    const provider = createTestPaymentGateway({ intents: createMemoryTestPaymentIntents() });
    const payments = { ...provider, cancelIntent: () => Promise.reject(new ServiceUnavailableError('payments', { cause: new Error('ECONNRESET') })) };
    const context = createTestApp({ payments, logger, clock: { now: () => new Date(now) }, settings: { unpaidOrderTtlHours: 48 } });
    const product = await addProduct(context.store, { stock: 1000 });
    const buyer = await context.signUp();
    const placed = await context.call('POST', '/api/orders', { body: orderBody(product.id), token: buyer.token });
    expect((await context.call('POST', `/api/orders/${placed.json.id}/payment-intent`, { token: buyer.token })).status).toBe(200);
    now += 49 * 60 * 60 * 1000;
    const mine = await context.call('GET', '/api/orders', { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(mine.json.items).toHaveLength(1);
    expect(warnings).toContain('expiring unpaid orders failed');
  });
});

describe('order e-mails (docs/email.md, "E-mail")', () => {
  it('tells the buyer at placement, payment and shipment, with the tracking number; a mail server that is down fails nothing', async () => {
    let serverUp = false;
    const sent: { to: string; subject: string; text: string }[] = [];
    const mailer = {
      send: async (mail: { to: string; subject: string; text: string }) => {
        if (!serverUp) throw new Error('connect ECONNREFUSED');
        sent.push(mail);
      },
    };
    // Each reading a millisecond later: due mail goes oldest first, and two mails queued in the
    // same millisecond would go in the order of their random ids.
    let now = Date.now();
    const context = createTestApp({ mailer, clock: { now: () => new Date(now++) } });
    const product = await addProduct(context.store, { stock: 1000, priceCents: 1250 });
    const buyer = await context.signUp();
    const admin = await signUpAdmin(context);
    const { call } = context;
    const placed = await call('POST', '/api/orders', { body: { ...orderBody(product.id), poNumber: 'PO-55' }, token: buyer.token });
    expect(placed.status).toBe(201);
    const id = placed.json.id as string;
    expect((await context.deliverMail()).failed).toHaveLength(1);
    expect(sent).toEqual([]);

    serverUp = true;
    const intent = await call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
    const charged = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
    const paid = await call('POST', `/api/orders/${id}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: charged.json.paymentIntentId } });
    expect(paid.status).toBe(200);
    await call('POST', `/api/admin/orders/${id}/ship`, { token: admin.token, body: { carrier: 'DHL', trackingNumber: 'JD014600006281' } });
    // The receipt and the shipping notice now; the confirmation waits for its retry.
    await context.deliverMail();
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [buyer.email, `Receipt for order ${placed.json.number}`],
      [buyer.email, `Order ${placed.json.number} has shipped`],
    ]);
    expect(sent[0]!.text).toContain(paid.json.invoiceNumber);
    expect(sent[1]!.text).toContain('Tracking number: JD014600006281');
    expect(await context.store.outbox.countUnsent()).toBe(1);
  });
});
