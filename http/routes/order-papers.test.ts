import { describe, expect, it } from 'vitest';
import { messages } from '#http/messages.ts';
import { looksLikePdf, pdfLines } from '../../tests/support/pdf-text.ts';
import { addProduct, createTestApp, expectError, ORIGIN, signUpAdmin } from '../test-support.ts';

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
const billing = { name: 'Ada Buyer', email: 'ada@example.com' };

/** A buyer's order of two lines, and the means to pay it; an admin and another buyer beside them. */
const arrange = async () => {
  const context = createTestApp();
  const { call } = context;
  const bolts = await addProduct(context.store, { name: 'Hex bolt M8 × 40', sku: 'HX-M8-40', unit: 'box', stock: 5_000, priceCents: 1_250 });
  const washers = await addProduct(context.store, { name: 'Washer Ø10', sku: 'WSH-10', stock: 5_000, priceCents: 99 });
  const buyer = await context.signUp({ name: 'Zoë Buyer' });
  const other = await context.signUp();
  const admin = await signUpAdmin(context);
  const placed = await call('POST', '/api/orders', {
    token: buyer.token,
    body: {
      lines: [
        { productId: bolts.id, quantity: 300 },
        { productId: washers.id, quantity: 100 },
      ],
      phone: '+1 (555) 010-2030',
      address: '1 Harbour Road, Springfield',
      poNumber: 'PO-4411',
    },
  });
  expect(placed.status).toBe(201);
  const id = placed.json.id as string;
  const pay = async () => {
    const intent = await call('POST', `/api/orders/${id}/payment-intent`, { token: buyer.token });
    const charged = await call('POST', '/api/payments/test/confirm', { token: buyer.token, body: { clientSecret: intent.json.clientSecret, card, billing } });
    const paid = await call('POST', `/api/orders/${id}/payment/confirm`, { token: buyer.token, body: { paymentIntentId: charged.json.paymentIntentId } });
    expect(paid.status).toBe(200);
    return paid.json as { invoiceNumber: string; number: string; transactionId: string };
  };
  /** The raw answer: the PDF's bytes are not text. */
  const download = async (path: string, token?: string) => {
    const response = await context.app.request(`${ORIGIN}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const json = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(new TextDecoder().decode(bytes)) : null;
    return { status: response.status, headers: response.headers, bytes, json };
  };
  return { ...context, id, number: placed.json.number as string, buyer, other, admin, pay, download };
};

describe('GET /api/orders/:id/invoice.pdf', () => {
  it('refuses an unpaid order with 409 and a clear message, then hands the owner and admins the invoice once paid', async () => {
    const { id, buyer, admin, pay, download } = await arrange();
    const early = await download(`/api/orders/${id}/invoice.pdf`, buyer.token);
    expect(early.status).toBe(409);
    expect(expectError(early.json)).toEqual({ code: 'ORDER_NOT_PAID', message: messages.invoiceBeforePayment });

    const paid = await pay();
    for (const token of [buyer.token, admin.token]) {
      const invoice = await download(`/api/orders/${id}/invoice.pdf`, token);
      expect(invoice.status).toBe(200);
      expect(invoice.headers.get('content-type')).toBe('application/pdf');
      expect(invoice.headers.get('content-disposition')).toBe(`attachment; filename="${paid.invoiceNumber}.pdf"`);
      expect(invoice.headers.get('cache-control')).toBe('private, no-store');
      expect(looksLikePdf(invoice.bytes)).toBe(true);
      const text = pdfLines(invoice.bytes);
      for (const expected of [paid.invoiceNumber, paid.number, paid.transactionId, 'PO-4411', 'Zoë Buyer', buyer.email, '1 Harbour Road, Springfield', '+15550102030', 'Bulkhead Supply Co.', 'HX-M8-40', 'Hex bolt M8 × 40', 'WSH-10', '$12.50', '$3,750.00', '$0.99', '$99.00', 'Total $3,849.00']) {
        expect(text, expected).toContain(expected);
      }
    }
  });

  it('answers 404 to another buyer exactly as for an order that does not exist, and 401 without a session', async () => {
    const { id, other, pay, download } = await arrange();
    await pay();
    const others = await download(`/api/orders/${id}/invoice.pdf`, other.token);
    const missing = await download('/api/orders/no-such-order/invoice.pdf', other.token);
    expect(others.status).toBe(404);
    expect(others.json).toEqual(missing.json);
    expect(expectError(others.json)).toEqual({ code: 'NOT_FOUND', message: messages.orderNotFound });
    expect((await download(`/api/orders/${id}/invoice.pdf`)).status).toBe(401);
  });

  it("prints the buyer's company and tax/VAT number from their profile, and none for another buyer's profile", async () => {
    const { call, id, buyer, other, pay, download } = await arrange();
    await pay();
    const profile = { imageUrl: '', phone: '555 010 2030', education: '', linkedin: '', facebook: '', address: '1 Harbour Road' };
    await call('PUT', '/api/me/profile', { token: buyer.token, body: { ...profile, companyName: 'Harbour Roofing Ltd', jobTitle: 'Buyer', taxNumber: 'GB 123 4567 89' } });
    // Another buyer's details never reach this invoice.
    await call('PUT', '/api/me/profile', { token: other.token, body: { ...profile, companyName: 'Other Works', taxNumber: 'DE999999999' } });
    const text = pdfLines((await download(`/api/orders/${id}/invoice.pdf`, buyer.token)).bytes);
    expect(text).toContain('Harbour Roofing Ltd');
    expect(text).toContain('Tax/VAT number: GB 123 4567 89');
    expect(text).not.toContain('Other Works');
    expect(text).not.toContain('DE999999999');
  });

  it('keeps the invoice of a shipped order, with the same number', async () => {
    const { call, id, buyer, admin, pay, download } = await arrange();
    const paid = await pay();
    await call('POST', `/api/admin/orders/${id}/ship`, { token: admin.token, body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } });
    const invoice = await download(`/api/orders/${id}/invoice.pdf`, buyer.token);
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-disposition')).toContain(`${paid.invoiceNumber}.pdf`);
  });
});

describe('GET /api/admin/orders/:id/packing-slip.pdf', () => {
  it('hands admins the packing slip: lines, quantities, units, delivery address, phone, order and PO numbers, no prices', async () => {
    const { id, number, admin, pay, download } = await arrange();
    await pay();
    const slip = await download(`/api/admin/orders/${id}/packing-slip.pdf`, admin.token);
    expect(slip.status).toBe(200);
    expect(slip.headers.get('content-type')).toBe('application/pdf');
    expect(slip.headers.get('content-disposition')).toBe(`attachment; filename="${number}-packing-slip.pdf"`);
    expect(slip.headers.get('cache-control')).toBe('private, no-store');
    const text = pdfLines(slip.bytes);
    for (const expected of [number, 'PO-4411', 'Zoë Buyer', '1 Harbour Road, Springfield', '+15550102030', 'HX-M8-40', 'Hex bolt M8 × 40', '300', 'box', 'WSH-10', '100']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('$');
  });

  it('is for admins only: 401 anonymous, 403 for buyers (the owner too), 404 for an unknown order', async () => {
    const { id, buyer, other, admin, download } = await arrange();
    expect((await download(`/api/admin/orders/${id}/packing-slip.pdf`)).status).toBe(401);
    expect((await download(`/api/admin/orders/${id}/packing-slip.pdf`, buyer.token)).status).toBe(403);
    expect((await download(`/api/admin/orders/${id}/packing-slip.pdf`, other.token)).status).toBe(403);
    const missing = await download('/api/admin/orders/no-such-order/packing-slip.pdf', admin.token);
    expect(missing.status).toBe(404);
    expect(expectError(missing.json)).toEqual({ code: 'NOT_FOUND', message: messages.orderNotFound });
  });
});
