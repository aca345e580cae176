import { invalid, refusal, type ErrorOf } from '../shared/errors.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { emailProblem, nameProblem, passwordProblem } from './credentials-rules.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { normalizeEmail, type Role, type User } from './user.ts';
import type { UserRepository } from './user-repository.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** Customers sign themselves up; an admin is made this way only from configuration (bootstrapAdmin). */
  role?: Role | undefined;
}

export type SignUpPorts = {
  store: { users: Pick<UserRepository, 'findByEmail' | 'create'> };
  clock: Clock;
  ids: IdGenerator;
  hasher: Pick<PasswordHasher, 'hash'>;
};

export type SignUpError = ErrorOf<'VALIDATION_FAILED' | 'EMAIL_TAKEN'>;

export const signUp = async (
  { store, clock, ids, hasher }: SignUpPorts,
  input: SignUpInput,
): Promise<Result<User, SignUpError>> => {
  const role = input.role ?? 'customer';
  const fields: Record<string, string> = {};
  const problems = {
    name: nameProblem(input.name),
    email: emailProblem(input.email),
    password: passwordProblem(input.password),
  };
  for (const [field, problem] of Object.entries(problems)) if (problem) fields[field] = problem;
  if (Object.keys(fields).length > 0) return fail(invalid(fields));

  const email = normalizeEmail(input.email);
  const taken = () => fail(refusal('EMAIL_TAKEN'));
  if (await store.users.findByEmail(email)) return taken();

  // The address is proven by the mailed link, queued with the account (docs/email.md, "E-mail"). An
  // admin made from configuration is verified at once by bootstrapAdmin instead: the operator
  // proves the address by configuring it.
  const created = await store.users.create(
    {
      id: ids.newId(),
      email,
      name: input.name.trim(),
      role,
      emailVerified: false,
      passwordHash: await hasher.hash(input.password),
      sessionVersion: 1,
      createdAt: clock.now(),
    },
    role === 'admin' ? undefined : 'verify-email',
  );
  return created ? ok(created) : taken();
};
