import type { AuditLogRepository, AuditNote } from '#domain/audit/audit-log.ts';
import { auditPage, auditRow, type AuditRow } from '../audit-rows.ts';
import { decodeCursor } from '../page-cursor.ts';
import type { MemoryTables } from './tables.ts';

/** Writes an audit entry, as the SQL stores do inside the transaction of the change it records. */
export const recordAudit = (tables: MemoryTables, note: AuditNote | undefined, result: unknown = null): void => {
  if (!note) return;
  const row = auditRow(note, result);
  tables.auditLog.set(row.id, row);
};

export const createMemoryAuditLog = (tables: MemoryTables): AuditLogRepository => ({
  async list(filter, page) {
    const position = decodeCursor(page.cursor);
    const rows = [...tables.auditLog.values()]
      .filter((row) => (filter.actorId === undefined || row.actorId === filter.actorId) && (filter.kind === undefined || row.kind === filter.kind))
      .filter((row) => !position || row.at.getTime() < position.createdAtMs || (row.at.getTime() === position.createdAtMs && row.id < position.id))
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, page.limit + 1);
    return auditPage(rows.map((row): AuditRow => structuredClone(row)), page.limit);
  },
});
