import type { AccountMailKind } from '../mail/mail-outbox.ts';
import { RESET_PASSWORD_TTL_SECONDS, VERIFY_EMAIL_TTL_SECONDS, type LinkTokenService } from './link-token-service.ts';
import type { UserRepository } from './user-repository.ts';

export type PrepareAccountMailPorts = { store: { users: Pick<UserRepository, 'findById'> }; links: Pick<LinkTokenService, 'issue'> };

/**
 * An account mail to send: which one, to whom, with which link. The words are the mail's own,
 * written with the other templates (adapters/mail/account-emails.ts; domain/README.md, "Words").
 */
export interface AccountMailLink {
  kind: AccountMailKind;
  to: string;
  link: string;
}

/**
 * Prepares a queued account mail (docs/email.md, "E-mail") for the user as they are when it goes out.
 * The link's token is signed now, for the session version now: the outbox row holds only the
 * user's id, and a link sent after a delay still works for its whole lifetime. A reset made,
 * or a sign-out, between the request and the sending bumps the version, and the new link is for
 * the new one. Nothing to send when the user is gone, or (for verification) already verified.
 */
export const prepareAccountMail = async (
  deps: PrepareAccountMailPorts,
  { kind, userId, appUrl }: { kind: AccountMailKind; userId: string; appUrl: string },
): Promise<AccountMailLink | null> => {
  const user = await deps.store.users.findById(userId);
  if (!user) return null;
  if (kind === 'verify-email') {
    if (user.emailVerified) return null;
    const token = await deps.links.issue({ purpose: 'verify-email', userId: user.id, version: user.sessionVersion }, VERIFY_EMAIL_TTL_SECONDS);
    return { kind, to: user.email, link: `${appUrl}/verifyEmail?token=${encodeURIComponent(token)}` };
  }
  const token = await deps.links.issue({ purpose: 'reset-password', userId: user.id, version: user.sessionVersion }, RESET_PASSWORD_TTL_SECONDS);
  return { kind, to: user.email, link: `${appUrl}/resetPassword?token=${encodeURIComponent(token)}` };
};
