import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { AuditEntryDto, CartDto, CategoryNodeDto, ErrorDto, GoogleStatusDto, ListDto, MeDto, OrderAfterSaleDto, ProductSearchDto, QuantityAdviceDto, QuoteDto, ReviewDto, SalesReportDto, ShopOverviewDto } from '#http/dto.ts';
import { adviseQuantity } from '#domain/catalog/quantity-advice.ts';
import { errorBody, makeProduct, makeReview } from './fixtures.ts';

/**
 * An msw JSON answer typed by the DTO the server sends on that route (http/dto.ts):
 * `json<ProductDto>(fixture)`. The type argument is required (without it the body is `never`),
 * so a fixture that drifts from the server's shape fails `npm run check`.
 */
export const json = <Dto = never>(body: NoInfer<Dto>, init?: ResponseInit) => HttpResponse.json(body as JsonBodyType, init);

/** A refusal in the server's error shape (ErrorDto). */
export const refusal = (status: number, ...error: Parameters<typeof errorBody>) => json<ErrorDto>(errorBody(...error), { status });

/** Who /api/me says is signed in; each test sets it (null = signed out, the server's 401). */
export const session: { current: MeDto | null } = { current: null };

const defaultHandlers = [
  http.get('*/api/me', () =>
    session.current ? json<MeDto>(session.current) : refusal(401, 'UNAUTHENTICATED', 'Please sign in to continue'),
  ),
  http.get('*/api/products', () =>
    json<ProductSearchDto>({
      items: Array.from({ length: 6 }, (_, index) => makeProduct({ id: `p_${index}`, name: `Product ${index}` })),
      nextCursor: null,
      total: 6,
      facets: { categories: [], brands: [], attributes: [] },
    }),
  ),
  http.get('*/api/categories', () => json<CategoryNodeDto[]>([])),
  // Quantity advice as the server gives it, for the default product's terms.
  http.get('*/api/products/:id/quantity-advice', ({ request }) =>
    json<QuantityAdviceDto>(adviseQuantity(makeProduct(), Number(new URL(request.url).searchParams.get('quantity')))),
  ),
  // A signed-in buyer's cart (the navbar asks for it on every page): empty unless a test says otherwise.
  http.get('*/api/cart', () => json<CartDto>({ lines: [], lineCount: 0, itemCount: 0, totalCents: 0, orderable: false })),
  // Requests for quote: none, for the buyer and for the admins, unless a test says otherwise.
  http.get('*/api/quotes', () => json<ListDto<QuoteDto>>({ items: [], nextCursor: null })),
  http.get('*/api/admin/quotes', () => json<ListDto<QuoteDto>>({ items: [], nextCursor: null })),
  // No company unless a test says otherwise (checkout asks, for its site picker: docs/companies.md, "Sites").
  http.get('*/api/company', () => refusal(404, 'NO_COMPANY', 'You do not belong to a company')),
  // Google sign-in is off unless a test says otherwise.
  http.get('*/api/auth/google/status', () => json<GoogleStatusDto>({ configured: false })),
  http.get('*/api/reviews', () => json<ListDto<ReviewDto>>({ items: [makeReview()], nextCursor: null })),
  // An admin's dashboard index (tests that pass through it need no handler of their own).
  http.get('*/api/admin/reports/sales', () =>
    json<SalesReportDto>({ days: 30, perDay: [], totals: { orders: 0, revenueCents: 0, refundedCents: 0, netRevenueCents: 0 }, topProducts: [], lowStock: [], awaitingShipment: 0 }),
  ),
  // The audit log: empty unless a test says otherwise.
  // A paid order opened on My Order reads its refunds and returns: none unless a test says so.
  http.get('*/api/orders/:id/after-sale', () => json<OrderAfterSaleDto>({ refunds: [], returns: [] })),
  http.get('*/api/admin/audit', () => json<ListDto<AuditEntryDto>>({ items: [], nextCursor: null })),
  http.get('*/api/admin/overview', () => json<ShopOverviewDto>({ ordersAwaitingShipment: 0, unpaidOrders: 0, lowStockProducts: 0, contactMessages: 0, unreadContactMessages: 0, paymentsToRefund: 0, quotesAwaitingAnswer: 0 })),
];

export const server = setupServer(...defaultHandlers);
