import type { CoreDeps } from '../shared/deps.ts';
import type { DomainError } from '../shared/errors.ts';
import { ok, type Result } from '../shared/result.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { signUp } from './sign-up.ts';
import { normalizeEmail, type User } from './user.ts';

/**
 * The first admin comes from configuration at start: created if missing, promoted if it exists.
 * An existing account keeps its password: configuration never silently resets one.
 */
export const bootstrapAdmin = async (
  deps: CoreDeps & { hasher: PasswordHasher },
  input: { email: string; password: string },
): Promise<Result<User, DomainError>> => {
  const existing = await deps.store.users.findByEmail(normalizeEmail(input.email));
  if (existing) {
    if (existing.role === 'admin') return ok(existing);
    const promoted = await deps.store.users.setRole(existing.id, 'admin');
    return ok(promoted ?? existing);
  }
  return signUp(deps, { name: 'Admin', email: input.email, password: input.password }, 'admin');
};
