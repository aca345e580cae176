/**
 * The typed client of the API (http/dto.ts, http/README.md): one function per endpoint, returning the dto types. The
 * session lives in an HttpOnly cookie, so the browser sends it and this module never sees a token.
 */
import type {
  AuditEntryDto,
  CartDto,
  GoogleStatusDto,
  ImportReportDto,
  AdminOrdersDto,
  CategoryDto,
  CategoryNodeDto,
  ContactMessageDto,
  ErrorDto,
  ListDto,
  MeDto,
  OrderDto,
  PaymentIntentDto,
  ProductDto,
  ProductSearchDto,
  ProductSuggestionDto,
  ProfileDto,
  QuantityAdviceDto,
  QuoteDto,
  ReorderDto,
  ResolvedListDto,
  ReviewDto,
  SessionDto,
  SalesReportDto,
  ShopOverviewDto,
  SubscriberDto,
  TestCardResultDto,
  UploadDto,
  UserDto,
} from '#http/dto.ts';
import type { ProductInput, ProductPatch, ProfileInput, ReviewBody } from '#http/schemas.ts';
import { messages } from '#domain/messages.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /**
   * Whether the message tells the user something useful: a refusal (4xx) or an outside service
   * being down (503, 'try again in a few minutes'); a plain server failure gets the page's own text.
   */
  get explainsItself(): boolean {
    return this.status < 500 || this.code === 'SERVICE_UNAVAILABLE';
  }
}

type UnauthorizedListener = (error: ApiError) => void;
let onSignedInCallRefused: UnauthorizedListener = () => {};

/**
 * Whether a refusal means the session is over: 401, or 403 FORBIDDEN (the role changed under us).
 * Other 403s (an admin cannot buy, the e-mail is not verified yet) are answers to show, not ends.
 */
export const isSessionRefusal = (status: number, code: string): boolean => status === 401 || (status === 403 && code === 'FORBIDDEN');

/** The app registers the single reaction to a refused signed-in call (see isSessionRefusal). */
export const setUnauthorizedListener = (listener: UnauthorizedListener) => {
  onSignedInCallRefused = listener;
};

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** true for calls only a signed-in user makes; a session refusal there ends the session in the UI. */
  signedIn?: boolean;
  /** Cancels the request when a newer one replaces it (the query's own signal). */
  signal?: AbortSignal;
}

const toApiError = async (response: Response): Promise<ApiError> => {
  try {
    const json = (await response.json()) as Partial<ErrorDto>;
    if (json.error) {
      return new ApiError(response.status, json.error.code, json.error.message, json.error.fields ?? {});
    }
  } catch {
    // A body that is not our error JSON (proxy page, empty body) falls through to the generic text.
  }
  return new ApiError(response.status, 'HTTP_' + response.status, messages.serverError);
};

/** A refused call's error; a session refusal on a signed-in call also goes to the app's listener. */
const refusalOf = async (response: Response, signedIn: boolean): Promise<ApiError> => {
  const error = await toApiError(response);
  if (signedIn && isSessionRefusal(response.status, error.code)) onSignedInCallRefused(error);
  return error;
};

async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A FormData body (file upload) sets its own multipart Content-Type with the boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  // An absolute URL keeps fetch happy outside the browser too (tests run Node's fetch).
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await refusalOf(response, options.signedIn ?? false);
  if (response.status === 204 || response.status === 202) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** `limit` and `cursor` of a `{items, nextCursor}` list (http/schemas.ts, listQuerySchema). */
export interface ListParams {
  limit?: number;
  cursor?: string | null;
}

const listQuery = (params: ListParams) => {
  const search = new URLSearchParams();
  if (params.limit) search.set('limit', String(params.limit));
  if (params.cursor) search.set('cursor', params.cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
};

const id = (value: string) => encodeURIComponent(value);

/** The catalogue's search, filters and sort on `GET /api/products` (docs/catalogue.md, "Catalogue"). */
export interface ProductSearchParams extends ListParams {
  q?: string;
  category?: string;
  brand?: string;
  inStock?: boolean;
  minPriceCents?: number;
  maxPriceCents?: number;
  sort?: 'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'name';
  /** The words as typed, without typo corrections ("search instead for …"). */
  exact?: boolean;
}

const searchQuery = (params: ProductSearchParams) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Fields of a category an admin creates or edits. */
export interface CategoryInput {
  name: string;
  parentId?: string | null;
}

/** One line of a cart or an order: a product and how many. */
export interface CartLineInput {
  productId: string;
  quantity: number;
}

/** `POST /api/orders`: lines, or the product page's one product (docs/orders.md, "Orders, cart, quick order"). */
export type OrderBody = { phone: string; address: string } & (
  | { productId: string; quantity: number }
  | { lines: CartLineInput[]; poNumber?: string | null; note?: string | null }
);

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export const api = {
  // identity
  signIn: (body: { email: string; password: string }) =>
    request<SessionDto>('/api/auth/sign-in', { method: 'POST', body }),
  signUp: (body: { name: string; email: string; password: string }) =>
    request<SessionDto>('/api/auth/sign-up', { method: 'POST', body }),
  signOut: () => request<void>('/api/auth/sign-out', { method: 'POST' }),
  /** Who is signed in; null when nobody is (the server answers 401). */
  me: async (): Promise<MeDto | null> => {
    try {
      return await request<MeDto>('/api/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  googleStatus: () => request<GoogleStatusDto>('/api/auth/google/status'),
  googleSignInUrl: (returnTo: string) => `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`,
  verifyEmail: (token: string) => request<void>('/api/auth/verify-email', { method: 'POST', body: { token } }),
  resendVerification: () => request<void>('/api/auth/verify-email/resend', { method: 'POST', signedIn: true }),
  requestPasswordReset: (body: { email: string }) => request<void>('/api/auth/password-reset', { method: 'POST', body }),
  confirmPasswordReset: (body: { token: string; password: string }) =>
    request<void>('/api/auth/password-reset/confirm', { method: 'POST', body }),
  updateProfile: (body: ProfileInput) => request<ProfileDto>('/api/me/profile', { method: 'PUT', body, signedIn: true }),
  /** POST /api/uploads: one image (multipart field `image`); the server answers its URL. */
  uploadImage: (file: Blob) => {
    const form = new FormData();
    form.append('image', file);
    return request<UploadDto>('/api/uploads', { method: 'POST', body: form, signedIn: true });
  },

  // catalog and content
  products: (params: ListParams = {}) =>
    request<ListDto<ProductDto>>(`/api/products${listQuery(params)}`),
  product: (productId: string) => request<ProductDto>(`/api/products/${id(productId)}`),
  searchProducts: (params: ProductSearchParams, signal?: AbortSignal) =>
    request<ProductSearchDto>(`/api/products${searchQuery(params)}`, { signal }),
  suggestProducts: (q: string, signal?: AbortSignal) =>
    request<ProductSuggestionDto[]>(`/api/products/suggest?q=${encodeURIComponent(q)}`, { signal }),
  quantityAdvice: (productId: string, quantity: number, signal?: AbortSignal) =>
    request<QuantityAdviceDto>(`/api/products/${id(productId)}/quantity-advice?quantity=${quantity}`, { signal }),
  categories: () => request<CategoryNodeDto[]>('/api/categories'),
  reviews: (params: ListParams = {}) =>
    request<ListDto<ReviewDto>>(`/api/reviews${listQuery(params)}`),
  subscribe: (body: { email: string }) => request<void>('/api/newsletter', { method: 'POST', body }),
  contact: (body: { name: string; email: string; message: string }) =>
    request<void>('/api/contact', { method: 'POST', body }),
  postReview: (body: ReviewBody) => request<ReviewDto>('/api/reviews', { method: 'POST', body, signedIn: true }),
  deleteReview: (reviewId: string) => request<void>(`/api/reviews/${id(reviewId)}`, { method: 'DELETE', signedIn: true }),

  // catalog administration
  createProduct: (body: ProductInput) => request<ProductDto>('/api/products', { method: 'POST', body, signedIn: true }),
  updateProduct: (productId: string, body: ProductPatch) =>
    request<ProductDto>(`/api/products/${id(productId)}`, { method: 'PATCH', body, signedIn: true }),
  deleteProduct: (productId: string) => request<void>(`/api/products/${id(productId)}`, { method: 'DELETE', signedIn: true }),
  createCategory: (body: CategoryInput) => request<CategoryDto>('/api/admin/categories', { method: 'POST', body, signedIn: true }),
  updateCategory: (categoryId: string, body: Partial<CategoryInput>) =>
    request<CategoryDto>(`/api/admin/categories/${id(categoryId)}`, { method: 'PATCH', body, signedIn: true }),
  deleteCategory: (categoryId: string) =>
    request<void>(`/api/admin/categories/${id(categoryId)}`, { method: 'DELETE', signedIn: true }),
  /** The whole catalogue as CSV: a plain link, the browser downloads it with the session cookie. */
  exportProductsUrl: '/api/admin/products/export.csv',
  /**
   * POST /api/admin/products/import: the file as the multipart field `file`. XMLHttpRequest, not
   * fetch, because only it reports how much of the body has been sent (the import's progress bar).
   */
  importCatalogue: (file: Blob, { dryRun, onProgress }: { dryRun: boolean; onProgress?: (sent: number) => void }) =>
    new Promise<ImportReportDto>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api/admin/products/import${dryRun ? '?dryRun=true' : ''}`);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status });
        if (response.ok) void response.json().then(resolve, reject);
        else void refusalOf(response, true).then(reject);
      };
      // As fetch does when the network fails.
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      const form = new FormData();
      form.set('file', file);
      xhr.send(form);
    }),

  // ordering
  placeOrder: (body: OrderBody, idempotencyKey: string) =>
    request<OrderDto>('/api/orders', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      signedIn: true,
    }),
  reorder: (orderId: string) => request<ReorderDto>(`/api/orders/${id(orderId)}/reorder`, { method: 'POST', signedIn: true }),
  cart: () => request<CartDto>('/api/cart', { signedIn: true }),
  saveCart: (lines: readonly CartLineInput[]) => request<CartDto>('/api/cart', { method: 'PUT', body: { lines }, signedIn: true }),
  resolveList: (text: string) => request<ResolvedListDto>('/api/cart/resolve', { method: 'POST', body: { text } }),
  myOrders: (params: ListParams = {}) => request<ListDto<OrderDto>>(`/api/orders${listQuery(params)}`, { signedIn: true }),
  order: (orderId: string) => request<OrderDto>(`/api/orders/${id(orderId)}`, { signedIn: true }),
  deleteOrder: (orderId: string) => request<void>(`/api/orders/${id(orderId)}`, { method: 'DELETE', signedIn: true }),
  startPayment: (orderId: string) =>
    request<PaymentIntentDto>(`/api/orders/${id(orderId)}/payment-intent`, { method: 'POST', signedIn: true }),
  confirmPayment: (orderId: string, paymentIntentId: string) =>
    request<OrderDto>(`/api/orders/${id(orderId)}/payment/confirm`, {
      method: 'POST',
      body: { paymentIntentId },
      signedIn: true,
    }),
  /** The offline test provider's card network (only present when Stripe is not configured). */
  confirmTestCard: (body: { clientSecret: string; card: CardInput; billing: { name: string; email: string } }) =>
    request<TestCardResultDto>('/api/payments/test/confirm', { method: 'POST', body, signedIn: true }),

  // admin
  adminOverview: () => request<ShopOverviewDto>('/api/admin/overview', { signedIn: true }),
  salesReport: (days: 30 | 90) => request<SalesReportDto>(`/api/admin/reports/sales?days=${days}`, { signedIn: true }),
  /** The orders file for days placed `from`–`to` (both `2026-11-24`, both included): a plain download. */
  exportOrdersUrl: (from: string, to: string) => `/api/admin/orders/export.csv?${new URLSearchParams({ from, to }).toString()}`,
  adminOrders: (params: ListParams & { status?: string | undefined; q?: string | undefined } = {}) => {
    const search = new URLSearchParams(listQuery(params).slice(1));
    if (params.status) search.set('status', params.status);
    if (params.q) search.set('q', params.q);
    const text = search.toString();
    return request<AdminOrdersDto>(`/api/admin/orders${text ? `?${text}` : ''}`, { signedIn: true });
  },
  /** Ships a paid order, with the carrier and tracking number the buyer will see when given. */
  shipOrder: (orderId: string, shipping: { carrier?: string | null; trackingNumber?: string | null } = {}) =>
    request<OrderDto>(`/api/admin/orders/${id(orderId)}/ship`, { method: 'POST', body: shipping, signedIn: true }),
  /** An order's papers (PDF): plain links, the browser downloads them with the session cookie. */
  invoiceUrl: (orderId: string) => `/api/orders/${id(orderId)}/invoice.pdf`,
  packingSlipUrl: (orderId: string) => `/api/admin/orders/${id(orderId)}/packing-slip.pdf`,
  /** The audit log (docs/audit-log.md, "Audit log"), narrowed by actor (a user id or e-mail) and kind. */
  auditLog: (params: ListParams & { actor?: string | undefined; kind?: string | undefined } = {}) => {
    const search = new URLSearchParams(listQuery(params).slice(1));
    if (params.actor) search.set('actor', params.actor);
    if (params.kind) search.set('kind', params.kind);
    const text = search.toString();
    return request<ListDto<AuditEntryDto>>(`/api/admin/audit${text ? `?${text}` : ''}`, { signedIn: true });
  },
  adminUsers: (params: ListParams = {}) => request<ListDto<UserDto>>(`/api/admin/users${listQuery(params)}`, { signedIn: true }),
  makeAdmin: (userId: string) =>
    request<UserDto>(`/api/admin/users/${id(userId)}/make-admin`, { method: 'POST', signedIn: true }),
  removeAdmin: (userId: string) =>
    request<UserDto>(`/api/admin/users/${id(userId)}/remove-admin`, { method: 'POST', signedIn: true }),
  deleteUser: (userId: string) => request<void>(`/api/admin/users/${id(userId)}`, { method: 'DELETE', signedIn: true }),
  adminMessages: (params: ListParams = {}) =>
    request<ListDto<ContactMessageDto>>(`/api/admin/messages${listQuery(params)}`, { signedIn: true }),
  markContactMessage: (messageId: string, read: boolean) =>
    request<ContactMessageDto>(`/api/admin/messages/${id(messageId)}`, { method: 'PATCH', body: { read }, signedIn: true }),
  adminSubscribers: (params: ListParams = {}) =>
    request<ListDto<SubscriberDto>>(`/api/admin/subscribers${listQuery(params)}`, { signedIn: true }),

  // Requests for quote (docs/orders.md, "Requests for quote")
  requestQuote: (body: { lines: readonly CartLineInput[]; message: string }) => request<QuoteDto>('/api/quotes', { method: 'POST', body, signedIn: true }),
  myQuotes: (params: ListParams = {}) => request<ListDto<QuoteDto>>(`/api/quotes${listQuery(params)}`, { signedIn: true }),
  acceptQuote: (quoteId: string, body: { phone: string; address: string; poNumber: string | null }) =>
    request<OrderDto>(`/api/quotes/${id(quoteId)}/accept`, { method: 'POST', body, signedIn: true }),
  declineQuote: (quoteId: string) => request<QuoteDto>(`/api/quotes/${id(quoteId)}/decline`, { method: 'POST', signedIn: true }),
  adminQuotes: (params: ListParams & { status?: string | undefined } = {}) => {
    const search = new URLSearchParams(listQuery(params).slice(1));
    if (params.status) search.set('status', params.status);
    const text = search.toString();
    return request<ListDto<QuoteDto>>(`/api/admin/quotes${text ? `?${text}` : ''}`, { signedIn: true });
  },
  adminQuote: (quoteId: string) => request<QuoteDto>(`/api/admin/quotes/${id(quoteId)}`, { signedIn: true }),
  answerQuote: (quoteId: string, body: { lines: { productId: string; quantity: number; unitPriceCents: number }[]; expiresInDays: number; holdStock: boolean; message: string | null }) =>
    request<QuoteDto>(`/api/admin/quotes/${id(quoteId)}/answer`, { method: 'POST', body, signedIn: true }),
};
