/**
 * The no-oversell experiment shared by the SQLite and Postgres system tests and the bench:
 * N concurrent orders of Q units against a product holding exactly N/4 × Q units.
 */
import { getProduct, placeOrder } from './api.ts';

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
