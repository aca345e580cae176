/**
 * Test helper run as a separate OS process (node --import tsx): opens its own connection to a
 * shared SQLite file, waits for a common start time so all processes collide, tries to place
 * `attempts` orders of 100 units, and prints how many succeeded as JSON.
 * Usage: place-orders-process.ts <dbFile> <productId> <attempts> <startAtEpochMs>
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { openSqliteStore } from './sqlite-store.ts';

const [file, productId, attemptsText, startAtText] = process.argv.slice(2);
if (!file || !productId || !attemptsText || !startAtText) throw new Error('usage: <dbFile> <productId> <attempts> <startAt>');

const store = openSqliteStore(file);
await sleep(Math.max(0, Number(startAtText) - Date.now()));
let placed = 0;
for (let i = 0; i < Number(attemptsText); i++) {
  const result = await store.orders.placeReservingStock({
    id: randomUUID(),
    userId: randomUUID(),
    email: 'buyer@example.com',
    customerName: 'Buyer',
    productId,
    productName: 'Part',
    productImageUrl: '',
    productDescription: '',
    unitPriceCents: 100,
    quantity: 100,
    totalCents: 10_000,
    phone: '+15550100',
    address: '1 Dock Road',
    status: 'unpaid',
    transactionId: null,
    idempotencyKey: null,
    createdAt: new Date(),
    paidAt: null,
    shippedAt: null,
  });
  if (result.ok) placed += 1;
}
await store.close();
process.stdout.write(JSON.stringify({ placed }));
