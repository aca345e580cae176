/**
 * Test helper run as a separate OS process (node --import tsx): opens its own connection to a
 * shared store (a SQLite file, or a PostgreSQL schema), says `ready`, waits for `go` on stdin so
 * every process starts at once, then fires all its refunds and prints what the
 * store answered to each as JSON (docs/orders.md, "After the sale: cancel, refund, return").
 * Usage: refund-race-process.ts <sqlite-file | postgres-url> <schema | -> <orderId> <productId | -> <amountCents> <quantity> <attempts>
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { NewRefund } from '#domain/after-sale/after-sale.ts';
import { openPostgresStorage } from './postgres/postgres-store.ts';
import { openSqliteStorage } from './sqlite/sqlite-store.ts';

const [target, schema, orderId, productId, amountText, quantityText, attemptsText] = process.argv.slice(2);
if (!target || !schema || !orderId || !productId || !amountText || !quantityText || !attemptsText) {
  throw new Error('usage: <target> <schema|-> <orderId> <productId|-> <amountCents> <quantity> <attempts>');
}

const storage = target.startsWith('postgres') ? await openPostgresStorage(target, schema === '-' ? {} : { schema }) : openSqliteStorage(target);
const refundOf = (): NewRefund => {
  const id = randomUUID();
  const quantity = Number(quantityText);
  return {
    id,
    orderId,
    amountCents: Number(amountText),
    lines: productId === '-' ? [] : [{ productId, quantity, amountCents: Number(amountText), restocked: true }],
    reason: 'Race',
    providerRefundId: `re_${id}`,
    source: 'shop',
    createdAt: new Date(Date.UTC(2026, 5, 1)),
  };
};
const sequentially = async <T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> => {
  const out: R[] = [];
  for (const item of items) out.push(await run(item));
  return out;
};
const refunds = Array.from({ length: Number(attemptsText) }, refundOf);

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) if (line === 'go') break;
lines.close();
const refund = (one: NewRefund) => storage.repositories.afterSale.refund(one);
// A PostgreSQL pool writes on several connections at once; a SQLite connection writes one at a
// time (better-sqlite3 is synchronous), so there the race is between the processes.
const results = target.startsWith('postgres') ? await Promise.all(refunds.map(refund)) : await sequentially(refunds, refund);
await storage.lifecycle.close();
process.stdout.write(`${JSON.stringify(results.map((result) => (result.ok ? 'ok' : result.error)))}\n`);
