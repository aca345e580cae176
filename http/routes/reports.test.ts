import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { messages } from '#http/messages.ts';
import { ORDER_EXPORT_COLUMNS } from '#domain/ordering/orders-csv.ts';
import { addProduct, createTestApp, expectError, signUpAdmin } from '../test-support.ts';

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const billing = { name: 'Ada Buyer', email: 'ada@example.com' };

const arrange = async () => {
  const context = createTestApp();
  const admin = await signUpAdmin(context);
  const buyer = await context.signUp();
  const bolt = await addProduct(context.store, { sku: 'RPT-BOLT', name: 'Bolt', priceCents: 100, stock: 10_000 });
  const nut = await addProduct(context.store, { sku: 'RPT-NUT', name: 'Nut', priceCents: 10, stock: 150 });
  const order = async (lines: { productId: string; quantity: number }[], poNumber: string, pay: boolean) => {
    const placed = await context.call('POST', '/api/orders', { token: buyer.token, body: { lines, phone: '555 010 2030', address: '1 Dock Road', poNumber } });
    expect(placed.status).toBe(201);
    if (pay) {
      const intent = await context.call('POST', `/api/orders/${placed.json.id}/payment-intent`, { token: buyer.token });
      const charged = await context.call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
      await context.call('POST', `/api/orders/${placed.json.id}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: charged.json.paymentIntentId } });
    }
    return placed.json;
  };
  return { context, admin, buyer, bolt, nut, order };
};

describe('GET /api/admin/reports/sales', () => {
  it('answers admins with every day of the period, the paid sales, top products, low stock and orders awaiting shipment', async () => {
    const { context, admin, buyer, bolt, nut, order } = await arrange();
    await order([{ productId: bolt.id, quantity: 300 }, { productId: nut.id, quantity: 100 }], 'PO-1', true);
    await order([{ productId: bolt.id, quantity: 200 }], 'PO-2', false);
    const reply = await context.call('GET', '/api/admin/reports/sales', { token: admin.token });
    expect(reply.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(reply.json.days).toBe(30);
    expect(reply.json.perDay).toHaveLength(30);
    expect(reply.json.perDay.at(-1)).toEqual({ day: today, orders: 1, revenueCents: 31_000, refundedCents: 0 });
    expect(reply.json.totals).toEqual({ orders: 1, revenueCents: 31_000, refundedCents: 0, netRevenueCents: 31_000 });
    expect(reply.json.topProducts.map((p: { sku: string; units: number }) => [p.sku, p.units])).toEqual([['RPT-BOLT', 300], ['RPT-NUT', 100]]);
    expect(reply.json.lowStock).toEqual([{ id: nut.id, sku: 'RPT-NUT', name: 'Nut', stock: 50, minOrderQuantity: 100 }]);
    expect(reply.json.awaitingShipment).toBe(1);
    expect((await context.call('GET', '/api/admin/reports/sales?days=90', { token: admin.token })).json.perDay).toHaveLength(90);

    const wrong = await context.call('GET', '/api/admin/reports/sales?days=7', { token: admin.token });
    expect(wrong.status).toBe(400);
    expect(expectError(wrong.json).fields).toEqual({ days: messages.reportPeriod });
    expect((await context.call('GET', '/api/admin/reports/sales')).status).toBe(401);
    expect((await context.call('GET', '/api/admin/reports/sales', { token: buyer.token })).status).toBe(403);
  });
});

describe('GET /api/admin/orders/export.csv', () => {
  it('streams the period’s orders, one row per line in the documented columns, formula-like cells escaped', async () => {
    const { context, admin, buyer, bolt, nut, order } = await arrange();
    const paid = await order([{ productId: bolt.id, quantity: 300 }, { productId: nut.id, quantity: 100 }], '=1+2', true);
    const unpaid = await order([{ productId: bolt.id, quantity: 200 }], 'PO-2', false);
    const reply = await context.call('GET', '/api/admin/orders/export.csv', { token: admin.token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="bulkhead-orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const parsed = Papa.parse<Record<string, string>>(reply.text, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(parsed.data.map((row) => [row.orderNumber, row.line, row.sku, row.quantity, row.lineTotal, row.status])).toEqual([
      [unpaid.number, '1', 'RPT-BOLT', '200', '200.00', 'unpaid'],
      [paid.number, '1', 'RPT-BOLT', '300', '300.00', 'pending'],
      [paid.number, '2', 'RPT-NUT', '100', '10.00', 'pending'],
    ]);
    expect(parsed.data[1]).toMatchObject({ poNumber: "'=1+2", orderTotal: '310.00', refunded: '0.00', email: buyer.email, invoiceNumber: expect.stringMatching(/^INV-/) });

    const past = await context.call('GET', '/api/admin/orders/export.csv?from=2020-01-01&to=2020-01-31', { token: admin.token });
    expect(Papa.parse(past.text, { header: true, skipEmptyLines: true }).data).toEqual([]);
    const wrong = await context.call('GET', '/api/admin/orders/export.csv?from=2026-13-01', { token: admin.token });
    expect(wrong.status).toBe(400);
    expect(expectError(wrong.json).fields).toEqual({ from: messages.dayFormat });
    expect((await context.call('GET', '/api/admin/orders/export.csv', { token: buyer.token })).status).toBe(403);
  });
});
