import { and, eq } from 'drizzle-orm';
import type { AuditLogRepository, AuditNote } from '#domain/audit/audit-log.ts';
import { auditPage, auditRow } from '../audit-rows.ts';
import type { PgDb } from './database.ts';
import { newestFirst } from './newest-first.ts';
import { auditLog } from './schema.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** Writes an audit entry inside the transaction of the change it records, so both commit or neither. */
export const recordAudit = async (tx: PgDb | Tx, note: AuditNote | undefined, result: unknown = null): Promise<void> => {
  if (note) await tx.insert(auditLog).values(auditRow(note, result));
};

export function createPgAuditLog(db: PgDb): AuditLogRepository {
  return {
    async list({ actorId, kind }, page) {
      const filter = and(actorId === undefined ? undefined : eq(auditLog.actorId, actorId), kind === undefined ? undefined : eq(auditLog.kind, kind));
      const rows = await newestFirst(db.select().from(auditLog).$dynamic(), { createdAt: auditLog.at, key: auditLog.id }, page, filter);
      return auditPage(rows, page.limit);
    },
  };
}
