/**
 * The data directory and the SQLite files hold password hashes, addresses and orders, and the mail
 * outbox names its files by recipient: a real server on a data directory it creates itself leaves
 * them readable by the owner only (the directory and the outbox 700; the database, its -wal and
 * -shm and each mail 600), like the JWT secret. On PostgreSQL too: there no database file makes
 * the directory, and it used to be created 755 by the first mail.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../support/api.ts';
import { eventually } from '../support/eventually.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.ts';
import { freshDataDir, startServer, type RunningServer } from '../support/server.ts';

const parent = freshDataDir('bulkhead-perms');
const servers: RunningServer[] = [];
let database: ScratchDatabase | undefined;

afterAll(async () => {
  for (const server of servers) await server.stop();
  await database?.drop();
  rmSync(parent, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Signs a customer up (a write, and a verification mail) and checks the directory, the outbox and the mail. */
const expectOwnerOnly = async (server: RunningServer, dataDir: string, email: string) => {
  await signUpCustomer(server, email);
  const outbox = join(dataDir, 'outbox');
  const mails = () => (existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : []);
  await eventually(() => mails().length > 0, 'the verification mail in the outbox');
  expect(modeOf(dataDir)).toBe(0o700);
  expect(modeOf(outbox)).toBe(0o700);
  for (const mail of mails()) expect(modeOf(join(outbox, mail)), mail).toBe(0o600);
};

describe('file permissions', () => {
  it('SQLite: creates the data directory and the outbox 700, and the database, -wal, -shm and mails 600', async () => {
    const dataDir = join(parent, 'sqlite');
    const server = await startServer({ dataDir });
    servers.push(server);
    await expectOwnerOnly(server, dataDir, 'perms@example.com');
    const db = join(dataDir, 'bulkhead.db');
    for (const file of [db, `${db}-wal`, `${db}-shm`]) {
      expect(existsSync(file), file).toBe(true);
      expect(modeOf(file), file).toBe(0o600);
    }
  }, 60_000);

  it('PostgreSQL: the same data directory, outbox and mail modes', async () => {
    database = await createScratchDatabase('perms');
    const dataDir = join(parent, 'postgres');
    // JWT_SECRET is set (startServer's default), so no secret file makes the directory first.
    const server = await startServer({ dataDir, env: { DATABASE_URL: database.url } });
    servers.push(server);
    await expectOwnerOnly(server, dataDir, 'perms-pg@example.com');
  }, 60_000);
});
