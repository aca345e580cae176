// The order bench's yardstick: plain Hono + better-sqlite3 placing an order with lines the way the
// real server must at the least, on the same database file. It verifies the session JWT exactly
// as adapters/identity/jwt-token-service.ts does (jose, HS256, issuer, audience, sub/exp/sv), reads
// the buyer (name, e-mail, session version) and the lines' products (price, tiers, the copied
// fields), then in one IMMEDIATE transaction takes every line's units with a conditional UPDATE,
// advances the year's order number (the number_sequences upsert) and inserts the same `orders` row
// and `order_lines` rows, and answers 201 with the order. It has no body validation beyond the
// shape, no idempotency key, unpaid-order limit or expiry sweep, no headers, logging or layers.
// Usage: node bench/bare-order-server.mjs <sqlite-file> <port> <jwt-secret>
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { orderFrom, placedAnswer, sessionClaimsOf, Short } from './bare-order-shape.mjs';

const [file, port, secret] = process.argv.slice(2);
const key = new TextEncoder().encode(secret);
const db = new Database(file, { fileMustExist: true });
// As the real store opens it (adapters/storage/sqlite/sqlite-store.ts).
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');

const userById = db.prepare('SELECT id, email, name, session_version FROM users WHERE id = ?');
const productById = db.prepare(
  'SELECT id, sku, name, description, image_url, price_cents, unit, price_tiers FROM products WHERE id = ?',
);
const reserve = db.prepare('UPDATE products SET stock = stock - ? WHERE id = ? AND stock >= ?');
const nextNumber = db.prepare(
  "INSERT INTO number_sequences (kind, year, last) VALUES ('order', ?, 1) ON CONFLICT (kind, year) DO UPDATE SET last = last + 1 RETURNING last",
);
const insertOrder = db.prepare(
  `INSERT INTO orders (id, number, user_id, email, customer_name, item_count, total_cents, phone, address, po_number, note, status,
     transaction_id, payment_intent_id, idempotency_key, created_at, paid_at, shipped_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'unpaid', NULL, NULL, NULL, ?, NULL, NULL)`,
);
const insertLine = db.prepare(
  `INSERT INTO order_lines (order_id, position, product_id, sku, product_name, product_image_url, product_description, unit,
     quantity, unit_price_cents, list_unit_price_cents, line_total_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);


/** Every line's units, the number and the rows, or nothing: a short line rolls it all back. */
const place = db
  .transaction((order) => {
    for (const line of order.lines) if (reserve.run(line.quantity, line.productId, line.quantity).changes !== 1) throw new Short();
    const number = `BH-${order.year}-${String(nextNumber.get(order.year).last).padStart(6, '0')}`;
    insertOrder.run(order.id, number, order.userId, order.email, order.name, order.itemCount, order.totalCents, order.phone, order.address, order.poNumber, order.note, order.createdAt);
    order.lines.forEach((line, position) =>
      insertLine.run(order.id, position, line.productId, line.sku, line.productName, line.productImageUrl, line.productDescription, line.unit, line.quantity, line.unitPriceCents, line.unitPriceCents, line.lineTotalCents),
    );
    return number;
  })
  .immediate;

const app = new Hono();
app.post('/api/orders', async (c) => {
  const claims = await sessionClaimsOf(c.req.header('authorization'), key);
  if (!claims) return c.json({ error: { code: 'UNAUTHORIZED' } }, 401);
  const user = userById.get(claims.sub);
  if (!user || user.session_version !== claims.sv) return c.json({ error: { code: 'UNAUTHORIZED' } }, 401);
  const body = await c.req.json();
  if (!Array.isArray(body.lines) || body.lines.length === 0) return c.json({ error: { code: 'VALIDATION_FAILED' } }, 400);
  const order = orderFrom(user, body, (id) => productById.get(id));
  if (!order) return c.json({ error: { code: 'NOT_FOUND' } }, 404);
  try {
    const number = place(order);
    return c.json(placedAnswer(order, number), 201);
  } catch (error) {
    if (error instanceof Short) return c.json({ error: { code: 'INSUFFICIENT_STOCK' } }, 409);
    throw error;
  }
});
app.get('/api/health', (c) => c.json({ status: 'ok' }));

serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.log(`bare order server on ${port}`));
