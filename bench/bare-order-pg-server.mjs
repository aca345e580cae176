// The order bench's yardstick on PostgreSQL: plain Hono + node-postgres placing an order with lines
// the way the real server must at the least, on the same database (as bare-order-server.mjs does
// on SQLite). It verifies the session JWT exactly as adapters/identity/jwt-token-service.ts does
// (jose, HS256, issuer, audience, sub/exp/sv), reads the buyer (name, e-mail, session version) and
// the lines' products (price, tiers, the copied fields) in one statement each, then in one
// transaction takes every line's units with one conditional UPDATE, inserts the `orders` row
// numbered by the year's sequence (`order_number_<year>`, as adapters/storage/postgres/
// year-sequences.ts) and the `order_lines` rows in one INSERT each, and answers 201 with the order:
// seven round trips. It has no body validation beyond the shape, no idempotency key, unpaid-order
// limit or expiry sweep, no headers, logging or layers.
// Usage: node bench/bare-order-pg-server.mjs <database-url> <port> <jwt-secret>
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { orderFrom, placedAnswer, sessionClaimsOf, Short } from './bare-order-shape.mjs';
import pg from 'pg';

const [url, port, secret] = process.argv.slice(2);
const key = new TextEncoder().encode(secret);
// The real server's pool size (adapters/storage/postgres/resilient-pool.ts keeps node-postgres's 10).
const pool = new pg.Pool({ connectionString: url, max: 10 });

const sequences = new Map();
/** The year's order sequence, created after the numbers already given if this process has not seen it. */
const sequenceOf = (year) => {
  let made = sequences.get(year);
  if (!made) {
    made = pool
      .query(`SELECT max(substring(number FROM 9)::bigint) AS highest FROM orders WHERE number LIKE $1`, [`BH-${year}-%`])
      .then(({ rows }) => pool.query(`CREATE SEQUENCE IF NOT EXISTS order_number_${year} START WITH ${Number(rows[0]?.highest ?? 0) + 1}`))
      .catch(() => undefined) // another process created it meanwhile
      .then(() => `order_number_${year}`);
    sequences.set(year, made);
  }
  return made;
};



/** Every line's units, the number and the rows, or nothing: a short line rolls it all back. */
async function place(order) {
  const sequence = await sequenceOf(order.year);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const taken = await client.query(
      'UPDATE products p SET stock = p.stock - l.quantity FROM unnest($1::text[], $2::int[]) AS l(id, quantity) WHERE p.id = l.id AND p.stock >= l.quantity',
      [order.lines.map((line) => line.productId), order.lines.map((line) => line.quantity)],
    );
    if (taken.rowCount !== order.lines.length) throw new Short();
    const { rows } = await client.query(
      `INSERT INTO orders (id, number, user_id, email, customer_name, item_count, total_cents, phone, address, po_number, note, status, created_at)
       VALUES ($1, 'BH-' || $12::text || '-' || lpad(nextval('${sequence}')::text, 6, '0'), $2, $3, $4, $5, $6, $7, $8, $9, $10, 'unpaid', $11) RETURNING number`,
      [order.id, order.userId, order.email, order.name, order.itemCount, order.totalCents, order.phone, order.address, order.poNumber, order.note, new Date(order.createdAt), String(order.year)],
    );
    const values = order.lines.map((_, n) => `(${Array.from({ length: 12 }, (_, k) => `$${n * 12 + k + 1}`).join(', ')})`).join(', ');
    await client.query(
      `INSERT INTO order_lines (order_id, position, product_id, sku, product_name, product_image_url, product_description, unit, quantity, unit_price_cents, list_unit_price_cents, line_total_cents) VALUES ${values}`,
      order.lines.flatMap((line, position) => [order.id, position, line.productId, line.sku, line.productName, line.productImageUrl, line.productDescription, line.unit, line.quantity, line.unitPriceCents, line.unitPriceCents, line.lineTotalCents]),
    );
    await client.query('COMMIT');
    return rows[0].number;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

const app = new Hono();
app.post('/api/orders', async (c) => {
  const claims = await sessionClaimsOf(c.req.header('authorization'), key);
  if (!claims) return c.json({ error: { code: 'UNAUTHORIZED' } }, 401);
  const body = await c.req.json();
  if (!Array.isArray(body.lines) || body.lines.length === 0) return c.json({ error: { code: 'VALIDATION_FAILED' } }, 400);
  const [users, products] = await Promise.all([
    pool.query('SELECT id, email, name, session_version FROM users WHERE id = $1', [claims.sub]),
    pool.query('SELECT id, sku, name, description, image_url, price_cents, unit, price_tiers FROM products WHERE id = ANY($1::text[])', [body.lines.map((line) => line.productId)]),
  ]);
  const user = users.rows[0];
  if (!user || user.session_version !== claims.sv) return c.json({ error: { code: 'UNAUTHORIZED' } }, 401);
  const byId = new Map(products.rows.map((product) => [product.id, product]));
  const order = orderFrom(user, body, (id) => byId.get(id));
  if (!order) return c.json({ error: { code: 'NOT_FOUND' } }, 404);
  try {
    const number = await place(order);
    return c.json(placedAnswer(order, number), 201);
  } catch (error) {
    if (error instanceof Short) return c.json({ error: { code: 'INSUFFICIENT_STOCK' } }, 409);
    throw error;
  }
});
app.get('/api/health', (c) => c.json({ status: 'ok' }));

serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.log(`bare PostgreSQL order server on ${port}`));
