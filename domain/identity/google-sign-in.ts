import { refusal, type ErrorOf } from '../shared/errors.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { normalizeEmail, type User } from './user.ts';
import type { GoogleIdentity } from './google-identity.ts';
import type { UserRepository } from './user-repository.ts';

export type SignInWithGooglePorts = {
  store: { users: Pick<UserRepository, 'findByEmail' | 'adoptForVerifiedOwner' | 'create'> };
  clock: Clock;
  ids: IdGenerator;
};

/**
 * Set for a minute by a successful Google sign-in (http/routes/google.ts), readable by the page it
 * returns to (web/features/auth/google-greeting.ts), which says 'Login successful' as the e-mail
 * sign-in does and deletes it. It carries no secret. Named here because the server and the web app
 * both import the domain (docs/decisions/009), and the API's shapes (http/dto.ts) are types only.
 */
export const GOOGLE_SIGNED_IN_COOKIE = 'signed_in_with_google';

/**
 * Google vouches for the e-mail, so an existing account with that e-mail is the same person;
 * otherwise a new password-less customer account is created. An unverified Google e-mail proves
 * nothing and is refused.
 *
 * An existing account whose e-mail was never verified may have been signed up by anyone who typed
 * that address: the Google user takes it over cleanly, its password dropped and every older
 * session ended (docs/decisions/014-google-takes-over-unverified-accounts.md). A verified account
 * was already proven by its owner and is simply signed in.
 */
export const signInWithGoogle = async (
  { store, clock, ids }: SignInWithGooglePorts,
  identity: GoogleIdentity,
): Promise<Result<User, ErrorOf<'INVALID_CREDENTIALS'>>> => {
  if (!identity.emailVerified) return fail({ code: 'INVALID_CREDENTIALS', reason: 'google-email-unverified' });
  const email = normalizeEmail(identity.email);
  const existing = await store.users.findByEmail(email);
  if (existing) {
    if (existing.emailVerified) return ok(existing);
    const adopted = await store.users.adoptForVerifiedOwner(existing.id);
    return adopted ? ok(adopted) : fail(refusal('INVALID_CREDENTIALS'));
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
  return user ? ok(user) : fail(refusal('INVALID_CREDENTIALS'));
};
