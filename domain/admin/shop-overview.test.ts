import { describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { placeOrder } from '../ordering/place-order.ts';
import { requestQuote } from '../quoting/request-quote.ts';
import { createWorld } from '../testing/world.ts';
import { shopOverview } from './shop-overview.ts';

describe('shop overview', () => {
  it('counts what the admin acts on, and only for admins', async () => {
    const storage = createMemoryStorage();
    const world = createWorld(storage.repositories);
    const payments = createTestPaymentGateway({ intents: storage.testPaymentIntents });
    const admin = await world.addUser({ role: 'admin' });
    const buyer = await world.addUser();
    await world.addProduct({ stock: 99 });
    const product = await world.addProduct({ stock: 1_000 });
    const placed = await placeOrder({ ...world.deps, payments }, { buyer, lines: [{ productId: product.id, quantity: 100 }], phone: '555 010 2030', address: '1 Dock Road' });
    expect(placed.ok).toBe(true);
    await storage.repositories.users.setEmailVerified(buyer.id);
    const asked = await requestQuote(world.deps, { buyer: { ...buyer, emailVerified: true }, lines: [{ productId: product.id, quantity: 500 }], message: 'Best price?' });
    expect(asked.ok).toBe(true);
    expect(await shopOverview(world.deps, { actor: admin })).toEqual({
      ok: true,
      value: { ordersAwaitingShipment: 0, unpaidOrders: 1, lowStockProducts: 1, contactMessages: 0, unreadContactMessages: 0, paymentsToRefund: 0, quotesAwaitingAnswer: 1 },
    });
    expect(await shopOverview(world.deps, { actor: buyer })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
