import { describe, expect, it } from 'vitest';
import type { Order } from '#domain/ordering/order.ts';
import { DEFAULT_SHOP } from '../documents/pdf-order-documents.ts';
import { unpaidOrderOf } from '../storage/order-fixture.ts';
import { orderMail } from './order-emails.tsx';

const site = { shop: DEFAULT_SHOP, appUrl: 'https://shop.example.com' };
const order = (overrides: Partial<Order> = {}): Order => ({
  ...unpaidOrderOf(
    [
      { id: 'p1', sku: 'M8-NUT-A2', name: 'Hex nut M8 A2', priceCents: 12, unit: 'box of 50', imageUrl: '/demo/nut.svg', description: 'Nut' },
      { id: 'p2', sku: 'BOLT-10', name: 'Bolt M10 <heavy>', priceCents: 250, unit: 'piece', imageUrl: '/demo/bolt.svg', description: 'Bolt' },
    ],
    { quantity: 200, poNumber: 'PO-7731', note: 'Gate 3 <b>before 9</b>', customerName: 'Ada Buyer', email: 'ada@example.com' },
  ),
  id: 'order-1',
  number: 'BH-2026-000042',
  companyId: null,
  approval: null,
  refundedCents: 0,
  carrier: null,
  trackingNumber: null,
  invoiceNumber: null,
  ...overrides,
});

describe('order e-mails', () => {
  it('at placement: the lines with SKUs and prices, the total, the PO number and a link to pay, in HTML and in text', async () => {
    const mail = await orderMail('order-placed', order(), site);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Order BH-2026-000042 received: $524.00 to pay');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('M8-NUT-A2');
      expect(part).toContain('200 boxes (10,000 pcs)');
      expect(part).toContain('$24.00');
      expect(part).toContain('$524.00');
      expect(part).toContain('PO-7731');
      expect(part).toContain('https://shop.example.com/dashboard/payment/order-1');
    }
    // What the buyer typed is text, never markup.
    expect(mail.html).toContain('Bolt M10 &lt;heavy&gt;');
    expect(mail.html).toContain('Gate 3 &lt;b&gt;before 9&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>before');
    expect(mail.text).not.toMatch(/<(table|td|div|p)\b/);
    // Each line with its values labelled beneath; a value of several lines indented under its label.
    expect(mail.text).toContain('Hex nut M8 A2 (SKU M8-NUT-A2)\n  Quantity: 200 boxes (10,000 pcs) · Unit price: $0.12 per box (50 pcs) · $0.0024 each · Total: $24.00\n');
    expect(mail.text).toContain('Order total: $524.00');
    expect(mail.text).toContain('Pay $524.00 now: https://shop.example.com/dashboard/payment/order-1');
  });

  it('at payment: a receipt with the invoice number, paid date and transaction id', async () => {
    const paid = order({ status: 'pending', transactionId: 'pi_3Q9', paidAt: new Date('2026-11-25T09:30:00Z'), invoiceNumber: 'INV-2026-000007' });
    const mail = await orderMail('order-paid', paid, site);
    expect(mail.subject).toBe('Receipt for order BH-2026-000042');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('INV-2026-000007');
      expect(part).toContain('2026-11-25');
      expect(part).toContain('pi_3Q9');
    }
  });

  it('at shipment: the carrier and tracking number when given, and none of their labels when not', async () => {
    const shipped = order({ status: 'shipped', shippedAt: new Date(), carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const mail = await orderMail('order-shipped', shipped, site);
    expect(mail.subject).toBe('Order BH-2026-000042 has shipped');
    expect(mail.text).toContain('Carrier: UPS');
    expect(mail.text).toContain('Tracking number: 1Z999AA10123456784');
    const bare = await orderMail('order-shipped', { ...shipped, carrier: null, trackingNumber: null }, site);
    expect(bare.text).not.toContain('Tracking number');
    expect(bare.text).not.toContain('Carrier');
  });

  it('at shipment: links a known carrier’s tracking page in both parts, and a carrier it does not know to none', async () => {
    const shipped = order({ status: 'shipped', shippedAt: new Date(), carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const mail = await orderMail('order-shipped', shipped, site);
    const url = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain('Track the parcel with UPS');
    const local = await orderMail('order-shipped', { ...shipped, carrier: 'Bob’s Trucking' }, site);
    expect(local.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(local.text).not.toContain('Track the parcel');
  });
});
