// The search bench's yardstick: plain Hono + better-sqlite3 replaying, for each request path, the
// very SQL statements the real server ran to answer it (captured by search.mjs: the full-text
// match, the page, the total, the facets, the category list), prepared once, on the same file.
// It answers the rows as JSON, product rows shaped as the API's; it has no validation, cursor,
// cache, headers, logging or layers. Usage:
//   node bench/bare-search-server.mjs <sqlite-file> <statements.json> <port>
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

const [file, statementsFile, port] = process.argv.slice(2);
const db = new Database(file, { readonly: true, fileMustExist: true });
/** Request path → the statements the real server ran for it: `{ sql, args }`. */
const byPath = new Map(Object.entries(JSON.parse(readFileSync(statementsFile, 'utf8'))));
const prepared = new Map();
for (const statements of byPath.values()) {
  for (const { sql } of statements) if (!prepared.has(sql)) prepared.set(sql, db.prepare(sql));
}

/** A product row as the API shows it (the JSON columns parsed, times as ISO text); other rows as they are. */
const shaped = (row) =>
  'priceTiers' in row
    ? {
        ...row,
        attributes: JSON.parse(row.attributes),
        priceTiers: JSON.parse(row.priceTiers),
        createdAt: new Date(row.createdAt).toISOString(),
        updatedAt: new Date(row.updatedAt).toISOString(),
      }
    : row;

const app = new Hono();
app.get('/api/health', (c) => c.json({ status: 'ok' }));
app.get('/api/*', (c) => {
  const url = c.req.url;
  const statements = byPath.get(url.slice(url.indexOf('/', url.indexOf('//') + 2)));
  if (!statements) return c.json({ error: { code: 'NOT_FOUND' } }, 404);
  return c.json({ results: statements.map(({ sql, args }) => prepared.get(sql).all(...args).map(shaped)) });
});

serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.log(`bare search server on ${port}`));
