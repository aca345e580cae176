import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { MeDto } from '#http/dto.ts';
import { makeProduct, makeReview } from './fixtures.ts';

/** Who /api/me says is signed in; each test sets it (null = signed out, the server's 401). */
export const session: { current: MeDto | null } = { current: null };

const defaultHandlers = [
  http.get('*/api/me', () =>
    session.current ? HttpResponse.json(session.current) : HttpResponse.json({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue' } }, { status: 401 }),
  ),
  http.get('*/api/products', () =>
    HttpResponse.json({ items: Array.from({ length: 6 }, (_, index) => makeProduct({ id: `p_${index}`, name: `Product ${index}` })), nextCursor: null }),
  ),
  http.get('*/api/reviews', () => HttpResponse.json({ items: [makeReview()], nextCursor: null })),
  // An admin's dashboard index (tests that pass through it need no handler of their own).
  http.get('*/api/admin/overview', () => HttpResponse.json({ ordersAwaitingShipment: 0, unpaidOrders: 0, lowStockProducts: 0, contactMessages: 0 })),
];

export const server = setupServer(...defaultHandlers);
