import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoicedOrder } from '#domain/ordering/order-documents.ts';
import { MAX_ORDER_LINES } from '#domain/ordering/order-lines-request.ts';
import type { OrderLine } from '#domain/ordering/order-lines.ts';
import { looksLikePdf, pdfLines, pdfPages } from '../../tests/support/pdf-text.ts';
import { createPdfOrderDocuments, DEFAULT_SHOP, printable } from './pdf-order-documents.ts';

const shop = {
  name: 'Acme Fasteners Ltd',
  addressLines: ['1 Quay Road', 'Leeds LS1 4AB', 'United Kingdom'],
  taxId: 'GB 123 4567 89',
  email: 'orders@acme.example',
  notifyTo: 'orders@acme.example',
};
const documents = createPdfOrderDocuments(shop);

const line = (index: number, overrides: Partial<OrderLine> = {}): OrderLine => ({
  productId: `product-${index}`,
  sku: `HX-${String(index).padStart(4, '0')}`,
  productName: `Hex bolt M8 × ${index} mm, zinc`,
  productImageUrl: '/demo/bolt.svg',
  productDescription: 'Zinc-plated steel',
  unit: 'box',
  quantity: 1_200,
  unitPriceCents: 1_234,
  listUnitPriceCents: 1_234,
  lineTotalCents: 1_480_800,
  ...overrides,
});

const paidOrder = (overrides: Partial<InvoicedOrder> = {}): InvoicedOrder => ({
  id: 'order-1',
  number: 'BH-2026-000123',
  userId: 'user-1',
  companyId: null,
  approval: null,
  email: 'zoe@buyer.example',
  customerName: 'Zoë Łukasiewicz',
  lines: [
    line(1),
    line(2, { sku: 'WSH-10', productName: 'Washer Ø10 stainless', unit: 'pack of 50', quantity: 500, unitPriceCents: 99, lineTotalCents: 49_500 }),
  ],
  itemCount: 1_700,
  refundedCents: 0,
  totalCents: 1_530_300,
  phone: '+44 113 496 0000',
  address: '14 Mill Lane\nBradford BD1 1AA',
  poNumber: 'PO-7781',
  note: 'Deliver to dock 4 before noon',
  status: 'pending',
  transactionId: 'pi_3Nabc123',
  paymentIntentId: 'pi_3Nabc123',
  idempotencyKey: null,
  createdAt: new Date('2026-03-01T10:00:00Z'),
  paidAt: new Date('2026-03-02T09:30:00Z'),
  shippedAt: null,
  carrier: null,
  trackingNumber: null,
  invoiceNumber: 'INV-2026-000042',
  ...overrides,
});

describe('PDF order documents', () => {
  it('prints every field of the invoice: seller, buyer, numbers, dates, payment, lines and total', async () => {
    const bytes = await documents.invoice(paidOrder());
    expect(looksLikePdf(bytes)).toBe(true);
    const text = pdfLines(bytes);
    for (const expected of [
      'INVOICE',
      // Seller, from the SHOP_* settings.
      'Acme Fasteners Ltd',
      '1 Quay Road',
      'Leeds LS1 4AB',
      'United Kingdom',
      'GB 123 4567 89',
      'orders@acme.example',
      // Buyer.
      'Zoë Łukasiewicz',
      'zoe@buyer.example',
      '14 Mill Lane',
      'Bradford BD1 1AA',
      '+44 113 496 0000',
      // Numbers, dates, payment.
      'INV-2026-000042',
      'BH-2026-000123',
      'PO-7781',
      '2026-03-01',
      '2026-03-02',
      'pi_3Nabc123',
      // Lines: SKU, name, quantity, unit, unit price, line total; then the total.
      'HX-0001',
      'Hex bolt M8 × 1 mm, zinc',
      '1,200',
      'box',
      '$12.34',
      '$14,808.00',
      'WSH-10',
      'Washer Ø10 stainless',
      '500',
      'pack (50 pcs)',
      '(25,000 pcs)',
      '$0.99',
      '$0.0198 each',
      '$495.00',
      'Total $15,303.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("prints a company member's list price struck beneath the price paid, and nothing more where they are the same", async () => {
    const invoiceWith = (listUnitPriceCents: number) =>
      documents.invoice(paidOrder({ lines: [line(1, { unitPriceCents: 1_000, listUnitPriceCents, lineTotalCents: 1_200_000 })], totalCents: 1_200_000 }));
    const times = (text: string, part: string) => text.split(part).length - 1;
    const member = pdfLines(await invoiceWith(1_234));
    const everyone = pdfLines(await invoiceWith(1_000));
    expect(times(member, '$10.00')).toBe(times(everyone, '$10.00'));
    expect([times(member, '$12.34'), times(everyone, '$12.34')]).toEqual([1, 0]);
  });

  it('prints a credit note: its number, the invoice it corrects, the reason, the refunded lines and the total as negative amounts', async () => {
    const order = paidOrder();
    const bytes = await documents.creditNote(order, {
      id: 'refund-1',
      orderId: order.id,
      number: 'CN-2026-000007',
      amountCents: 2 * 1_234,
      lines: [{ productId: order.lines[0]!.productId!, quantity: 2, amountCents: 2 * 1_234, restocked: true }],
      reason: 'Two boxes crushed in transit',
      providerRefundId: 're_1',
      source: 'shop',
      createdAt: new Date('2026-11-25T10:00:00Z'),
    });
    expect(looksLikePdf(bytes)).toBe(true);
    const text = pdfLines(bytes);
    for (const expected of ['CREDIT NOTE', 'CN-2026-000007', order.invoiceNumber, order.number, 'Two boxes crushed in transit', order.lines[0]!.sku, '-$12.34', '-$24.68', 'Total -$24.68', '2026-11-25']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(order.lines[1]!.sku);
  });

  it('keeps a long transaction id whole on its line (a Stripe id is 27 characters or more)', async () => {
    for (const transactionId of ['pi_m5hDDOkgPAoC3qZgwlNMNg35', 'pi_3QxYzAbCdEfGhIjKlMnOpQrStUvWx_secret']) {
      const text = pdfLines(await documents.invoice(paidOrder({ transactionId })));
      expect(text, transactionId).toContain(transactionId);
    }
  });

  it("prints the buyer's company and tax/VAT number under Bill to, from the profile", async () => {
    const text = pdfLines(await documents.invoice(paidOrder(), { companyName: 'Łukasiewicz Roofing Sp. z o.o.', taxNumber: 'PL 526-000-12-46' }));
    expect(text).toContain('Łukasiewicz Roofing Sp. z o.o.');
    expect(text).toContain('Tax/VAT number: PL 526-000-12-46');
    // The company comes before the contact's name, both under the one heading.
    const billTo = text.slice(text.indexOf('BILL TO'));
    expect(billTo.indexOf('Łukasiewicz Roofing')).toBeLessThan(billTo.indexOf('Zoë Łukasiewicz'));
  });

  it('prints no buyer tax line when the profile has no tax/VAT number', async () => {
    const text = pdfLines(await documents.invoice(paidOrder(), { companyName: '', taxNumber: '  ' }));
    expect(text).not.toContain('Tax/VAT number');
    expect(text).toContain('Zoë Łukasiewicz');
  });

  it('prints no tax line without a tax id', async () => {
    const text = pdfLines(await createPdfOrderDocuments(DEFAULT_SHOP).invoice(paidOrder()));
    expect(text).toContain('Bulkhead Supply Co.');
    expect(text).not.toContain('Tax ID');
  });

  it('prints the packing slip: lines with SKU, name, quantity and unit, delivery address, phone, order and PO numbers, and no prices', async () => {
    const text = pdfLines(await documents.packingSlip(paidOrder()));
    for (const expected of [
      'PACKING SLIP',
      'BH-2026-000123',
      'PO-7781',
      'Zoë Łukasiewicz',
      '14 Mill Lane',
      'Bradford BD1 1AA',
      '+44 113 496 0000',
      'HX-0001',
      'Hex bolt M8 × 1 mm, zinc',
      '1,200',
      'WSH-10',
      'pack (50 pcs)',
      'Deliver to dock 4 before noon',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('$');
    expect(text).not.toContain('INV-2026-000042');
  });

  it(`paginates an order of ${MAX_ORDER_LINES} long lines: every line once, every page numbered, the total on the last`, async () => {
    const lines = Array.from({ length: MAX_ORDER_LINES }, (_, index) =>
      line(index + 1, { productName: `${'Very long product name '.repeat(index % 5 === 0 ? 8 : 1)}no. ${index + 1}` }),
    );
    const order = paidOrder({ lines, totalCents: 148_080_000 });
    for (const bytes of [await documents.invoice(order), await documents.packingSlip(order)]) {
      const pages = pdfPages(bytes);
      expect(pages.length).toBeGreaterThan(2);
      pages.forEach((page, index) => {
        expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
        // The table's header is repeated on every page that has rows.
        expect(page).toContain('SKU');
      });
      const all = pages.join('\n');
      for (const { sku } of lines) expect(all.split(sku).length - 1, sku).toBe(1);
    }
    const invoicePages = pdfPages(await documents.invoice(order));
    expect(invoicePages.at(-1)).toContain('Total $1,480,800.00');
  });

  it('never throws on any Unicode the shop allows in names, units, addresses and numbers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: fc.string({ unit: 'binary', maxLength: 200 }),
          unit: fc.string({ unit: 'grapheme', maxLength: 30 }),
          sku: fc.string({ unit: 'binary-ascii', maxLength: 32 }),
          customer: fc.string({ unit: 'grapheme-composite', maxLength: 100 }),
          address: fc.string({ unit: 'binary', maxLength: 300 }),
          po: fc.option(fc.string({ unit: 'binary', maxLength: 40 })),
        }),
        async ({ name, unit, sku, customer, address, po }) => {
          const order = paidOrder({
            customerName: customer,
            address,
            poNumber: po,
            note: address,
            lines: [line(1, { productName: name, unit, sku }), line(2, { productName: `${name}\u200d\u202e😀👩‍🔧 مرحبا 你好 \uD800` })],
          });
          expect(looksLikePdf(await documents.invoice(order))).toBe(true);
          expect(looksLikePdf(await documents.packingSlip(order))).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('keeps printable text: controls, format characters and lone surrogates go, line breaks only where asked', () => {
    expect(printable('a\u0000b\u200bc\u202ed\uD800e\tf')).toBe('abcde f');
    expect(printable('12 Mill Lane\r\nBradford')).toBe('12 Mill Lane Bradford');
    expect(printable('12 Mill Lane\r\nBradford', { multiline: true })).toBe('12 Mill Lane\nBradford');
    expect(printable('e\u0301')).toBe('é');
  });
});
