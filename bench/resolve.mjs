// Quick order's reading of a pasted list at a supplier's size, not part of `npm run bench`:
// `node --import tsx bench/resolve.mjs`. 20,000 products (tests/support/bulk-shop.ts) on a fresh
// SQLite file and on PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432); each round resolves
// one list the way POST /api/cart/resolve does (domain/ordering/resolve-pasted-list.ts), one at a
// time: ten made-up 32-character SKUs, 200 of them, and ten known ones. Prints the median,
// 95th percentile and worst of each, in milliseconds.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { openPostgresStorage } from '../adapters/storage/postgres/postgres-store.ts';
import { openSqliteStorage } from '../adapters/storage/sqlite/sqlite-store.ts';
import { resolvePastedList } from '../domain/ordering/resolve-pasted-list.ts';
import { LARGE_SHOP, bulkInsertPostgres, bulkInsertSqlite, buildBulkShop } from '../tests/support/bulk-shop.ts';
import { createScratchDatabase } from '../tests/support/postgres.ts';
import { sqliteFileIn } from '../tests/support/products.ts';
import { freshDataDir } from '../tests/support/server.ts';

const ROUNDS = 40;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-';
const madeUp = () => Array.from(randomBytes(32), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
const listOf = (skus) => skus.map((sku) => `${sku}\t100`).join('\n');

const shop = await buildBulkShop({ ...LARGE_SHOP, customers: 1, orders: 0 });
const known = shop.products.slice(0, 10).map((product) => product.sku);
const LISTS = {
  '10 made-up SKUs': () => listOf(Array.from({ length: 10 }, madeUp)),
  '200 made-up SKUs': () => listOf(Array.from({ length: 200 }, madeUp)),
  '10 known SKUs': () => listOf(known),
};

const figures = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `median ${at(0.5)}  p95 ${at(0.95)}  max ${sorted.at(-1).toFixed(1)}`;
};

const run = async (label, products) => {
  for (const [name, list] of Object.entries(LISTS)) {
    await resolvePastedList(products, list()); // warm the statements
    const times = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const text = list();
      const start = performance.now();
      const resolved = await resolvePastedList(products, text);
      times.push(performance.now() - start);
      if (!resolved.ok) throw new Error(`${label}: the list was refused`);
    }
    console.log(`${label.padEnd(10)} ${name.padEnd(18)} ${figures(times)} ms`);
  }
};

const dataDir = freshDataDir('bulkhead-resolve-bench');
try {
  await openSqliteStorage(sqliteFileIn(dataDir)).lifecycle.close(); // the real migrations
  bulkInsertSqlite(sqliteFileIn(dataDir), shop);
  const storage = openSqliteStorage(sqliteFileIn(dataDir));
  await run('SQLite', storage.repositories.products);
  await storage.lifecycle.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const database = await createScratchDatabase('resolve');
try {
  await (await openPostgresStorage(database.url)).lifecycle.close();
  await bulkInsertPostgres(database.url, shop);
  const storage = await openPostgresStorage(database.url);
  await run('PostgreSQL', storage.repositories.products);
  await storage.lifecycle.close();
} finally {
  await database.drop();
}
