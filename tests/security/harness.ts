/**
 * The security suite's app: the real createApp on a real SQLite file, local-disk uploads and the
 * offline payment provider, plus the callers the suite impersonates (owners, strangers, admins and
 * every kind of bad token) and a byte-exact snapshot of everything the app can write.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { createLocalDiskImageStore } from '#adapters/images/local-disk-image-store.ts';
import { createLocalImageFiles } from '#adapters/images/resize.ts';
import { openSqliteStorage } from '#adapters/storage/sqlite/sqlite-store.ts';
import { messages } from '#http/messages.ts';
import type { ErrorDto } from '#http/dto.ts';
import type { GoogleSignIn } from '#domain/identity/google-identity.ts';
import { addProduct, createMemoryMailer, createTestApp, signUpAdmin, TEST_SECRET, type TestAppOptions } from '#http/test-support.ts';

/** Everyone the authorization matrix calls as. The last four carry a token that must not work. */
export const ACTORS = ['anonymous', 'customer', 'other', 'admin', 'deleted', 'expired', 'forged', 'algNone'] as const;
export type Actor = (typeof ACTORS)[number];
export const BAD_TOKEN_ACTORS = ['deleted', 'expired', 'forged', 'algNone'] as const satisfies readonly Actor[];

/** Google's side of the sign-in, as far as our two routes see it: a redirect URL and a refusal. */
const offlineGoogle: GoogleSignIn = {
  start: async () => ({
    url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=test',
    state: randomUUID(),
    nonce: randomUUID(),
    codeVerifier: randomUUID(),
  }),
  finish: async () => ({ ok: false, error: 'the security suite never completes a Google sign-in' }),
};

/** The claims our session tokens carry (adapters/identity/jwt-token-service.ts). */
const ISSUER = 'bulkhead';
const AUDIENCE = 'bulkhead-session';
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A session token signed like the real ones, with a chosen key and lifetime. */
export const signSession = (
  claims: { userId: string; sessionVersion: number },
  options: { secret?: string; issuedAt?: number; expiresAt?: number } = {},
) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sv: claims.sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(new TextEncoder().encode(options.secret ?? TEST_SECRET));
};

/** The classic forgery: the same claims, `alg: none` and no signature at all. */
export const unsignedSession = (claims: { userId: string; sessionVersion: number }) => {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: claims.userId, sv: claims.sessionVersion, iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 3600 };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
};

/** `METHOD /path` of every endpoint Hono registered: middleware (ALL) and the SPA fallback are not endpoints. */
export const registeredRoutes = (app: SecurityApp): string[] => [
  ...new Set(app.app.routes.filter((route) => route.method !== 'ALL' && route.path !== '/*').map((route) => `${route.method} ${route.path}`)),
];

export type SecurityApp = Awaited<ReturnType<typeof openSecurityApp>>;

export const openSecurityApp = async (options: TestAppOptions = {}) => {
  const dir = await mkdtemp(join(tmpdir(), 'bulkhead-security-'));
  const file = join(dir, 'bulkhead.db');
  const uploadsDir = join(dir, 'uploads');
  const storage = openSqliteStorage(file);
  const outbox = createMemoryMailer();
  const context = createTestApp({
    storage,
    mailer: outbox,
    images: createLocalDiskImageStore({ dir: uploadsDir }),
    uploads: createLocalImageFiles({ dir: uploadsDir }),
    google: offlineGoogle,
    ...options,
  });

  // A second, read-only connection: it sees every committed row, whichever code path wrote it.
  const reader = new Database(file, { readonly: true, fileMustExist: true });
  const tables = (
    reader.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]
  )
    .map(({ name }) => name)
    // The full-text index is derived from the products rows, which are compared themselves; the
    // sales report's period totals are derived from the daily roll-up, which is compared too (the
    // report moves them forward when it is read: docs/reports.md).
    .filter((name) => !name.startsWith('products_fts') && name !== 'sales_windows' && name !== 'sales_window_products');

  /** Every row of every table and every uploaded file name: equal snapshots mean nothing was written. */
  const snapshot = async () => {
    const rows = Object.fromEntries(tables.map((table) => [table, reader.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()]));
    const uploads = (await readdir(uploadsDir).catch(() => [] as string[])).sort();
    return JSON.stringify({ rows, uploads });
  };

  const close = async () => {
    reader.close();
    await storage.lifecycle.close();
    await rm(dir, { recursive: true, force: true });
  };

  return { ...context, outbox, dir, uploadsDir, tables, snapshot, close };
};

/**
 * The cast: a customer who owns the data rows act on, a second customer, an admin, and one token
 * of each bad kind. The crafted tokens name `subject`, a live user whose own token works, so the
 * only thing wrong with each is the one flaw it was made with.
 */
export const arrangeActors = async (app: SecurityApp) => {
  const admin = await signUpAdmin(app);
  const customer = await app.signUp({ name: 'Owner' });
  const other = await app.signUp({ name: 'Stranger' });
  const subject = await app.signUp({ name: 'Subject' });
  const departed = await app.signUp({ name: 'Departed' });
  await app.store.users.delete(departed.user.id);

  const claims = { userId: subject.user.id, sessionVersion: (await app.store.users.findById(subject.user.id))!.sessionVersion };
  const dayAgo = Math.floor(Date.now() / 1000) - 24 * 3600;
  const tokens: Record<Actor, string | undefined> = {
    anonymous: undefined,
    customer: customer.token,
    other: other.token,
    admin: admin.token,
    deleted: departed.token,
    expired: await signSession(claims, { issuedAt: dayAgo - 3600, expiresAt: dayAgo }),
    forged: await signSession(claims, { secret: 'not-the-server-secret-but-just-as-long-0123' }),
    algNone: unsignedSession(claims),
  };
  return { admin, customer, other, subject, departed, claims, tokens };
};

export type Cast = Awaited<ReturnType<typeof arrangeActors>>;

/** A product with plenty of stock, straight into the store. */
export const stockedProduct = (app: SecurityApp, stock = 10_000) => addProduct(app.store, { stock, priceCents: 1250 });

export const validOrder = (productId: string) => ({ productId, quantity: 100, phone: '5550100200', address: '1 Harbour Road' });

/** An unpaid order of `owner`'s for a fresh product. */
export const placeOrder = async (app: SecurityApp, ownerToken: string) => {
  const product = await stockedProduct(app);
  const placed = await app.call('POST', '/api/orders', { token: ownerToken, body: validOrder(product.id) });
  if (placed.status !== 201) throw new Error(`could not place an order: ${placed.status} ${placed.text}`);
  return placed.json as { id: string; totalCents: number };
};

/** An order paid through the offline provider (status pending), ready to ship. */
export const paidOrder = async (app: SecurityApp, ownerToken: string) => {
  const order = await placeOrder(app, ownerToken);
  const intent = await app.call('POST', `/api/orders/${order.id}/payment-intent`, { token: ownerToken });
  const paid = await app.call('POST', '/api/payments/test/confirm', {
    token: ownerToken,
    body: {
      clientSecret: intent.json.clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      billing: { name: 'Owner', email: 'owner@example.com' },
    },
  });
  const confirmed = await app.call('POST', `/api/orders/${order.id}/payment/confirm`, {
    token: ownerToken,
    body: { paymentIntentId: paid.json.paymentIntentId },
  });
  if (confirmed.status !== 200) throw new Error(`could not pay an order: ${confirmed.status} ${confirmed.text}`);
  return order;
};

/** A real one-pixel PNG: the server decides the type from the bytes and decodes it at upload. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const pngForm = () => {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(ONE_PIXEL_PNG)]), 'a.png');
  return form;
};

// ---- the spec's error shape, with catalogue texts only

const SENTINEL = 987_654_321;
const SENTINEL_MONEY = `$${(SENTINEL / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const staticTexts = new Set<string>();
const templatePatterns: RegExp[] = [];
for (const value of Object.values(messages) as unknown[]) {
  if (typeof value === 'string') staticTexts.add(value);
  if (typeof value === 'function') {
    // Fill the template with a sentinel and turn it back into a pattern: `${max}` becomes \d+.
    // Every parameter gets the sentinel, written plain or with thousands separators, or counted
    // from one (`line ${index + 1}`).
    const inputs = Array.from({ length: Math.max(1, (value as (...inputs: number[]) => string).length) }, () => SENTINEL);
    let sample: string;
    try {
      sample = String((value as (...inputs: number[]) => string)(...inputs));
    } catch {
      continue; // takes lists or records, not numbers: no API answer is built from it
    }
    // An amount of money (formatCents of the sentinel, `$9,876,543.21`) is a parameter too.
    let escaped = sample
      .replaceAll(SENTINEL_MONEY, '\u0001')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll('\u0001', '\\S+');
    for (const shown of [SENTINEL, SENTINEL + 1]) escaped = escaped.replaceAll(shown.toLocaleString('en-US'), '\\S+').replaceAll(String(shown), '\\S+');
    templatePatterns.push(new RegExp(`^${escaped.replace(/minutes/, 'minutes?')}$`));
  }
}
export const isCatalogueText = (text: string) => staticTexts.has(text) || templatePatterns.some((pattern) => pattern.test(text));

/**
 * Why a body is not the spec's error (null when it is): exactly `{error: {code, message, fields?}}`,
 * an upper-case code, and every text one the catalogue has (no library's default wording).
 */
export const errorShapeProblem = (json: unknown): string | null => {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 'not a JSON object';
  const keys = Object.keys(json);
  if (keys.length !== 1 || keys[0] !== 'error') return `top-level keys ${keys.join(',')}`;
  const { error } = json as ErrorDto;
  if (!error || typeof error !== 'object') return 'error is not an object';
  const extra = Object.keys(error).filter((key) => !['code', 'message', 'fields'].includes(key));
  if (extra.length > 0) return `unexpected keys ${extra.join(',')}`;
  if (typeof error.code !== 'string' || !/^[A-Z_]+$/.test(error.code)) return `bad code ${String(error.code)}`;
  if (typeof error.message !== 'string' || !isCatalogueText(error.message)) return `message not in the catalogue: ${String(error.message)}`;
  if (error.fields !== undefined) {
    if (typeof error.fields !== 'object' || error.fields === null) return 'fields is not an object';
    for (const [field, text] of Object.entries(error.fields)) {
      if (typeof text !== 'string' || !isCatalogueText(text)) return `fields.${field} not in the catalogue: ${String(text)}`;
    }
  }
  return null;
};
