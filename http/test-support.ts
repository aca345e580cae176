/** Shared arrangements for the http tests: a real app on the memory store and the test gateway. */
import { randomUUID } from 'node:crypto';
import { createJwtTokenService } from '#adapters/identity/jwt-token-service.ts';
import { createScryptPasswordHasher } from '#adapters/identity/scrypt-password-hasher.ts';
import { createTestPaymentGateway } from '#adapters/payments/test/test-payment-gateway.ts';
import { createMemoryStore } from '#adapters/storage/memory/memory-store.ts';
import type { Product } from '#domain/catalog/product.ts';
import type { PaymentGateway } from '#domain/ordering/payment-gateway.ts';
import type { Store } from '#domain/store.ts';
import { createApp } from './app.ts';
import type { ErrorDto, SessionDto } from './dto.ts';
import type { Logger } from './logger.ts';
import type { AppPorts, HttpSettings } from './ports.ts';

export const ORIGIN = 'http://localhost';
export const TEST_SECRET = 'http-tests-secret-that-is-long-enough-0123';

export interface TestAppOptions {
  settings?: Partial<HttpSettings>;
  payments?: PaymentGateway;
  webRoot?: string | null;
  logger?: Logger;
  store?: Store;
}

export const createTestApp = (options: TestAppOptions = {}) => {
  const store = options.store ?? createMemoryStore();
  const ports: AppPorts = {
    store,
    clock: { now: () => new Date() },
    ids: { newId: () => randomUUID() },
    // A low scrypt cost keeps hundreds of sign-ups fast; the adapter's own tests use the real cost.
    hasher: createScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 }),
    tokens: createJwtTokenService({ secret: TEST_SECRET }),
    payments: options.payments ?? createTestPaymentGateway(),
    webRoot: options.webRoot ?? null,
    settings: { authRateLimit: 1000, ...options.settings },
    ...(options.logger ? { logger: options.logger } : {}),
  };
  const app = createApp(ports);
  return { app, ports, store, ...clientFor(app) };
};

type App = ReturnType<typeof createApp>;

export interface CallOptions {
  body?: unknown;
  /** Raw body text; sent as given, with `contentType`. */
  raw?: string;
  contentType?: string;
  token?: string;
  /** Sends the token as the session cookie (with our own Origin unless `origin` says otherwise). */
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
}

export const clientFor = (app: App) => {
  const call = async (method: string, path: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      if (options.contentType) headers['content-type'] = options.contentType;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) {
      headers.cookie = `session=${options.cookie}`;
      if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
    } else if (options.origin) headers.origin = options.origin;
    const response = await app.request(`${ORIGIN}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    // Tests read whatever JSON came back and assert on it; a loose type keeps them readable.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, text, json: json as any };
  };

  let counter = 0;
  const signUp = async (overrides: Partial<{ name: string; email: string; password: string }> = {}) => {
    counter += 1;
    const input = {
      name: 'Buyer ' + counter,
      email: `buyer${counter}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'password-1',
      ...overrides,
    };
    const response = await call('POST', '/api/auth/sign-up', { body: input });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
    const session = response.json as SessionDto;
    return { ...input, token: session.token, user: session.user };
  };

  return { call, signUp };
};

export const expectError = (json: unknown): ErrorDto['error'] => {
  const error = (json as ErrorDto | null)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
    throw new Error(`not an error body: ${JSON.stringify(json)}`);
  }
  return error;
};

let productCounter = 0;
export const addProduct = async (store: Store, overrides: Partial<Omit<Product, 'id'>> = {}): Promise<Product> => {
  productCounter += 1;
  return store.products.create({
    id: randomUUID(),
    name: `Pipe wrench ${productCounter}`,
    description: 'Heavy duty',
    imageUrl: '/demo/products/wrench.svg',
    priceCents: 1250,
    stock: 1000,
    createdAt: new Date(Date.UTC(2026, 0, 1) + productCounter * 1000),
    ...overrides,
  });
};

/** Signs up a user and promotes them in the store (the same path ADMIN_EMAIL bootstrap takes). */
export const signUpAdmin = async (context: ReturnType<typeof createTestApp>) => {
  const admin = await context.signUp({ name: 'Admin' });
  await context.store.users.setRole(admin.user.id, 'admin');
  return admin;
};
