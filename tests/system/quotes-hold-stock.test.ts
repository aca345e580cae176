/**
 * A quote that holds stock (docs/orders.md, "Requests for quote"), against real server processes: a
 * product of 500 units, a quote for 300 answered holding them, then 200 concurrent orders of 100:
 * exactly 2 are placed and the stock ends at 0; accepting the quote then places its order on the
 * held units (the stock stays 0). A second held quote of 300 expires under a clock the test moves
 * (tests/support/shifted-clock.mjs) and its 300 units come back: on SQLite when the quote is read,
 * on PostgreSQL by the sweep a restarting server runs at start, nobody reading it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto, QuoteDto, SessionDto } from '#http/dto.ts';
import { call, getProduct, signUpCustomer } from '../support/api.ts';
import { describeBurst, orderBurst } from '../support/order-burst.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import { seedProductsIntoPostgres, seedProductsIntoSqlite } from '../support/products.ts';
import { freshDataDir, startServer, TEST_ADMIN, type RunningServer } from '../support/server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PRODUCTS = [
  { name: 'Quoted Gate Valve', stock: 500, priceCents: 1_250 },
  { name: 'Quoted Check Valve', stock: 500, priceCents: 2_000 },
];
const details = { phone: '+1 555 0100', address: '1 Warehouse Road, Springfield' };

const clockDir = mkdtempSync(join(tmpdir(), 'bulkhead-clock-'));
const clockEnv = (name: string) => {
  const file = join(clockDir, name);
  writeFileSync(file, '0');
  const preload = fileURLToPath(new URL('../support/shifted-clock.mjs', import.meta.url));
  return { file, env: { NODE_OPTIONS: `--import ${preload}`, BULKHEAD_TEST_CLOCK_FILE: file } };
};
const moveClock = async (file: string, ms: number) => {
  writeFileSync(file, String(ms));
  // The servers read the file every 20 ms.
  await new Promise((resolve) => setTimeout(resolve, 200));
};

const must = async <T>(reply: Promise<{ status: number; body: unknown }>, status: number, what: string): Promise<T> => {
  const { status: got, body } = await reply;
  if (got !== status) throw new Error(`${what}: expected ${status}, got ${got} ${JSON.stringify(body)}`);
  return body as T;
};
const signIn = async (url: string, email: string, password: string) =>
  (await must<SessionDto>(call(url, 'POST', '/api/auth/sign-in', { body: { email, password } }), 200, 'sign-in')).token;
const heldQuote = async (url: string, buyer: string, admin: string, productId: string, expiresInDays: number) => {
  const quote = await must<QuoteDto>(call(url, 'POST', '/api/quotes', { token: buyer, body: { lines: [{ productId, quantity: 300 }], message: 'Hold 300 for us' } }), 201, 'request a quote');
  await must(
    call(url, 'POST', `/api/admin/quotes/${quote.id}/answer`, {
      token: admin,
      body: { lines: [{ productId, quantity: 300, unitPriceCents: 1_000 }], expiresInDays, holdStock: true, message: 'Held for you' },
    }),
    200,
    'answer the quote',
  );
  return quote;
};

/** The burst beside a held quote, then its acceptance; returns the buyer's and admin's tokens. */
async function holdThenBurstThenAccept(servers: RunningServer[], productId: string) {
  const first = servers[0]!;
  const email = `quote-buyer-${Date.now()}@bulkhead.test`;
  const buyer = await signUpCustomer(first, email, servers);
  const admin = await signIn(first.url, TEST_ADMIN.email, TEST_ADMIN.password);
  const quote = await heldQuote(first.url, buyer, admin, productId, 7);
  expect((await getProduct(first.url, productId)).stock).toBe(200);

  const burst = await orderBurst({ serverUrls: servers.map((server) => server.url), token: buyer, productId, requests: 200, quantity: 100 });
  console.info(describeBurst(`${servers.length} server(s), 300 held`, burst));
  expect(burst.statuses).toEqual({ 201: 2, 409: 198 });
  expect(burst.finalStock).toBe(0);
  expect(Math.min(...burst.observedStocks)).toBeGreaterThanOrEqual(0);

  const order = await must<OrderDto>(call(servers.at(-1)!.url, 'POST', `/api/quotes/${quote.id}/accept`, { token: buyer, body: details }), 201, 'accept the quote');
  expect(order).toMatchObject({ status: 'unpaid', itemCount: 300, totalCents: 300_000, note: `Quote ${quote.number}` });
  expect((await getProduct(first.url, productId)).stock).toBe(0);
  expect((await call(first.url, 'POST', `/api/quotes/${quote.id}/accept`, { token: buyer, body: details })).status).toBe(409);
  return { buyer, admin, email };
}

describe('a quote holding stock on SQLite (one server)', () => {
  let server: RunningServer;
  let dataDir: string;
  let productIds: string[];
  const clock = clockEnv('sqlite');
  beforeAll(async () => {
    dataDir = freshDataDir();
    productIds = (await seedProductsIntoSqlite(dataDir, PRODUCTS)).map((product) => product.id);
    server = await startServer({ dataDir, env: { SEED_DEMO: 'false', ...clock.env } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its 300 units through 200 concurrent orders (2 placed), is accepted on them, and an expired one gives 300 back', async () => {
    const { buyer, admin, email } = await holdThenBurstThenAccept([server], productIds[0]!);
    const lapsing = await heldQuote(server.url, buyer, admin, productIds[1]!, 1);
    expect((await getProduct(server.url, productIds[1]!)).stock).toBe(200);

    await moveClock(clock.file, DAY_MS + 60_000);
    // Sessions are dated by the same clock: sign in again under the moved one.
    const again = await signIn(server.url, email, 'customer-password-1');
    expect((await must<QuoteDto>(call(server.url, 'GET', `/api/quotes/${lapsing.id}`, { token: again }), 200, 'read the quote')).status).toBe('expired');
    expect((await getProduct(server.url, productIds[1]!)).stock).toBe(500);
    expect((await call(server.url, 'POST', `/api/quotes/${lapsing.id}/accept`, { token: again, body: details })).status).toBe(409);
    expect((await getProduct(server.url, productIds[1]!)).stock).toBe(500);
  });
});

describe('a quote holding stock on PostgreSQL (two server processes, one database)', () => {
  let database: ScratchDatabase;
  const servers: RunningServer[] = [];
  let productIds: string[];
  const clock = clockEnv('postgres');
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createScratchDatabase('quotes');
    productIds = (await seedProductsIntoPostgres(database.url, PRODUCTS)).map((product) => product.id);
    env = { SEED_DEMO: 'false', DATABASE_URL: database.url, ...clock.env };
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    rmSync(clockDir, { recursive: true, force: true });
  });

  it('keeps its 300 units through 200 concurrent orders over both (2 placed), and an expired one gives 300 back at the next start', async () => {
    const { buyer, admin } = await holdThenBurstThenAccept(servers, productIds[0]!);
    await heldQuote(servers[1]!.url, buyer, admin, productIds[1]!, 1);
    expect((await getProduct(servers[0]!.url, productIds[1]!)).stock).toBe(200);

    // Past the offer's expiry, nobody reads the quote: the sweep a server runs at start gives the units back.
    await moveClock(clock.file, DAY_MS + 60_000);
    await servers.pop()!.stop();
    servers.push(await startServer({ env }));
    const deadline = Date.now() + 10_000;
    while ((await getProduct(servers[1]!.url, productIds[1]!)).stock !== 500 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await getProduct(servers[0]!.url, productIds[1]!)).stock).toBe(500);
    expect((await getProduct(servers[1]!.url, productIds[1]!)).stock).toBe(500);
  });
});
