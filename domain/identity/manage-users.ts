import { domainError, forbidden, type DomainError } from '../shared/errors.ts';
import { pageRequest, type Page } from '../shared/page.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import type { Store } from '../store.ts';
import { isAdmin, type User } from './user.ts';

/** Admins only: one page of the accounts, newest first (the limit clamped like every list's). */
export const listUsers = async (
  store: Store,
  actor: User,
  request: { limit?: number | undefined; cursor?: string | null | undefined } = {},
): Promise<Result<Page<User>, DomainError>> =>
  isAdmin(actor) ? ok(await store.users.list(pageRequest(request))) : fail(forbidden());

/** Idempotent: an admin stays an admin. The new role applies on the user's next request. */
export const makeAdmin = async (
  store: Store,
  actor: User,
  userId: string,
): Promise<Result<User, DomainError>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const user = await store.users.findById(userId);
  if (!user) return fail(domainError('NOT_FOUND', messages.notFound));
  if (isAdmin(user)) return ok(user);
  const promoted = await store.users.setRole(user.id, 'admin');
  return promoted ? ok(promoted) : fail(domainError('NOT_FOUND', messages.notFound));
};

/** Admins delete other users (never themselves); the deleted user's token dies with the row. */
export const deleteUser = async (
  store: Store,
  actor: User,
  userId: string,
): Promise<Result<null, DomainError>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  if (actor.id === userId) return fail(domainError('CANNOT_DELETE_SELF', messages.cannotDeleteSelf));
  return (await store.users.delete(userId)) ? ok(null) : fail(domainError('NOT_FOUND', messages.notFound));
};
