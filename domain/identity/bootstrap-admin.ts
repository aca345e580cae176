import { ok, type Result } from '../shared/result.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { signUp, type SignUpError, type SignUpPorts } from './sign-up.ts';
import { normalizeEmail, type User } from './user.ts';
import type { UserRepository } from './user-repository.ts';

type EnsureAdminPorts = {
  store: { users: Pick<UserRepository, 'adoptForVerifiedOwner' | 'replacePassword' | 'setRole'> };
  hasher: Pick<PasswordHasher, 'hash'>;
};
export type BootstrapAdminPorts = SignUpPorts & EnsureAdminPorts;

/**
 * An admin, and verified: the operator proves the address by configuring it. An unverified account
 * already holding it was made by whoever typed the address first, so the operator takes it over
 * as an address's proven owner does (docs/decisions/014): the stranger's password and sessions end
 * and the configured password is set. A verified account keeps its own password.
 */
const ensureAdmin = async (
  deps: EnsureAdminPorts,
  { user, password }: { user: User; password: string },
): Promise<Result<User, never>> => {
  const { store } = deps;
  let admin = user;
  if (!admin.emailVerified) {
    const adopted = (await store.users.adoptForVerifiedOwner(admin.id)) ?? { ...admin, emailVerified: true };
    admin = (await store.users.replacePassword(admin.id, await deps.hasher.hash(password), adopted.sessionVersion)) ?? adopted;
  }
  if (admin.role !== 'admin') admin = (await store.users.setRole(admin.id, 'admin')) ?? { ...admin, role: 'admin' };
  return ok(admin);
};

/**
 * The first admin comes from configuration at start: created if missing, promoted if it exists.
 * An existing verified account keeps its password: configuration never silently resets one.
 *
 * Idempotent across processes: several instances starting at once on an empty database all see
 * "no such user", and all but one lose the insert (EMAIL_TAKEN). A loser re-reads the account the
 * winner created and makes sure it is an admin, so every instance starts.
 */
export const bootstrapAdmin = async (
  deps: BootstrapAdminPorts,
  input: { email: string; password: string },
): Promise<Result<User, SignUpError>> => {
  const email = normalizeEmail(input.email);
  const existing = await deps.store.users.findByEmail(email);
  if (existing) return ensureAdmin(deps, { user: existing, password: input.password });

  const created = await signUp(deps, { name: 'Admin', email: input.email, password: input.password, role: 'admin' });
  if (created.ok) return ensureAdmin(deps, { user: created.value, password: input.password });
  if (created.error.code !== 'EMAIL_TAKEN') return created;
  const winner = await deps.store.users.findByEmail(email);
  return winner ? ensureAdmin(deps, { user: winner, password: input.password }) : created;
};
