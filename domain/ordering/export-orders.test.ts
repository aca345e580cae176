import { beforeEach, describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import { createWorld, type World } from '../testing/world.ts';
import type { User } from '../identity/user.ts';
import { messages } from '../messages.ts';
import { placeOrder } from './place-order.ts';
import { exportOrders } from './export-orders.ts';
import { listPaymentsToRefund } from './list-payments-to-refund.ts';

let world: World;
let admin: User;
let buyer: User;

beforeEach(async () => {
  const storage = createMemoryStorage();
  world = createWorld(storage.repositories);
  admin = await world.addUser({ role: 'admin' });
  buyer = await world.addUser();
  const payments = createTestPaymentGateway({ intents: storage.testPaymentIntents, now: () => world.clock.now() });
  const product = await world.addProduct({ stock: 1_000 });
  const placed = await placeOrder({ ...world.deps, payments }, { buyer, lines: [{ productId: product.id, quantity: 100 }], phone: '5550102030', address: '1 Dock Road' });
  if (!placed.ok) throw new Error('setup');
});

const rowsOf = async (pages: AsyncIterable<unknown[]>) => {
  const rows: unknown[] = [];
  for await (const page of pages) rows.push(...page);
  return rows;
};

// The role is the use case's own check: an entry point without the HTTP middleware (a CLI, a worker) cannot skip it.
describe('exportOrders', () => {
  it('refuses anyone but an admin, before reading an order', async () => {
    expect(await exportOrders(world.deps, { actor: buyer })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it("gives an admin the period's rows, one per line", async () => {
    const exported = await exportOrders(world.deps, { actor: admin });
    if (!exported.ok) throw new Error(JSON.stringify(exported.error));
    expect(exported.value.period.before.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(await rowsOf(exported.value.pages)).toMatchObject([{ email: buyer.email, quantity: '100', line: '1' }]);
  });

  it('refuses a period it cannot read, naming the field', async () => {
    expect(await exportOrders(world.deps, { actor: admin, from: '2026-13-01' })).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { from: messages.dayFormat } } });
  });
});

describe('listPaymentsToRefund', () => {
  it('refuses anyone but an admin, and pages the payments for one', async () => {
    await world.store.refunds.record({ id: 'pi_1', orderId: 'gone', amountCents: 1_000, currency: 'usd', reason: 'order-gone', createdAt: world.clock.now() });
    expect(await listPaymentsToRefund(world.deps, { actor: buyer })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await listPaymentsToRefund(world.deps, { actor: admin, limit: 10 })).toMatchObject({ ok: true, value: { items: [{ id: 'pi_1' }], nextCursor: null } });
  });
});
