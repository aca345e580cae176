import { isAdmin, type User } from '../identity/user.ts';
import { forbidden, type ErrorOf } from '../shared/errors.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { UserRepository } from '../identity/user-repository.ts';
import type { AuditEntry, AuditKind, AuditLogRepository } from './audit-log.ts';

export type ListAuditLogPorts = { store: { users: Pick<UserRepository, 'findByEmail'>; audit: Pick<AuditLogRepository, 'list'> } };

/**
 * Admins only: one page of the log. `actor` is a user id or an e-mail (looked up; an unknown one
 * finds nothing).
 */
export const listAuditLog = async (
  { store }: ListAuditLogPorts,
  { viewer, ...request }: {
    /** Who asks: only an admin reads the log. */
    viewer: User;
    /** Whose actions: a user id or an e-mail. */
    actor?: string | undefined;
    kind?: AuditKind | undefined;
    limit?: number | undefined;
    cursor?: string | null | undefined;
  },
): Promise<Result<Page<AuditEntry>, ErrorOf<'FORBIDDEN'>>> => {
  if (!isAdmin(viewer)) return fail(forbidden());
  const page = pageRequest(request);
  let actorId = request.actor?.trim() || undefined;
  if (actorId?.includes('@')) {
    const user = await store.users.findByEmail(actorId);
    if (!user) return ok({ items: [], nextCursor: null });
    actorId = user.id;
  }
  return ok(await store.audit.list({ actorId, kind: request.kind }, page));
};
