import { domainError, type DomainError } from '../shared/errors.ts';
import type { CoreDeps } from '../shared/deps.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { messages } from '../messages.ts';
import { normalizeEmail, type User } from './user.ts';

/** What we accept from a verified Google ID token. */
export interface GoogleIdentity {
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/**
 * Google vouches for the e-mail, so an existing account with that e-mail is the same person
 * (linked and marked verified); otherwise a new password-less customer account is created. An
 * unverified Google e-mail proves nothing and is refused.
 */
export const signInWithGoogle = async (
  { store, clock, ids }: CoreDeps,
  identity: GoogleIdentity,
): Promise<Result<User, DomainError>> => {
  if (!identity.emailVerified) return fail(domainError('INVALID_CREDENTIALS', messages.googleEmailUnverified));
  const email = normalizeEmail(identity.email);
  const existing = await store.users.findByEmail(email);
  if (existing) {
    return ok(existing.emailVerified ? existing : ((await store.users.setEmailVerified(existing.id)) ?? existing));
  }
  const created = await store.users.create({
    id: ids.newId(),
    email,
    name: identity.name?.trim() || email.split('@')[0] || email,
    role: 'customer',
    emailVerified: true,
    passwordHash: null,
    sessionVersion: 1,
    createdAt: clock.now(),
  });
  // A concurrent sign-up with the same e-mail won the race: that account is the one to use.
  const user = created ?? (await store.users.findByEmail(email));
  return user ? ok(user) : fail(domainError('INVALID_CREDENTIALS', messages.invalidCredentials));
};
