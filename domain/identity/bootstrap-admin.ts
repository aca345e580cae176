import type { CoreDeps } from '../shared/deps.ts';
import { ok, type Result } from '../shared/result.ts';
import type { Store } from '../store.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { signUp, type SignUpError } from './sign-up.ts';
import { normalizeEmail, type User } from './user.ts';

const ensureAdmin = async (store: Store, user: User): Promise<Result<User, never>> => {
  if (user.role === 'admin') return ok(user);
  const promoted = await store.users.setRole(user.id, 'admin');
  return ok(promoted ?? { ...user, role: 'admin' });
};

/**
 * The first admin comes from configuration at start: created if missing, promoted if it exists.
 * An existing account keeps its password: configuration never silently resets one.
 *
 * Idempotent across processes: several instances starting at once on an empty database all see
 * "no such user", and all but one lose the insert (EMAIL_TAKEN). A loser re-reads the account the
 * winner created and makes sure it is an admin, so every instance starts.
 */
export const bootstrapAdmin = async (
  deps: CoreDeps & { hasher: PasswordHasher },
  input: { email: string; password: string },
): Promise<Result<User, SignUpError>> => {
  const email = normalizeEmail(input.email);
  const existing = await deps.store.users.findByEmail(email);
  if (existing) return ensureAdmin(deps.store, existing);

  const created = await signUp(deps, { name: 'Admin', email: input.email, password: input.password }, 'admin');
  if (created.ok || created.error.code !== 'EMAIL_TAKEN') return created;
  const winner = await deps.store.users.findByEmail(email);
  return winner ? ensureAdmin(deps.store, winner) : created;
};
