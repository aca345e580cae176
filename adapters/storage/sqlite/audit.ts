import { eq, sql } from 'drizzle-orm';
import type { AuditLogRepository, AuditNote } from '#domain/audit/audit-log.ts';
import { auditPage, auditRow } from '../audit-rows.ts';
import { preparedInsert, type SqliteConnection, type SqliteDb } from './database.ts';
import { newestFirstReader } from './newest-first.ts';
import { auditLog } from './schema.ts';

/** Writes an audit entry; called inside the transaction of the change it records, so both commit or neither. */
export const auditRecorder = (db: SqliteConnection) => {
  const insert = preparedInsert(db, auditLog);
  return (note: AuditNote | undefined, result: unknown = null): void => {
    if (note) insert(auditRow(note, result));
  };
};

export function createSqliteAuditLog(db: SqliteDb): AuditLogRepository {
  const order = { createdAt: auditLog.at, key: auditLog.id };
  const select = () => db.select().from(auditLog).$dynamic();
  // One prepared reader per filter shape: all, by actor, by kind, by both.
  const all = newestFirstReader(select, order);
  const byActor = newestFirstReader(select, order, eq(auditLog.actorId, sql.placeholder('actorId')));
  const byKind = newestFirstReader(select, order, eq(auditLog.kind, sql.placeholder('kind')));
  const byBoth = newestFirstReader(select, order, sql`${auditLog.actorId} = ${sql.placeholder('actorId')} AND ${auditLog.kind} = ${sql.placeholder('kind')}`);
  return {
    async list({ actorId, kind }, page) {
      const rows =
        actorId !== undefined && kind !== undefined
          ? byBoth(page, { actorId, kind })
          : actorId !== undefined
            ? byActor(page, { actorId })
            : kind !== undefined
              ? byKind(page, { kind })
              : all(page);
      return auditPage(rows, page.limit);
    },
  };
}
