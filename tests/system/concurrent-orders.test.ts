/**
 * The no-oversell guarantee (docs/decisions/003-atomic-stock-reservation.md), against real processes: 200 concurrent orders of 100 units for
 * a product holding 5,000 must give exactly 50 successes and 150 conflicts, ending at stock 0.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '#http/dto.ts';
import { listAll, signUpCustomer } from '../support/api.ts';
import { describeBurst, orderBurst } from '../support/order-burst.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import { seedProductsIntoPostgres, seedProductsIntoSqlite } from '../support/products.ts';
import { freshDataDir, startServer, type RunningServer } from '../support/server.ts';

const REQUESTS = 200;
const QUANTITY = 100;
const STOCK = 5_000;

const PRODUCT = { name: 'Concurrency Test Valve', stock: STOCK, priceCents: 1250 };

async function runExperiment(servers: RunningServer[], product: { id: string }) {
  const first = servers[0]!;
  const token = await signUpCustomer(first, `buyer-${Date.now()}@bulkhead.test`, servers);

  const result = await orderBurst({ serverUrls: servers.map((server) => server.url), token, productId: product.id, requests: REQUESTS, quantity: QUANTITY });
  console.info(describeBurst(`${servers.length} server(s)`, result));

  expect(result.statuses).toEqual({ 201: STOCK / QUANTITY, 409: REQUESTS - STOCK / QUANTITY });
  expect(result.finalStock).toBe(0);
  expect(Math.min(...result.observedStocks)).toBeGreaterThanOrEqual(0);

  // The successful orders are really stored, each for 100 units at the server's price.
  const list = await listAll<OrderDto>(first.url, '/api/orders', token);
  const forProduct = list.filter((order) => order.productId === product.id);
  expect(forProduct).toHaveLength(STOCK / QUANTITY);
  expect(forProduct.reduce((sum, order) => sum + order.quantity, 0)).toBe(STOCK);
  expect(forProduct.every((order) => order.totalCents === 1250 * QUANTITY && order.status === 'unpaid')).toBe(true);
}

describe('200 concurrent orders on SQLite (one server, one database file)', () => {
  let server: RunningServer;
  let productId: string;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = freshDataDir();
    const [product] = await seedProductsIntoSqlite(dataDir, [PRODUCT]);
    productId = product!.id;
    server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sells exactly the stock: 50 created, 150 refused, stock 0, never negative', async () => {
    await runExperiment([server], { id: productId });
  });
});

describe('200 concurrent orders on PostgreSQL (two server processes, one database)', () => {
  let database: ScratchDatabase;
  const servers: RunningServer[] = [];
  let productId: string;
  beforeAll(async () => {
    database = await createScratchDatabase('concurrency');
    // Opening the store first also applies the migrations, so the servers start on a ready schema.
    const [product] = await seedProductsIntoPostgres(database.url, [PRODUCT]);
    productId = product!.id;
    const env = { SEED_DEMO: 'false', DATABASE_URL: database.url };
    // One after the other: the admin bootstrap of two simultaneous first starts can collide.
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('sells exactly the stock across both processes: 50 created, 150 refused, stock 0', async () => {
    await runExperiment(servers, { id: productId });
  });
});
