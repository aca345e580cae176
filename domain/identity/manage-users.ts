import { auditNote } from '../audit/audit-log.ts';
import type { Clock } from '../shared/clock.ts';
import { forbidden, notFound, refusal, type ErrorOf } from '../shared/errors.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { isAdmin, type User } from './user.ts';
import type { UserRepository } from './user-repository.ts';

export type ListUsersPorts = { store: { users: Pick<UserRepository, 'list'> } };
export type MakeAdminPorts = { store: { users: Pick<UserRepository, 'findById' | 'setRole'> }; clock: Clock };
export type RemoveAdminPorts = { store: { users: Pick<UserRepository, 'findById' | 'removeAdmin'> }; clock: Clock };
export type DeleteUserPorts = { store: { users: Pick<UserRepository, 'findById' | 'delete'> }; clock: Clock };

/** Admins only: one page of the accounts, newest first (the limit clamped like every list's). */
export const listUsers = async (
  { store }: ListUsersPorts,
  { actor, ...request }: { actor: User; limit?: number | undefined; cursor?: string | null | undefined },
): Promise<Result<Page<User>, ErrorOf<'FORBIDDEN'>>> =>
  isAdmin(actor) ? ok(await store.users.list(pageRequest(request))) : fail(forbidden());

/** Idempotent: an admin stays an admin. The store ends the user's older sessions: they sign in again as an admin. */
export const makeAdmin = async (
  { store, clock }: MakeAdminPorts,
  { actor, userId }: { actor: User; userId: string },
): Promise<Result<User, ErrorOf<'FORBIDDEN' | 'NOT_FOUND'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const user = await store.users.findById(userId);
  if (!user) return fail(notFound());
  if (isAdmin(user)) return ok(user);
  const promoted = await store.users.setRole(
    user.id,
    'admin',
    auditNote(actor, clock.now(), { kind: 'user-made-admin', subjectId: user.id, summary: `Made ${user.email} an admin`, before: { role: user.role }, after: { role: 'admin' } }),
  );
  return promoted ? ok(promoted) : fail(notFound());
};

/**
 * The shop always keeps at least this many admins (docs/security.md, "Security"), so someone can run it:
 * the last one is never removed, even by two admins removing each other at once.
 */
export const MIN_ADMINS = 1;

/**
 * Takes the admin role away (the user's older sessions end); never from oneself, and never from
 * the last admin (MIN_ADMINS): the store removes the role only while enough other admins remain,
 * counted in the same atomic step, so the rule holds however many removals race.
 */
export const removeAdmin = async (
  { store, clock }: RemoveAdminPorts,
  { actor, userId }: { actor: User; userId: string },
): Promise<Result<User, ErrorOf<'FORBIDDEN' | 'NOT_FOUND' | 'CANNOT_CHANGE_OWN_ROLE' | 'LAST_ADMIN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  if (actor.id === userId) return fail(refusal('CANNOT_CHANGE_OWN_ROLE'));
  const user = await store.users.findById(userId);
  if (!user) return fail(notFound());
  if (!isAdmin(user)) return ok(user);
  const removed = await store.users.removeAdmin(
    user.id,
    { otherAdminsAtLeast: MIN_ADMINS },
    auditNote(actor, clock.now(), { kind: 'user-admin-removed', subjectId: user.id, summary: `Removed the admin role from ${user.email}`, before: { role: 'admin' }, after: { role: 'customer' } }),
  );
  if (removed === 'too-few-admins') return fail(refusal('LAST_ADMIN'));
  return removed ? ok(removed) : ok((await store.users.findById(user.id)) ?? user);
};

/** Admins delete other users (never themselves); the deleted user's token dies with the row. */
export const deleteUser = async (
  { store, clock }: DeleteUserPorts,
  { actor, userId }: { actor: User; userId: string },
): Promise<Result<null, ErrorOf<'FORBIDDEN' | 'CANNOT_DELETE_SELF' | 'NOT_FOUND'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  if (actor.id === userId) return fail(refusal('CANNOT_DELETE_SELF'));
  const user = await store.users.findById(userId);
  if (!user) return fail(notFound());
  const { passwordHash: _passwordHash, sessionVersion: _sessionVersion, ...before } = user;
  const note = auditNote(actor, clock.now(), { kind: 'user-deleted', subjectId: user.id, summary: `Deleted the user ${user.email}`, before });
  return (await store.users.delete(userId, note)) ? ok(null) : fail(notFound());
};
