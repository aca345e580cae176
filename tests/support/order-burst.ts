/**
 * The no-oversell experiment shared by the SQLite and Postgres system tests and the bench:
 * N concurrent orders of Q units against a product holding exactly N/4 × Q units; and its
 * multi-line form, many orders of several lines over a few products with limited stock.
 */
import { call, getProduct, placeOrder } from './api.ts';

export interface BurstResult {
  statuses: Record<number, number>;
  finalStock: number;
  /** Every stock value observed by readers polling while the orders were in flight. */
  observedStocks: number[];
  elapsedMs: number;
}

export async function orderBurst(options: {
  /** Requests go round-robin to these servers (two processes on one database for Postgres). */
  serverUrls: string[];
  token: string;
  productId: string;
  requests: number;
  quantity: number;
}): Promise<BurstResult> {
  const { serverUrls, token, productId, requests, quantity } = options;
  const observedStocks: number[] = [];
  let running = true;
  // Readers watch the stock during the burst: it must never be seen below zero.
  const watchers = serverUrls.map(async (url) => {
    while (running) {
      observedStocks.push((await getProduct(url, productId)).stock);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  const started = performance.now();
  const replies = await Promise.all(
    Array.from({ length: requests }, (_, index) => placeOrder(serverUrls[index % serverUrls.length]!, token, productId, quantity)),
  );
  const elapsedMs = performance.now() - started;
  running = false;
  await Promise.all(watchers);
  const statuses: Record<number, number> = {};
  for (const reply of replies) statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
  const finalStock = (await getProduct(serverUrls[0]!, productId)).stock;
  return { statuses, finalStock, observedStocks, elapsedMs };
}

export const describeBurst = (label: string, result: BurstResult): string =>
  `${label}: ${result.statuses[201] ?? 0} x 201, ${result.statuses[409] ?? 0} x 409` +
  `${Object.keys(result.statuses).some((status) => status !== '201' && status !== '409') ? `, others ${JSON.stringify(result.statuses)}` : ''}` +
  `, final stock ${result.finalStock}, lowest stock seen ${Math.min(...result.observedStocks, result.finalStock)}` +
  `, ${Math.round(result.elapsedMs)} ms`;

// ---- orders with lines (docs/orders.md, "Orders, cart, quick order"): many orders over overlapping products at once

export interface LineRequest {
  productId: string;
  quantity: number;
}

export interface MultiLineReply {
  /** Which request of the burst this answers, and what it asked for. */
  index: number;
  lines: LineRequest[];
  status: number;
  body: unknown;
}

export interface MultiLineBurstResult {
  replies: MultiLineReply[];
  /** Orders deleted during the burst (their stock goes back), with the DELETE's status. */
  deletions: { orderId: string; status: number }[];
  /** Every stock value readers saw for each product while the orders were in flight. */
  observedStocks: Record<string, number[]>;
  finalStocks: Record<string, number>;
  elapsedMs: number;
}

/**
 * The lines of order `index`: `count` distinct products of `productIds`, picked and ordered by a
 * small generator seeded with the index (so every run sends the same burst), 100, 200 or 300 units
 * each. Neighbouring orders name the same products in other orders, which is what would deadlock
 * a store that locked rows in line order.
 */
export const burstLines = (index: number, productIds: readonly string[], count: number): LineRequest[] => {
  let seed = Math.imul(index + 1, 2_654_435_761) >>> 0;
  const next = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed >>> 8;
  };
  const shuffled = [...productIds];
  for (let at = shuffled.length - 1; at > 0; at--) {
    const other = next() % (at + 1);
    [shuffled[at], shuffled[other]] = [shuffled[other]!, shuffled[at]!];
  }
  return shuffled.slice(0, count).map((productId, line) => ({ productId, quantity: 100 * (1 + ((index + line) % 3)) }));
};

/**
 * `requests` concurrent orders of `linesPerOrder` lines over `productIds` (burstLines), round-robin
 * over `serverUrls`, while readers poll every product's stock. With `deleteEvery`, every
 * `deleteEvery`-th request that is placed is deleted at once through another server, so stock
 * comes back while other orders are still taking it.
 */
export async function multiLineOrderBurst(options: {
  serverUrls: string[];
  token: string;
  productIds: string[];
  requests: number;
  linesPerOrder: number;
  deleteEvery?: number;
}): Promise<MultiLineBurstResult> {
  const { serverUrls, token, productIds, requests, linesPerOrder, deleteEvery } = options;
  const observedStocks: Record<string, number[]> = Object.fromEntries(productIds.map((id) => [id, []]));
  let running = true;
  const watchers = serverUrls.flatMap((url) =>
    productIds.map(async (id) => {
      while (running) {
        observedStocks[id]!.push((await getProduct(url, id)).stock);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }),
  );
  const deletions: MultiLineBurstResult['deletions'] = [];
  const started = performance.now();
  const replies = await Promise.all(
    Array.from({ length: requests }, async (_, index): Promise<MultiLineReply> => {
      const lines = burstLines(index, productIds, linesPerOrder);
      const reply = await call<{ id?: string }>(serverUrls[index % serverUrls.length]!, 'POST', '/api/orders', {
        token,
        body: { lines, phone: '+1 555 0100', address: '1 Warehouse Road, Springfield', poNumber: `PO-${index}` },
      });
      if (reply.status === 201 && deleteEvery && index % deleteEvery === 0 && reply.body?.id) {
        const deleted = await call(serverUrls[(index + 1) % serverUrls.length]!, 'DELETE', `/api/orders/${reply.body.id}`, { token });
        deletions.push({ orderId: reply.body.id, status: deleted.status });
      }
      return { index, lines, status: reply.status, body: reply.body };
    }),
  );
  const elapsedMs = performance.now() - started;
  running = false;
  await Promise.all(watchers);
  const finalStocks = Object.fromEntries(await Promise.all(productIds.map(async (id) => [id, (await getProduct(serverUrls[0]!, id)).stock] as const)));
  return { replies, deletions, observedStocks, finalStocks, elapsedMs };
}

export const describeMultiLineBurst = (label: string, result: MultiLineBurstResult): string => {
  const statuses: Record<number, number> = {};
  for (const reply of result.replies) statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
  return `${label}: ${JSON.stringify(statuses)}, ${result.deletions.length} deleted during the burst, final stocks ${Object.values(result.finalStocks).join('/')}, ${Math.round(result.elapsedMs)} ms`;
};
