import { refusal, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { normalizeEmail, type User } from './user.ts';
import type { UserRepository } from './user-repository.ts';

export type SignInPorts = { store: { users: Pick<UserRepository, 'findByEmail'> }; hasher: PasswordHasher };

export type SignInError = ErrorOf<'INVALID_CREDENTIALS'>;

/**
 * A wrong e-mail and a wrong password get the same answer, and cost the same time: we verify
 * against a throwaway hash when the account does not exist.
 */
export const signIn = async (
  { store, hasher }: SignInPorts,
  input: { email: string; password: string },
): Promise<Result<User, SignInError>> => {
  const user = await store.users.findByEmail(normalizeEmail(input.email));
  const hash = user?.passwordHash ?? (await decoyHash(hasher));
  const matches = await hasher.verify(input.password, hash);
  return user && user.passwordHash && matches
    ? ok(user)
    : fail(refusal('INVALID_CREDENTIALS'));
};

let decoy: Promise<string> | null = null;
const decoyHash = (hasher: PasswordHasher) => (decoy ??= hasher.hash('decoy-password-never-matches'));
