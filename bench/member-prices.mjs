// A company member's catalogue reads against a visitor's (docs/companies.md, "Company prices";
// docs/catalogue.md, "Your price"). Not part of `npm run bench`; alone:
// `npm run bench -- --member-prices` (about a minute).
//
// The bench catalogue (200 products) in a fresh SQLite file; 200 verified buyers written straight
// into it, all members of one company with a 10% discount and contract prices for half the
// products. The real server answers `GET /api/products?limit=24` and `GET /api/products/:id`
// (cycling through all 200 ids) to visitors (the shared cache, answered before Hono) and to the
// members (each request signed in with the next buyer's bearer token: the session checked, the
// member's terms read, the company's priced page answered before Hono, http/cached-reads.ts), in interleaved rounds at 10
// connections. Goal: a member's page read at least 0.5× a visitor's cached read. Every member
// answer must carry `yourPrice`, and no visitor answer may.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { seedBenchCatalogIntoSqlite, sqliteFileIn } from '../tests/support/products.ts';
import { freshDataDir, startServer } from '../tests/support/server.ts';
import { measure, summarise, tableRow } from './measure.mjs';
import { seedBuyers } from './orders.mjs';

const SERVER_ENV = { SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production' };
const MEMBERS = 200;
const CONNECTIONS = 10;
const MIN_ROUNDS = 3;
const TARGET_RATIO = 0.5;

/** One company holding every seeded buyer, 10% off, and a contract price for every other product. */
const seedCompany = (file, productIds) => {
  const db = new Database(file);
  try {
    const companyId = randomUUID();
    const now = Date.now();
    db.prepare('INSERT INTO companies (id, name, tax_id, approval_threshold_cents, discount_percent, created_at) VALUES (?, ?, NULL, NULL, 10, ?)').run(companyId, 'Bench Builders', now);
    const member = db.prepare("INSERT INTO company_members (user_id, company_id, role, monthly_limit_cents, joined_at) VALUES (?, ?, 'buyer', NULL, ?)");
    const price = db.prepare('INSERT INTO company_prices (company_id, product_id, unit_price_cents) SELECT ?, id, max(1, price_cents * 8 / 10) FROM products WHERE id = ?');
    db.transaction(() => {
      for (const { id } of db.prepare("SELECT id FROM users WHERE email LIKE 'bench-buyer-%'").all()) member.run(id, companyId, now);
      productIds.filter((_, index) => index % 2 === 0).forEach((id) => price.run(companyId, id));
    })();
  } finally {
    db.close();
  }
};

export async function runMemberPricesBench({ seconds, rounds, progress }) {
  const dataDir = freshDataDir('bulkhead-member-prices-bench');
  const file = sqliteFileIn(dataDir);
  const { ids } = await seedBenchCatalogIntoSqlite(dataDir, { total: 200, extra: [] });
  const tokensFile = await seedBuyers(file, dataDir, MEMBERS);
  seedCompany(file, ids);
  const server = await startServer({ dataDir, env: SERVER_ENV, discardOutput: true });
  const lines = [];
  const verdicts = [];
  try {
    const [token] = readFileSync(tokensFile, 'utf8').split('\n');
    const reads = [
      { scenario: 'GET /api/products?limit=24', paths: ['/api/products?limit=24'], goal: TARGET_RATIO },
      { scenario: 'GET /api/products/:id (200 ids)', paths: ids.map((id) => `/api/products/${id}`), goal: null },
    ];
    // The answers themselves: a member's carries yourPrice on every product, a visitor's on none.
    const page = (headers) => fetch(`${server.url}/api/products?limit=24`, { headers }).then((reply) => reply.json());
    const [visitorPage, memberPage] = [await page({}), await page({ authorization: `Bearer ${token}` })];
    verdicts.push({
      what: "a member's page carries yourPrice on every product, a visitor's on none",
      ok: memberPage.items.length === 24 && memberPage.items.every((item) => item.yourPrice) && visitorPage.items.every((item) => !('yourPrice' in item)),
    });
    // Warm-up: the first seconds of a fresh process are JIT compilation, not steady state.
    for (const { paths } of reads) {
      await measure(server.pid, { url: server.url, paths, connections: CONNECTIONS, duration: 1 });
      await measure(server.pid, { url: server.url, paths, connections: CONNECTIONS, duration: 1, tokensFile });
    }
    for (const { scenario, paths, goal } of reads) {
      progress(`${scenario}: visitors and members, ${CONNECTIONS} connections`);
      const visitors = [];
      const members = [];
      for (let round = 0; round < Math.max(rounds, MIN_ROUNDS); round++) {
        visitors.push(await measure(server.pid, { url: server.url, paths, connections: CONNECTIONS, duration: seconds }));
        members.push(await measure(server.pid, { url: server.url, paths, connections: CONNECTIONS, duration: seconds, tokensFile }));
      }
      const [visitor, member] = [summarise(visitors), summarise(members)];
      lines.push(tableRow(scenario, CONNECTIONS, 'visitor', visitor), tableRow('', CONNECTIONS, 'member', member, visitor));
      const ratio = member.rps / visitor.rps;
      verdicts.push({
        what: `${scenario}: a member's read ${ratio.toFixed(2)}× a visitor's cached read${goal === null ? ' (no goal)' : ` (goal ≥ ${goal})`}, every answer a 200`,
        ok: (goal === null || ratio >= goal) && visitor.failures === 0 && member.failures === 0,
      });
    }
  } finally {
    await server.stop();
  }
  rmSync(dataDir, { recursive: true, force: true });
  return { lines, verdicts };
}
