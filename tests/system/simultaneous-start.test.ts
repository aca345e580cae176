/**
 * Several instances started at the same moment on one EMPTY PostgreSQL database, all with the
 * same ADMIN_EMAIL: migrations serialise on their advisory lock and the admin bootstrap settles
 * its insert race (domain/identity/bootstrap-admin.ts), the demo seed its own (one fixed first id,
 * adapters/seed/demo-data.ts), so every instance comes up, there is exactly one admin account,
 * usable through any of them, and one demo catalogue.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS, DEMO_REVIEWS } from '#adapters/seed/demo-data.ts';
import type { SessionDto } from '#http/dto.ts';
import { call } from '../support/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import { startServer, TEST_ADMIN, type RunningServer } from '../support/server.ts';

const INSTANCES = 3;

describe('simultaneous first start of several instances on one PostgreSQL', () => {
  let database: ScratchDatabase | null = null;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('starts them all, with one admin and one demo catalogue between them', async () => {
    database = await createScratchDatabase('simultaneous');
    const env = { DATABASE_URL: database.url, SEED_DEMO: 'true' };
    const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startServer({ env })));
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(
      Array.from({ length: INSTANCES }, () => 'started'),
    );

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string; role: string }>('SELECT email, role FROM users');
      expect(rows).toEqual([{ email: TEST_ADMIN.email, role: 'admin' }]);
      const catalogue = await client.query<{ products: string; reviews: string }>(
        'SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM reviews) AS reviews',
      );
      expect(catalogue.rows).toEqual([{ products: String(DEMO_PRODUCTS.length), reviews: String(DEMO_REVIEWS.length) }]);
    } finally {
      await client.end();
    }
    for (const server of servers) {
      const session = await call<SessionDto>(server.url, 'POST', '/api/auth/sign-in', { body: TEST_ADMIN });
      expect(session.status).toBe(200);
      expect(session.body.user.role).toBe('admin');
    }
  });
});
