/**
 * Fires refunds of one order from several OS processes at once (refund-race-process.ts): each
 * opens its own connection, and all start on the same `go`, with no sleep to line them up.
 * Returns every answer (`ok`, or the store's refusal) of every process.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { unpaidOrderOf } from './order-fixture.ts';
import { created } from './product-fixture.ts';
import type { Storage } from './storage.ts';

export interface RefundRace {
  /** The SQLite file or the PostgreSQL URL, and its schema. */
  target: string;
  schema?: string | undefined;
  orderId: string;
  /** Each refund's one line of this product (null: an amount alone). */
  productId: string | null;
  amountCents: number;
  quantity: number;
  processes: number;
  attemptsEach: number;
}

export async function raceRefunds(race: RefundRace): Promise<string[]> {
  const script = fileURLToPath(new URL('./refund-race-process.ts', import.meta.url));
  const args = [race.target, race.schema ?? '-', race.orderId, race.productId ?? '-', String(race.amountCents), String(race.quantity), String(race.attemptsEach)];
  const children = Array.from({ length: race.processes }, () => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = once(child, 'exit') as Promise<[number | null]>;
    const linesOut = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    return { child, exited, next: async () => (await linesOut.next()).value as string | undefined };
  });
  for (const { next } of children) {
    const first = await next();
    if (first !== 'ready') throw new Error(`refund race: a process said ${String(first)} instead of ready`);
  }
  for (const { child } of children) child.stdin.write('go\n');
  const answers = await Promise.all(
    children.map(async ({ exited, next }) => {
      const line = await next();
      const [code] = await exited;
      if (code !== 0 || !line) throw new Error(`refund race: a process ended with ${String(code)}`);
      return JSON.parse(line) as string[];
    }),
  );
  return answers.flat();
}

/**
 * The two races every SQL store must win, from two processes of ten refunds each at once: refunds
 * of 15 of an order's 200 units for $10.00 each (13 fit: what was ordered binds, not what was paid), and
 * refunds of $20.00 of its $250.00 (12 fit). Nothing more is recorded, the stock gets back exactly
 * the units refunded, and the credit notes are numbered without gaps.
 */
export async function expectRefundRacesHold(storage: Storage, target: string, schema?: string): Promise<void> {
  const { products, orders, afterSale } = storage.repositories;
  const product = await created(products.create({ id: `race-${randomUUID()}`, name: 'Race bolt', description: '', imageUrl: '', priceCents: 125, stock: 1_000, createdAt: new Date(1) }));
  const paidOrder = async () => {
    const placed = await orders.placeReservingStock(unpaidOrderOf(product, { quantity: 200 }));
    if (!placed.ok) throw new Error('arrange: not placed');
    const paid = await orders.markPaid(placed.value.id, `pi_${randomUUID()}`, new Date(Date.UTC(2026, 4, 1)));
    if (!paid) throw new Error('arrange: not paid');
    return paid;
  };
  const byLines = await paidOrder();
  const byAmount = await paidOrder();
  const race = { target, schema, processes: 2, attemptsEach: 10 };

  const lineAnswers = await raceRefunds({ ...race, orderId: byLines.id, productId: product.id, amountCents: 1_000, quantity: 15 });
  expect(lineAnswers.filter((answer) => answer === 'ok')).toHaveLength(13);
  expect(lineAnswers.filter((answer) => answer !== 'ok')).toEqual(Array(7).fill('exceeds-ordered'));
  expect((await orders.findById(byLines.id))?.refundedCents).toBe(13 * 1_000);
  expect(await products.findById(product.id)).toMatchObject({ stock: 600 + 13 * 15 });

  const amountAnswers = await raceRefunds({ ...race, orderId: byAmount.id, productId: null, amountCents: 2_000, quantity: 0 });
  expect(amountAnswers.filter((answer) => answer === 'ok')).toHaveLength(12);
  expect(amountAnswers.filter((answer) => answer !== 'ok')).toEqual(Array(8).fill('exceeds-paid'));
  expect((await orders.findById(byAmount.id))?.refundedCents).toBe(24_000);

  const numbers = [...(await afterSale.refundsOf(byLines.id)), ...(await afterSale.refundsOf(byAmount.id))].map((refund) => refund.number).sort();
  expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => `CN-2026-${String(i + 1).padStart(6, '0')}`));
}
