#!/usr/bin/env node
// `npm run db:backup [-- <file>]`: an online backup of the SQLite database named by the same
// environment the server reads (DATA_DIR), to DATA_DIR/backups/bulkhead-<UTC time>.db or to
// <file>. Safe while the server runs and writes: SQLite's backup API copies a consistent
// snapshot (WAL readers never block writers), and the copy is checked before we say it is good.
// With DATABASE_URL set it explains how to back up PostgreSQL instead (pg_dump) and exits 1.
// Run with tsx (package.json does) so it reads the configuration through http/config.ts.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, parseConfig } from '../http/config.ts';
import { loadEnvFile } from './env-file.mjs';
import { describeStartup } from '../http/startup-banner.ts';

/** All remaining pages in one step: one read snapshot, so a busy writer cannot restart us forever. */
const ALL_PAGES = 0x7fffffff;

const fail = (message) => {
  console.error(message);
  process.exit(1);
};

loadEnvFile();
let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

if (config.database.kind === 'postgres') {
  fail(
    [
      `DATABASE_URL selects PostgreSQL (${describeStartup(config).store}); db:backup copies the SQLite file only.`,
      'Back up PostgreSQL with its own tool, e.g.:',
      '  pg_dump --format=custom --file="bulkhead-$(date -u +%Y%m%dT%H%M%SZ).dump" "$DATABASE_URL"',
      'and restore into an empty database with:',
      '  pg_restore --no-owner --dbname="$DATABASE_URL" <file>.dump',
    ].join('\n'),
  );
}

const source = config.database.file;
if (!existsSync(source)) fail(`No SQLite database at ${source}: has the server run with this DATA_DIR (${config.dataDir})?`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = resolve(process.argv[2] ?? join(config.dataDir, 'backups', `bulkhead-${stamp}.db`));
if (existsSync(target)) fail(`${target} already exists; choose another file (a backup never overwrites one).`);
mkdirSync(dirname(target), { recursive: true });

const started = Date.now();
const db = new Database(source, { fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  await db.backup(target, { progress: () => ALL_PAGES });
} catch (error) {
  fail(`Backup of ${source} failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  db.close();
}

// The copy is a self-contained file (no -wal beside it) and must pass SQLite's own check.
const copy = new Database(target, { fileMustExist: true });
let integrity;
try {
  copy.pragma('journal_mode = DELETE');
  integrity = copy.pragma('integrity_check', { simple: true });
} finally {
  copy.close();
}
if (integrity !== 'ok') fail(`The backup ${target} failed its integrity check: ${integrity}`);

const kilobytes = Math.round(statSync(target).size / 1024);
console.log(`Backed up ${source} to ${target} (${kilobytes} KB, integrity ok, ${Date.now() - started} ms).`);
