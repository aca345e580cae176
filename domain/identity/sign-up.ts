import { invalid, refusal, type ErrorOf, type FieldProblems } from '../shared/errors.ts';
import type { Ports } from '../ports.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { emailProblem, nameProblem, passwordProblem } from './credentials-rules.ts';
import { normalizeEmail, type Role, type User } from './user.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export type SignUpError = ErrorOf<'VALIDATION_FAILED' | 'EMAIL_TAKEN'>;

export const signUp = async (
  { store, clock, ids, hasher }: Pick<Ports, 'store' | 'clock' | 'ids' | 'hasher'>,
  input: SignUpInput,
  role: Role = 'customer',
): Promise<Result<User, SignUpError>> => {
  const fields: FieldProblems = {};
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

  // The address is proven by the mailed link, queued with the account (README.md, "E-mail"). An
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
