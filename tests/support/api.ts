/** A few typed calls against a running server, as an outside client would make them. */
import { join } from 'node:path';
import type { ListDto, OrderDto, ProductDto, SessionDto } from '#http/dto.ts';
import { readOutbox } from '#http/test-support.ts';
import { eventually } from './eventually.ts';

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

/** A running server as these helpers need it: where it answers, and its data directory (the mail outbox). */
export interface ServerAt {
  url: string;
  dataDir: string;
}

/**
 * A customer who may order: signed up, then their e-mail verified by the link the server mailed to
 * its outbox, as the buyer would open it. Returns their session token. With several instances on
 * one database any of them may send the mail, each into its own outbox: pass them all as `senders`.
 */
export const signUpCustomer = async (server: ServerAt, email: string, senders: ServerAt[] = [server]): Promise<string> => {
  const { token: session } = expectStatus(
    await call<SessionDto>(server.url, 'POST', '/api/auth/sign-up', {
      body: { name: 'Bulk Buyer', email, password: 'customer-password-1' },
    }),
    201,
    'customer sign-up',
  );
  // The mail outbox sends it within about a second of the sign-up (docs/email.md, "E-mail").
  const verifyToken = async () =>
    (await Promise.all(senders.map((sender) => readOutbox(join(sender.dataDir, 'outbox')))))
      .flat()
      .find((mail) => mail.raw.includes(`To: ${email}`) && mail.links.some((link) => link.includes('/verifyEmail?')))?.tokens[0];
  let token: string | undefined;
  await eventually(async () => (token = await verifyToken()) !== undefined, `a verification mail for ${email} in the outbox`, 10_000);
  expectStatus(await call(server.url, 'POST', '/api/auth/verify-email', { body: { token } }), 204, 'e-mail verification');
  return session;
};

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
