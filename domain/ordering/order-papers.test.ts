import { beforeEach, describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryStorage } from '#adapters/storage/memory/memory-store.ts';
import type { User } from '../identity/user.ts';
import { createWorld, type World } from '../testing/world.ts';
import type { Order } from './order.ts';
import type { InvoicedOrder, OrderDocuments } from './order-documents.ts';
import { orderInvoice, orderPackingSlip } from './order-papers.ts';
import { placeOrder } from './place-order.ts';

/** Records which order each paper was drawn for; the bytes name it. */
const recordingDocuments = () => {
  const drawn: string[] = [];
  const documents: OrderDocuments = {
    invoice: async (order: InvoicedOrder) => {
      drawn.push(`invoice ${order.invoiceNumber}`);
      return new TextEncoder().encode(order.invoiceNumber);
    },
    creditNote: async () => new Uint8Array(),
    packingSlip: async (order: Order) => {
      drawn.push(`slip ${order.number}`);
      return new TextEncoder().encode(order.number);
    },
  };
  return { drawn, documents };
};

let world: World;
let payments: ReturnType<typeof createTestPaymentGateway>;
let owner: User;
let stranger: User;
let admin: User;
let papers: ReturnType<typeof recordingDocuments>;

beforeEach(async () => {
  const storage = createMemoryStorage();
  world = createWorld(storage.repositories);
  payments = createTestPaymentGateway({ intents: storage.testPaymentIntents });
  owner = await world.addUser({ name: 'Owner' });
  stranger = await world.addUser({ name: 'Stranger' });
  admin = await world.addUser({ name: 'Admin', role: 'admin' });
  papers = recordingDocuments();
});

const ports = () => ({ store: world.store, documents: papers.documents });

const placed = async (): Promise<Order> => {
  const product = await world.addProduct({ stock: 500, priceCents: 1_000 });
  const result = await placeOrder({ ...world.deps, payments }, { buyer: owner, lines: [{ productId: product.id, quantity: 100 }], phone: '5550102030', address: '1 Dock Road' });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

const paid = async (): Promise<Order> => {
  const order = await placed();
  const marked = await world.store.orders.markPaid(order.id, 'pi_paid', world.clock.now());
  if (!marked) throw new Error('test arrangement failed: could not mark the order paid');
  return marked;
};

describe('order papers', () => {
  it('gives the owner and admins the invoice of a paid order, named by its invoice number', async () => {
    const order = await paid();
    for (const actor of [owner, admin]) {
      const invoice = await orderInvoice(ports(), { actor, orderId: order.id });
      expect(invoice).toMatchObject({ ok: true, value: { fileName: `${order.invoiceNumber}.pdf` } });
    }
    expect(papers.drawn).toEqual([`invoice ${order.invoiceNumber}`, `invoice ${order.invoiceNumber}`]);
  });

  it('refuses the invoice of an unpaid order (ORDER_NOT_PAID), and hides the order from anyone else (NOT_FOUND)', async () => {
    const order = await placed();
    expect(await orderInvoice(ports(), { actor: owner, orderId: order.id })).toEqual({ ok: false, error: { code: 'ORDER_NOT_PAID' } });
    const paidOne = await paid();
    expect(await orderInvoice(ports(), { actor: stranger, orderId: paidOne.id })).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'order' } });
    expect(await orderInvoice(ports(), { actor: owner, orderId: 'no-such-order' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'order' } });
    expect(papers.drawn).toEqual([]);
  });

  it('gives admins alone the packing slip', async () => {
    const order = await paid();
    expect(await orderPackingSlip(ports(), { actor: admin, orderId: order.id })).toMatchObject({ ok: true, value: { fileName: `${order.number}-packing-slip.pdf` } });
    expect(await orderPackingSlip(ports(), { actor: owner, orderId: order.id })).toEqual({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await orderPackingSlip(ports(), { actor: admin, orderId: 'no-such-order' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', subject: 'order' } });
    expect(papers.drawn).toEqual([`slip ${order.number}`]);
  });
});
