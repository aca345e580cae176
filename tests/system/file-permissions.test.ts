/**
 * The data directory and the SQLite files hold password hashes, addresses and orders: a real
 * server on a data directory it creates itself leaves them readable by the owner only (the
 * directory 700; the database, its -wal and -shm 600), like the JWT secret.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../support/api.ts';
import { freshDataDir, startServer, type RunningServer } from '../support/server.ts';

const parent = freshDataDir('bulkhead-perms');
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(parent, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('file permissions', () => {
  it('creates the data directory 700 and the database, -wal and -shm 600', async () => {
    const dataDir = join(parent, 'data');
    server = await startServer({ dataDir });
    // A write, so the write-ahead log is surely in use.
    await signUpCustomer(server, 'perms@example.com');
    expect(modeOf(dataDir)).toBe(0o700);
    const db = join(dataDir, 'bulkhead.db');
    for (const file of [db, `${db}-wal`, `${db}-shm`]) {
      expect(existsSync(file), file).toBe(true);
      expect(modeOf(file), file).toBe(0o600);
    }
  }, 60_000);
});
