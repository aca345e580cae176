/**
 * Test helper run as a separate OS process (node --import tsx): opens its own connection to a
 * shared SQLite file, waits for a common start time so all processes collide, tries to place
 * `attempts` orders of 100 units, and prints how many succeeded as JSON.
 * Usage: place-orders-process.ts <dbFile> <productId> <attempts> <startAtEpochMs>
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { orderMail } from '#domain/ordering/order-mail.ts';
import { unpaidOrderOf } from '../order-fixture.ts';
import { openSqliteStorage } from './sqlite-store.ts';

const [file, productId, attemptsText, startAtText] = process.argv.slice(2);
if (!file || !productId || !attemptsText || !startAtText) throw new Error('usage: <dbFile> <productId> <attempts> <startAt>');

const { repositories, lifecycle } = openSqliteStorage(file);
await sleep(Math.max(0, Number(startAtText) - Date.now()));
// Only the id matters to the reservation; the rest is the order's snapshot.
const product = { id: productId, name: 'Part', imageUrl: '', description: '', priceCents: 100 };
let placed = 0;
for (let i = 0; i < Number(attemptsText); i++) {
  // With its mail, as placeOrder writes it: the same rows in the same transaction.
  const result = await repositories.orders.placeReservingStock(unpaidOrderOf(product), orderMail('placed'));
  if (result.ok) placed += 1;
}
await lifecycle.close();
process.stdout.write(JSON.stringify({ placed }));
