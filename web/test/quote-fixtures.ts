/** Requests for quote as the server sends them (QuoteDto), for msw handlers. */
import type { QuoteDto } from '#http/dto.ts';

export const makeQuote = (overrides: Partial<QuoteDto> = {}): QuoteDto => ({
  id: 'q_1',
  number: 'QT-2026-000001',
  status: 'requested',
  email: 'buyer@example.com',
  customerName: 'Bea Buyer',
  lines: [
    { productId: 'p_bolt', sku: 'M8-BOLT-40', productName: 'M8 bolt 40 mm', unit: 'piece', requestedQuantity: 20_000, quantity: null, unitPriceCents: null, lineTotalCents: null },
  ],
  message: 'Need 20,000 by March',
  answer: null,
  totalCents: null,
  expiresAt: null,
  holdsStock: false,
  orderId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  answeredAt: null,
  closedAt: null,
  ...overrides,
});

/** The same quote answered: 15,000 offered at $0.85, valid a week, stock held. */
export const makeAnsweredQuote = (overrides: Partial<QuoteDto> = {}): QuoteDto =>
  makeQuote({
    status: 'quoted',
    lines: [
      { productId: 'p_bolt', sku: 'M8-BOLT-40', productName: 'M8 bolt 40 mm', unit: 'piece', requestedQuantity: 20_000, quantity: 15_000, unitPriceCents: 85, lineTotalCents: 1_275_000 },
    ],
    answer: 'We can do 15,000 now',
    totalCents: 1_275_000,
    expiresAt: '2026-11-28T10:00:00.000Z',
    holdsStock: true,
    answeredAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  });
