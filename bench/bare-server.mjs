// The yardstick of the README's Performance section: a bare Hono + better-sqlite3 server returning the same rows as
// GET /api/products (newest first) and GET /api/products/:id, with no validation, auth, headers,
// cache or layers, on the same database file as the real server. The bench reports the ratio.
// Usage: node bench/bare-server.mjs <sqlite-file> <port>
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

const [file, port] = process.argv.slice(2);
const db = new Database(file, { readonly: true, fileMustExist: true });
const COLUMNS = 'id, name, description, image_url, price_cents, stock, created_at, updated_at';
const newest = db.prepare(`SELECT ${COLUMNS} FROM products ORDER BY created_at DESC, id DESC LIMIT ?`);
const byId = db.prepare(`SELECT ${COLUMNS} FROM products WHERE id = ?`);

const toDto = (row) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  imageUrl: row.image_url,
  priceCents: row.price_cents,
  stock: row.stock,
  minOrderQuantity: 100,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const app = new Hono();
app.get('/api/products', (c) => {
  const limit = Math.min(Number(c.req.query('limit') ?? 24) || 24, 100);
  return c.json({ items: newest.all(limit).map(toDto), nextCursor: null });
});
app.get('/api/products/:id', (c) => {
  const row = byId.get(c.req.param('id'));
  return row ? c.json(toDto(row)) : c.json({ error: { code: 'NOT_FOUND' } }, 404);
});
app.get('/api/health', (c) => c.json({ status: 'ok' }));

serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.log(`bare server on ${port}`));
