import { randomUUID } from 'node:crypto';
import type { AuditEntry, AuditKind, AuditNote } from '#domain/audit/audit-log.ts';
import type { Page } from '#domain/shared/page.ts';
import { toPage } from './page-cursor.ts';

/** The audit_log row as all three stores keep it: before and after as JSON (dates become ISO strings). */
export interface AuditRow {
  id: string;
  at: Date;
  actorId: string;
  actorEmail: string;
  kind: string;
  subjectId: string;
  summary: string;
  before: unknown;
  after: unknown;
}

const asJson = (value: unknown): unknown => (value === undefined || value === null ? null : JSON.parse(JSON.stringify(value)));

/** The row to insert for a note, `result` standing in for an `after` the use case left to the store. */
export const auditRow = (note: AuditNote, result: unknown = null): AuditRow => ({
  id: randomUUID(),
  at: note.at,
  actorId: note.actorId,
  actorEmail: note.actorEmail,
  kind: note.kind,
  subjectId: note.subjectId,
  summary: note.summary,
  before: asJson(note.before),
  after: asJson(note.after === undefined ? result : note.after),
});

/** A newest-first page of entries from rows read with `limit + 1` (page-cursor.ts, on the entry time). */
export const auditPage = (rows: readonly AuditRow[], limit: number): Page<AuditEntry> => {
  const page = toPage(rows.map((row) => ({ row, createdAt: row.at, id: row.id })), limit);
  return { items: page.items.map(({ row }) => ({ ...row, kind: row.kind as AuditKind, before: row.before ?? null, after: row.after ?? null })), nextCursor: page.nextCursor };
};
