import { describe, expect, it } from 'vitest';
import type { Order } from '#domain/ordering/order.ts';
import type { Quote } from '#domain/quoting/quote.ts';
import { DEFAULT_SHOP } from '../documents/pdf-order-documents.ts';
import { unpaidOrderOf } from '../storage/order-fixture.ts';
import { quoteMail } from './quote-emails.tsx';

const site = { shop: { ...DEFAULT_SHOP, email: 'sales@shop.example.com' }, appUrl: 'https://shop.example.com' };
const asked: Quote = {
  id: 'quote-1',
  number: 'QT-2026-000009',
  userId: 'u1',
  email: 'ada@example.com',
  customerName: 'Ada Buyer',
  status: 'requested',
  lines: [
    { productId: 'p1', sku: 'M8-NUT-A2', productName: 'Hex nut <M8>', unit: 'box of 50', requestedQuantity: 2_000, quantity: null, unitPriceCents: null },
    { productId: 'p2', sku: 'BOLT-10', productName: 'Bolt M10', unit: 'piece', requestedQuantity: 500, quantity: null, unitPriceCents: null },
  ],
  message: 'Need them by <b>Friday</b>',
  answer: null,
  holdsStock: false,
  expiresAt: null,
  orderId: null,
  createdAt: new Date('2026-11-20T10:00:00Z'),
  answeredAt: null,
  closedAt: null,
};
const answered: Quote = {
  ...asked,
  status: 'quoted',
  lines: [
    { ...asked.lines[0]!, quantity: 1_500, unitPriceCents: 10 },
    { ...asked.lines[1]!, quantity: 0, unitPriceCents: null },
  ],
  answer: 'All we have',
  holdsStock: true,
  expiresAt: new Date('2026-11-27T10:00:00Z'),
  answeredAt: new Date('2026-11-20T12:00:00Z'),
};
const order: Order = { ...unpaidOrderOf({ id: 'p1', sku: 'M8-NUT-A2', name: 'Hex nut', priceCents: 10, imageUrl: '/x.svg', description: 'Nut' }, { quantity: 1_500, poNumber: 'PO-9' }), id: 'order-7', number: 'BH-2026-000070', companyId: null, approval: null, refundedCents: 0, carrier: null, trackingNumber: null, invoiceNumber: null };

describe('quote e-mails', () => {
  it('received (buyer) and requested (shop): the lines asked, the message as text, each to its recipient', () => {
    const buyer = quoteMail('quote-received', asked, null, site);
    expect(buyer.to).toBe('ada@example.com');
    expect(buyer.subject).toBe('We received your request for quote QT-2026-000009');
    const shop = quoteMail('shop-quote-requested', asked, null, site);
    expect(shop.to).toBe('sales@shop.example.com');
    expect(shop.subject).toBe('New request for quote QT-2026-000009 from Ada Buyer');
    expect(shop.text).toContain('https://shop.example.com/dashboard/quote/quote-1');
    for (const part of [buyer.text, buyer.html, shop.text, shop.html]) {
      expect(part).toContain('M8-NUT-A2');
      expect(part).toContain('2,000 boxes (100,000 pcs)');
    }
    expect(buyer.html).toContain('Hex nut &lt;M8&gt;');
    expect(buyer.html).toContain('Need them by &lt;b&gt;Friday&lt;/b&gt;');
    expect(buyer.text).not.toMatch(/<(table|td|div|p)\b/);
  });

  it('answered: the offer per line, the total, the validity and the hold', () => {
    const mail = quoteMail('quote-answered', answered, null, site);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Your quote QT-2026-000009: $150.00, valid until 2026-11-27');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('1,500 boxes (75,000 pcs)');
      expect(part).toContain('$0.10');
      expect(part).toContain('not offered');
      expect(part).toContain('All we have');
      expect(part).toMatch(/hold\s+the\s+stock/);
      expect(part).toContain('https://shop.example.com/dashboard/quotes');
    }
  });

  it('accepted (buyer, with the order and its payment link) and accepted or declined (shop)', () => {
    const accepted = { ...answered, status: 'accepted' as const, orderId: 'order-7' };
    const buyer = quoteMail('quote-accepted', accepted, order, site);
    expect(buyer.subject).toBe('Quote QT-2026-000009 accepted: order BH-2026-000070 to pay');
    expect(buyer.text).toContain('https://shop.example.com/dashboard/payment/order-7');
    expect(buyer.text).toContain('PO-9');
    const shop = quoteMail('shop-quote-accepted', accepted, order, site);
    expect(shop.to).toBe('sales@shop.example.com');
    expect(shop.text).toContain('BH-2026-000070');
    const declined = quoteMail('shop-quote-declined', { ...answered, status: 'declined' }, null, site);
    expect(declined.subject).toBe('Quote QT-2026-000009 declined by Ada Buyer');
    expect(declined.text).toContain('back on the shelf');
  });
});
