import { domainError, type DomainError } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import type { Store } from '../store.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { normalizeEmail, type User } from './user.ts';

/**
 * A wrong e-mail and a wrong password get the same answer, and cost the same time: we verify
 * against a throwaway hash when the account does not exist.
 */
export const signIn = async (
  { store, hasher }: { store: Store; hasher: PasswordHasher },
  input: { email: string; password: string },
): Promise<Result<User, DomainError>> => {
  const user = await store.users.findByEmail(normalizeEmail(input.email));
  const hash = user?.passwordHash ?? (await decoyHash(hasher));
  const matches = await hasher.verify(input.password, hash);
  return user && user.passwordHash && matches
    ? ok(user)
    : fail(domainError('INVALID_CREDENTIALS', messages.invalidCredentials));
};

let decoy: Promise<string> | null = null;
const decoyHash = (hasher: PasswordHasher) => (decoy ??= hasher.hash('decoy-password-never-matches'));
