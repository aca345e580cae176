import type { MailOutboxRepository } from '../mail/mail-outbox.ts';
import type { Clock } from '../shared/clock.ts';
import type { ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { LinkTokenService } from './link-token-service.ts';
import type { User } from './user.ts';
import type { UserRepository } from './user-repository.ts';

export type RequestVerificationEmailPorts = { store: { outbox: Pick<MailOutboxRepository, 'queue'> }; clock: Clock };
export type VerifyEmailPorts = { store: { users: Pick<UserRepository, 'findById' | 'setEmailVerified'> }; links: Pick<LinkTokenService, 'verify'> };

/**
 * Asked for again by a signed-in user: queued in the mail outbox (docs/email.md, "E-mail"), so a
 * mail server that is down delays it instead of losing it. Verified users get nothing.
 */
export const requestVerificationEmail = async (deps: RequestVerificationEmailPorts, user: User): Promise<void> => {
  if (user.emailVerified) return;
  await deps.store.outbox.queue('verify-email', user.id, deps.clock.now());
};

/** Opening the link twice is harmless: the second time says the e-mail is already verified. */
export const verifyEmail = async (
  deps: VerifyEmailPorts,
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
