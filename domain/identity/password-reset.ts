import type { MailOutboxRepository } from '../mail/mail-outbox.ts';
import type { Clock } from '../shared/clock.ts';
import { invalid, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { passwordProblem } from './credentials-rules.ts';
import type { LinkTokenService } from './link-token-service.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { normalizeEmail } from './user.ts';
import type { UserRepository } from './user-repository.ts';

export type RequestPasswordResetPorts = { store: { users: Pick<UserRepository, 'findByEmail'>; outbox: Pick<MailOutboxRepository, 'queue'> }; clock: Clock };
export type ResetPasswordPorts = {
  store: { users: Pick<UserRepository, 'findById' | 'replacePassword'> };
  links: Pick<LinkTokenService, 'verify'>;
  hasher: Pick<PasswordHasher, 'hash'>;
};

/**
 * Always succeeds from the caller's view, so the answer never reveals whether an account exists.
 * The mail is queued in the mail outbox (docs/email.md, "E-mail") and its link signed when it is
 * sent (account-emails.ts), so a mail server that is down delays it instead of dropping it.
 */
export const requestPasswordReset = async (deps: RequestPasswordResetPorts, email: string): Promise<void> => {
  const user = await deps.store.users.findByEmail(normalizeEmail(email));
  if (!user) return;
  await deps.store.outbox.queue('password-reset', user.id, deps.clock.now());
};

export type ResetPasswordError = ErrorOf<'VALIDATION_FAILED' | 'LINK_INVALID'>;

/**
 * Sets the new password and bumps the session version: every existing session ends, and the link
 * (issued for the old version) cannot be used again.
 */
export const resetPassword = async (
  deps: ResetPasswordPorts,
  input: { token: string; password: string },
): Promise<Result<null, ResetPasswordError>> => {
  const problem = passwordProblem(input.password);
  if (problem) return fail(invalid({ password: problem }));
  const check = await deps.links.verify(input.token, 'reset-password');
  if (!check.ok) {
    return fail({ code: 'LINK_INVALID', reason: check.error === 'expired' ? 'expired' : 'invalid' });
  }
  const user = await deps.store.users.findById(check.value.userId);
  if (!user) return fail({ code: 'LINK_INVALID', reason: 'invalid' });
  if (user.sessionVersion !== check.value.version) return fail({ code: 'LINK_INVALID', reason: 'used' });
  // Checked again where it is written: of two uses of one link at the same moment, one wins.
  const replaced = await deps.store.users.replacePassword(user.id, await deps.hasher.hash(input.password), check.value.version);
  return replaced ? ok(null) : fail({ code: 'LINK_INVALID', reason: 'used' });
};
