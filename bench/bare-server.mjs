// The yardstick of docs/performance.md, "Performance": a bare Hono + better-sqlite3 server returning the same products
// as GET /api/products (newest first) and GET /api/products/:id, field for field (part number,
// category, brand, unit, specs, terms), with no validation, auth, headers, cache or layers, on the
// same database file as the real server. The bench reports the ratio.
// Usage: node bench/bare-server.mjs <sqlite-file> <port>
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

const [file, port] = process.argv.slice(2);
const db = new Database(file, { readonly: true, fileMustExist: true });
const COLUMNS = `p.id, p.sku, p.name, p.description, p.image_url, p.price_cents, p.stock, p.category_id, c.name AS category_name,
  c.slug AS category_slug, p.brand, p.unit, p.attributes, p.min_order_quantity, p.pack_size, p.price_tiers, p.created_at, p.updated_at`;
const FROM = 'products p LEFT JOIN categories c ON c.id = p.category_id';
const newest = db.prepare(`SELECT ${COLUMNS} FROM ${FROM} ORDER BY p.created_at DESC, p.id DESC LIMIT ?`);
const byId = db.prepare(`SELECT ${COLUMNS} FROM ${FROM} WHERE p.id = ?`);

const toDto = (row) => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  description: row.description,
  imageUrl: row.image_url,
  priceCents: row.price_cents,
  stock: row.stock,
  categoryId: row.category_id,
  category: row.category_id ? { id: row.category_id, name: row.category_name, slug: row.category_slug } : null,
  brand: row.brand,
  unit: row.unit,
  attributes: JSON.parse(row.attributes),
  minOrderQuantity: row.min_order_quantity,
  packSize: row.pack_size,
  priceTiers: JSON.parse(row.price_tiers),
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
