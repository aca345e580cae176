import type { StorageFailure } from '#domain/shared/errors.ts';

/**
 * Which storage failure, if any, an error thrown by a query is (docs/operations.md, "When something
 * fails"). Drizzle wraps the driver's error in its own (`cause`), so the whole chain is read.
 * Anything not named here is a bug or a refused write (a constraint), never a reason to answer 503.
 */
export const storageFailureOf = (error: unknown): StorageFailure | null => {
  for (let link: unknown = error, depth = 0; link instanceof Error && depth < 5; link = link.cause, depth++) {
    const failure = sqliteFailure(link) ?? postgresFailure(link) ?? networkFailure(link);
    if (failure) return failure;
  }
  return null;
};

/** better-sqlite3's SqliteError carries SQLite's extended result code, e.g. SQLITE_BUSY_SNAPSHOT. */
const sqliteFailure = (error: Error): StorageFailure | null => {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  // An I/O error or a file that cannot be opened: the disk is gone or failing under the database.
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return code === 'SQLITE_IOERR_NOMEM' ? null : 'unreachable';
  return null;
};

/**
 * PostgreSQL's SQLSTATEs (appendix A of its manual): class 08 (connection exception), 57P01–57P03
 * (the server shutting down, crashed or starting), 53 (insufficient resources: 53100 disk full),
 * 25006 (a read-only transaction: a standby after failover) and 55P03 (a lock not granted in time).
 */
const postgresFailure = (error: Error): StorageFailure | null => {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '53100') return 'full';
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('53')) return 'unreachable';
  if (code === '25006') return 'read-only';
  if (code === '55P03') return 'busy';
  return null;
};

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres says when the socket closed under it, or the pool could not connect in time. */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed)/;

const networkFailure = (error: Error): StorageFailure | null => {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'unreachable';
  return LOST_CONNECTION.test(error.message) ? 'unreachable' : null;
};
