/**
 * Orders with lines under load (docs/orders.md, "Orders, cart, quick order"; docs/decisions/003-atomic-stock-reservation.md),
 * against real processes: 200 concurrent orders of three lines each over five products with
 * limited stock, every order naming its products in another order, and every fourth placed order
 * deleted at once (its stock back on the shelf) while the others are still being placed. On
 * SQLite one server; on PostgreSQL two servers on one database, where row locks taken in line
 * order would deadlock. Every answer must be a placement (201) or a refusal naming the short
 * lines (409), no stock ever below zero, and for each product the stock left plus the units in
 * the orders still stored equal to what it started with: all lines of an order or none.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import type { ErrorDto, OrderDto } from '#http/dto.ts';
import { listAll, signUpCustomer } from '../support/api.ts';
import { describeMultiLineBurst, multiLineOrderBurst, type MultiLineReply } from '../support/order-burst.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import { seedProductsIntoPostgres, seedProductsIntoSqlite, type ProductSpec } from '../support/products.ts';
import { freshDataDir, startServer, type RunningServer } from '../support/server.ts';

const REQUESTS = 200;
const LINES_PER_ORDER = 3;
const DELETE_EVERY = 4;

// Together far less than 200 orders ask for (about 24,000 units of each), so both answers come up.
const PRODUCTS: ProductSpec[] = [3_000, 4_000, 5_000, 6_000, 8_000].map((stock, index) => ({
  name: `Multi-line Test Fitting ${index + 1}`,
  stock,
  priceCents: 100 + index * 10,
}));

async function runExperiment(servers: RunningServer[], products: { id: string; stock: number }[]) {
  const first = servers[0]!;
  const token = await signUpCustomer(first, `lines-buyer-${Date.now()}@bulkhead.test`, servers);
  const productIds = products.map((product) => product.id);
  const initial = new Map(products.map((product) => [product.id, product.stock]));

  const result = await multiLineOrderBurst({
    serverUrls: servers.map((server) => server.url),
    token,
    productIds,
    requests: REQUESTS,
    linesPerOrder: LINES_PER_ORDER,
    deleteEvery: DELETE_EVERY,
  });
  console.info(describeMultiLineBurst(`${servers.length} server(s)`, result));

  // No deadlock, no server error, no other refusal: each order was placed or refused for stock.
  const unexpected = result.replies.filter((reply) => reply.status !== 201 && reply.status !== 409);
  expect(unexpected.map(({ index, status, body }) => ({ index, status, body }))).toEqual([]);
  const placed = result.replies.filter((reply) => reply.status === 201);
  const refused = result.replies.filter((reply) => reply.status === 409);
  expect(placed.length).toBeGreaterThan(0);
  expect(refused.length).toBeGreaterThan(0);
  expect(result.deletions.length).toBeGreaterThan(0);
  expect(result.deletions.filter((deletion) => deletion.status !== 204)).toEqual([]);

  // A placed order holds exactly the lines asked for, in their order, under a unique number.
  const orderOf = (reply: MultiLineReply) => reply.body as OrderDto;
  for (const reply of placed) {
    expect({ index: reply.index, lines: orderOf(reply).lines.map(({ productId, quantity }) => ({ productId, quantity })) }).toEqual({
      index: reply.index,
      lines: reply.lines,
    });
    expect(orderOf(reply).number).toMatch(/^BH-\d{4}-\d{6}$/);
  }
  const numbers = placed.map((reply) => orderOf(reply).number);
  expect(new Set(numbers).size).toBe(numbers.length);

  // A refusal names each short line by its place, with less available than that line asked for.
  for (const reply of refused) {
    const { error } = reply.body as ErrorDto;
    const named = Object.entries(error.fields ?? {}).map(([field, text]) => {
      const index = Number(/^lines\.(\d)\.quantity$/.exec(field)?.[1] ?? Number.NaN);
      const available = Number(/(\d[\d,]*)/.exec(text)?.[1]?.replaceAll(',', '') ?? Number.NaN);
      const line = reply.lines[index];
      return { field, known: line !== undefined, text: text === messages.lineAboveStock(available), short: line !== undefined && available < line.quantity };
    });
    expect({ index: reply.index, code: error.code, someNamed: named.length > 0 }).toEqual({ index: reply.index, code: 'INSUFFICIENT_STOCK', someNamed: true });
    for (const line of named) expect(line).toEqual({ field: line.field, known: true, text: true, short: true });
  }

  // Nobody ever saw a stock below zero, during the burst or after it.
  for (const id of productIds) {
    expect(Math.min(...result.observedStocks[id]!, result.finalStocks[id]!)).toBeGreaterThanOrEqual(0);
  }

  // What is stored is what was placed and not deleted, and it accounts for every unit taken.
  const deleted = new Set(result.deletions.map((deletion) => deletion.orderId));
  const stored = await listAll<OrderDto>(first.url, '/api/orders', token);
  expect(stored.map((order) => order.id).sort()).toEqual(placed.map((reply) => orderOf(reply).id).filter((id) => !deleted.has(id)).sort());
  expect(new Set(stored.map((order) => order.number)).size).toBe(stored.length);
  const ordered = new Map<string, number>(productIds.map((id) => [id, 0]));
  for (const order of stored) {
    for (const { productId, quantity } of order.lines) if (productId !== null) ordered.set(productId, (ordered.get(productId) ?? 0) + quantity);
  }
  expect(Object.fromEntries(productIds.map((id) => [id, result.finalStocks[id]! + ordered.get(id)!]))).toEqual(Object.fromEntries(initial));
}

describe('200 concurrent three-line orders on SQLite (one server, one database file)', () => {
  let server: RunningServer;
  let products: { id: string; stock: number }[];
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = freshDataDir();
    products = await seedProductsIntoSqlite(dataDir, PRODUCTS);
    server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('places every order whole or refuses it naming the short lines; stock never negative and every unit accounted for', async () => {
    await runExperiment([server], products);
  });
});

describe('200 concurrent three-line orders on PostgreSQL (two server processes, one database)', () => {
  let database: ScratchDatabase;
  const servers: RunningServer[] = [];
  let products: { id: string; stock: number }[];
  beforeAll(async () => {
    database = await createScratchDatabase('multiline');
    // Opening the store first also applies the migrations, so the servers start on a ready schema.
    products = await seedProductsIntoPostgres(database.url, PRODUCTS);
    const env = { SEED_DEMO: 'false', DATABASE_URL: database.url };
    // One after the other: the admin bootstrap of two simultaneous first starts can collide.
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('places every order whole or refuses it naming the short lines across both processes, without a deadlock', async () => {
    await runExperiment(servers, products);
  });
});
