/**
 * Two instances on one PostgreSQL behind a real nginx, under a steady load of orders and reads,
 * while the database goes away (docs/operations.md, "When something fails"):
 *   1. PostgreSQL terminates every connection of the shop mid-load (pg_terminate_backend, what a
 *      restart or a failover does to them);
 *   2. the database is unreachable for a while: the test cuts the network path to it (a TCP proxy
 *      between the instances and the server, tests/support/tcp-proxy.ts), then restores it.
 * Throughout, no process exits, clients get answers (never 500, never a hang): served, or 503
 * with Retry-After while the database is away; health says so; both instances serve again within
 * 5 s of the database's return, without a restart; every acknowledged order is stored exactly
 * once, and stock plus ordered units still equals the starting stock.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../support/api.ts';
import { eventually } from '../support/eventually.ts';
import { startNginx, type RunningNginx } from '../support/nginx.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import { freePort, startServer, TEST_ADMIN, type RunningServer } from '../support/server.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

const STOCK = 10_000_000;
const QUANTITY = 100;
/** Concurrent clients of the load. */
const CLIENTS = 6;
/** A request that takes longer is a hang: the pool gives up on a connection after 5 s. */
const HANG_MS = 15_000;

interface Answer {
  status: number | 'no answer';
  path: string;
  retryAfter: string | null;
  orderId?: string;
}

describe('two instances behind nginx when PostgreSQL goes away', () => {
  let database: ScratchDatabase;
  let tcp: TcpProxy;
  let instances: RunningServer[] = [];
  let nginx: RunningNginx | undefined;
  let admin: pg.Client;
  let proxy: string;
  let buyer: string;
  let productId: string;

  beforeAll(async () => {
    database = await createScratchDatabase('outage');
    const direct = new URL(database.url);
    tcp = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(tcp.port);
    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    const env = { DATABASE_URL: throughProxy.toString(), PUBLIC_URL: proxy, TRUST_PROXY: 'true', LOG_LEVEL: 'info' };
    instances.push(await startServer({ env }));
    instances.push(await startServer({ env }));
    nginx = await startNginx(
      instances.map((instance) => instance.port),
      proxyPort,
    );
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();

    const signIn = await fetch(`${instances[0]!.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const { token } = (await signIn.json()) as { token: string };
    const created = await fetch(`${instances[0]!.url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Hex bolt M8', description: 'Zinc plated', priceCents: 12, stock: STOCK, imageUrl: '/demo/products/wrench.svg' }),
    });
    productId = ((await created.json()) as { id: string }).id;
    buyer = await signUpCustomer(instances[0]!, 'outage-buyer@example.com', instances);
  }, 120_000);

  afterAll(async () => {
    nginx?.stop();
    for (const instance of instances) await instance.stop();
    instances = [];
    await tcp?.close();
    await admin?.end();
    await database?.drop();
  });

  const ask = async (url: string, path: string, init: RequestInit = {}): Promise<Answer> => {
    try {
      const response = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(HANG_MS) });
      const body = (await response.json().catch(() => null)) as { id?: string } | null;
      return {
        status: response.status,
        path,
        retryAfter: response.headers.get('retry-after'),
        ...(response.status === 201 && body?.id ? { orderId: body.id } : {}),
      };
    } catch {
      return { status: 'no answer', path, retryAfter: null };
    }
  };
  const order = (url: string) =>
    ask(url, '/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer}` },
      body: JSON.stringify({ productId, quantity: QUANTITY, phone: '+1 555 0100', address: '1 Warehouse Road' }),
    });
  /** A read the catalogue cache cannot answer: the buyer's own orders. */
  const ordersRead = (url: string) => ask(url, '/api/orders?limit=5', { headers: { authorization: `Bearer ${buyer}` } });
  const healthOf = async (url: string) => (await fetch(`${url}/api/health`)).json() as Promise<{ status: string; reason?: string }>;
  const alive = (instance: RunningServer) => {
    try {
      process.kill(instance.pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  /** Orders and reads through nginx from CLIENTS clients, until `until` says stop; `answers` fills as they come. */
  const load = (until: (answers: Answer[]) => boolean) => {
    const answers: Answer[] = [];
    const finished = Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let round = 0; !until(answers); round++) {
          answers.push(await ((client + round) % 2 === 0 ? order(proxy) : ordersRead(proxy)));
        }
      }),
    ).then(() => answers);
    return { answers, finished };
  };
  const count = (answers: Answer[], status: Answer['status']) => answers.filter((answer) => answer.status === status).length;
  /** Every status seen, e.g. {"200": 40, "201": 38, "503": 12}. */
  const statuses = (answers: Answer[]) => Object.fromEntries([...new Set(answers.map((a) => a.status))].map((status) => [status, count(answers, status)]));

  const acknowledged: string[] = [];

  it('keeps serving when PostgreSQL terminates every connection of the shop mid-load', async () => {
    let done = false;
    const { answers, finished } = load(() => done);
    await eventually(() => count(answers, 201) >= 20, '20 orders placed');
    const { rows } = await admin.query<{ n: number }>(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const placedBefore = count(answers, 201);
    await eventually(() => count(answers, 201) >= placedBefore + 20, '20 more orders placed after the connections were terminated');
    done = true;
    await finished;
    acknowledged.push(...answers.flatMap((answer) => (answer.orderId ? [answer.orderId] : [])));

    // The pools of both instances, their LISTEN connections and their rate-limit pools.
    expect(rows[0]!.n).toBeGreaterThanOrEqual(4);
    expect(instances.every(alive)).toBe(true);
    const seen = statuses(answers);
    expect(Object.keys(seen).every((status) => ['200', '201', '503'].includes(status)), JSON.stringify(seen)).toBe(true);
    for (const answer of answers.filter((one) => one.status === 503)) expect(answer.retryAfter).toBe('5');
    for (const instance of instances) expect((await ordersRead(instance.url)).status).toBe(200);
  });

  it('answers 503 while the database is unreachable and serves again within 5 s of its return, on both instances', async () => {
    let done = false;
    const { answers, finished } = load(() => done);
    await eventually(() => count(answers, 201) >= 10, '10 orders placed');
    await tcp.cut();
    const cutAt = answers.length;
    // Both instances say so on health, and clients are told to come back.
    await eventually(async () => {
      const healths = await Promise.all(instances.map((instance) => healthOf(instance.url)));
      return healths.every((health) => health.status === 'unavailable' && health.reason === 'unreachable') && count(answers.slice(cutAt), 503) >= 20;
    }, 'both instances report the outage and clients get 503s');
    expect(instances.every(alive)).toBe(true);
    const during = answers.slice(cutAt);
    expect(count(during, 201) + count(during, 200)).toBeLessThanOrEqual(CLIENTS * 2); // only requests already past the database

    await tcp.restore();
    const restoredAt = performance.now();
    const backWithinMs = await Promise.all(
      instances.map(async (instance) => {
        await eventually(async () => (await ordersRead(instance.url)).status === 200, `${instance.url} serves again`);
        return performance.now() - restoredAt;
      }),
    );
    const placedBack = count(answers, 201);
    await eventually(() => count(answers, 201) >= placedBack + 20, '20 orders placed after the return');
    done = true;
    await finished;
    acknowledged.push(...answers.flatMap((answer) => (answer.orderId ? [answer.orderId] : [])));

    for (const ms of backWithinMs) expect(ms).toBeLessThan(5_000);
    expect(instances.every(alive)).toBe(true);
    const seen = statuses(answers);
    expect(Object.keys(seen).every((status) => ['200', '201', '503'].includes(status)), JSON.stringify(seen)).toBe(true);
    for (const answer of answers.filter((one) => one.status === 503)) expect(answer.retryAfter).toBe('5');
    await eventually(async () => (await Promise.all(instances.map((instance) => healthOf(instance.url)))).every((health) => health.status === 'ok'), 'health ok again');
  });

  it('kept every acknowledged order exactly once, and every unit of stock', async () => {
    expect(acknowledged.length).toBeGreaterThanOrEqual(70);
    const { rows: stored } = await admin.query<{ id: string; copies: number }>(
      'select id, count(*)::int as copies from orders where id = any($1) group by id',
      [acknowledged],
    );
    expect(stored).toHaveLength(new Set(acknowledged).size);
    expect(stored.every((row) => row.copies === 1)).toBe(true);
    const { rows } = await admin.query<{ stock: number; ordered: number }>(
      'select p.stock::int as stock, (select coalesce(sum(quantity), 0)::int from order_lines where product_id = p.id) as ordered from products p where p.id = $1',
      [productId],
    );
    expect(rows[0]!.stock + rows[0]!.ordered).toBe(STOCK);
  });
});
