/** A few typed calls against a running server, as an outside client would make them. */
import type { ListDto, OrderDto, ProductDto, SessionDto } from '#http/dto.ts';

export interface Reply<T> {
  status: number;
  body: T;
}

export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const expectStatus = <T>(reply: Reply<T>, status: number, what: string): T => {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

export const signUpCustomer = async (baseUrl: string, email: string): Promise<string> =>
  expectStatus(
    await call<SessionDto>(baseUrl, 'POST', '/api/auth/sign-up', {
      body: { name: 'Bulk Buyer', email, password: 'customer-password-1' },
    }),
    201,
    'customer sign-up',
  ).token;

/** Every item of a `{items, nextCursor}` list, following the cursor 100 at a time. */
export const listAll = async <T>(baseUrl: string, path: string, token?: string): Promise<T[]> => {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '100', ...(cursor === null ? {} : { cursor }) });
    const page: ListDto<T> = expectStatus(await call<ListDto<T>>(baseUrl, 'GET', `${path}?${query}`, token ? { token } : {}), 200, `list ${path}`);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
};

export const getProduct = async (baseUrl: string, id: string): Promise<ProductDto> =>
  expectStatus(await call<ProductDto>(baseUrl, 'GET', `/api/products/${id}`), 200, 'get product');

export const placeOrder = (baseUrl: string, token: string, productId: string, quantity: number) =>
  call<OrderDto>(baseUrl, 'POST', '/api/orders', {
    token,
    body: { productId, quantity, phone: '+1 555 0100', address: '1 Warehouse Road, Springfield' },
  });
