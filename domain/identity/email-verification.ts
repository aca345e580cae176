import type { Ports } from '../ports.ts';
import type { ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import { verificationEmail } from './account-emails.ts';
import { VERIFY_EMAIL_TTL_SECONDS } from './link-token-service.ts';
import type { User } from './user.ts';

type Deps = Pick<Ports, 'store' | 'links' | 'mailer'> & { appUrl: string };

/** Sent at sign-up and on request; verified users get nothing. */
export const sendVerificationEmail = async (deps: Omit<Deps, 'store'>, user: User): Promise<void> => {
  if (user.emailVerified) return;
  const token = await deps.links.issue(
    { purpose: 'verify-email', userId: user.id, version: user.sessionVersion },
    VERIFY_EMAIL_TTL_SECONDS,
  );
  const link = `${deps.appUrl}/verifyEmail?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(verificationEmail(user.email, link));
};

/** Opening the link twice is harmless: the second time says the e-mail is already verified. */
export const verifyEmail = async (
  deps: Pick<Deps, 'store' | 'links'>,
  token: string,
): Promise<Result<{ user: User; alreadyVerified: boolean }, ErrorOf<'LINK_INVALID'>>> => {
  const check = await deps.links.verify(token, 'verify-email');
  if (!check.ok) {
    return fail({ code: 'LINK_INVALID', reason: check.error === 'expired' ? 'expired' : 'invalid' });
  }
  const user = await deps.store.users.findById(check.value.userId);
  if (!user) return fail({ code: 'LINK_INVALID', reason: 'invalid' });
  if (user.emailVerified) return ok({ user, alreadyVerified: true });
  const verified = await deps.store.users.setEmailVerified(user.id);
  return verified ? ok({ user: verified, alreadyVerified: false }) : fail({ code: 'LINK_INVALID', reason: 'invalid' });
};
