// The yardstick of DESIGN.md: a bare Hono + better-sqlite3 handler returning the same 24 newest
// products as GET /api/products, with no validation, auth, headers or layers. The bench runs it
// on the same database file as the real server and reports the ratio.
// Usage: node bench/bare-list-server.mjs <sqlite-file> <port>
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

const [file, port] = process.argv.slice(2);
const db = new Database(file, { readonly: true, fileMustExist: true });
const newest = db.prepare(
  'SELECT id, name, description, image_url, price_cents, stock, created_at, updated_at FROM products ORDER BY created_at DESC, id DESC LIMIT ?',
);

const app = new Hono();
app.get('/api/products', (c) => {
  const limit = Math.min(Number(c.req.query('limit') ?? 24) || 24, 100);
  const items = newest.all(limit).map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    priceCents: row.price_cents,
    stock: row.stock,
    minOrderQuantity: 100,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
  return c.json({ items, nextCursor: null });
});
app.get('/api/health', (c) => c.json({ status: 'ok' }));

serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.log(`bare list server on ${port}`));
