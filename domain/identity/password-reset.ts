import type { Ports } from '../ports.ts';
import { invalid, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { passwordResetEmail } from './account-emails.ts';
import { passwordProblem } from './credentials-rules.ts';
import { RESET_PASSWORD_TTL_SECONDS } from './link-token-service.ts';
import { normalizeEmail } from './user.ts';

/** Always succeeds from the caller's view, so the answer never reveals whether an account exists. */
export const requestPasswordReset = async (
  deps: Pick<Ports, 'store' | 'links' | 'mailer'> & { appUrl: string },
  email: string,
): Promise<void> => {
  const user = await deps.store.users.findByEmail(normalizeEmail(email));
  if (!user) return;
  const token = await deps.links.issue(
    { purpose: 'reset-password', userId: user.id, version: user.sessionVersion },
    RESET_PASSWORD_TTL_SECONDS,
  );
  const link = `${deps.appUrl}/resetPassword?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(passwordResetEmail(user.email, link));
};

export type ResetPasswordError = ErrorOf<'VALIDATION_FAILED' | 'LINK_INVALID'>;

/**
 * Sets the new password and bumps the session version: every existing session ends, and the link
 * (issued for the old version) cannot be used again.
 */
export const resetPassword = async (
  deps: Pick<Ports, 'store' | 'links' | 'hasher'>,
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
