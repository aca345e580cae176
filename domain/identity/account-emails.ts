import type { AccountMailKind } from '../mail/mail-outbox.ts';
import type { Mail } from '../mail/mailer.ts';
import { RESET_PASSWORD_TTL_SECONDS, VERIFY_EMAIL_TTL_SECONDS, type LinkTokenService } from './link-token-service.ts';
import type { UserRepository } from './user-repository.ts';

export type WriteAccountMailPorts = { store: { users: Pick<UserRepository, 'findById'> }; links: Pick<LinkTokenService, 'issue'> };

/** Short, plain e-mails: one sentence, one link, the same in text and HTML. */
const mail = (to: string, subject: string, intro: string, action: string, link: string, outro: string): Mail => ({
  to,
  subject,
  text: `${intro}\n\n${action}: ${link}\n\n${outro}\n\n— Bulkhead`,
  html:
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
    `<p style="color:#555">${escapeHtml(outro)}</p><p>— Bulkhead</p>`,
});

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Goes to an address nobody has proven yet, so it carries no text the signer-up chose (not even
 * their name): otherwise anyone could send our mail, with their words and links, to anyone.
 */
export const verificationEmail = (to: string, link: string): Mail =>
  mail(
    to,
    'Verify your e-mail for Bulkhead',
    'Welcome to Bulkhead. Please confirm that this is your e-mail address.',
    'Verify my e-mail',
    link,
    'The link works for 7 days. If you did not sign up, ignore this message.',
  );

export const passwordResetEmail = (to: string, link: string): Mail =>
  mail(
    to,
    'Reset your Bulkhead password',
    'Someone (hopefully you) asked to reset the password of your Bulkhead account.',
    'Choose a new password',
    link,
    'The link works once, for 1 hour. If you did not ask for it, ignore this message: your password stays the same.',
  );

/**
 * Writes a queued account mail (docs/email.md, "E-mail") for the user as they are when it goes out.
 * The link's token is signed now, for the session version now: the outbox row holds only the
 * user's id, and a link sent after a delay still works for its whole lifetime. A reset made,
 * or a sign-out, between the request and the sending bumps the version, and the new link is for
 * the new one. Nothing to send when the user is gone, or (for verification) already verified.
 */
export const writeAccountMail = async (
  deps: WriteAccountMailPorts,
  { kind, userId, appUrl }: { kind: AccountMailKind; userId: string; appUrl: string },
): Promise<Mail | null> => {
  const user = await deps.store.users.findById(userId);
  if (!user) return null;
  if (kind === 'verify-email') {
    if (user.emailVerified) return null;
    const token = await deps.links.issue({ purpose: 'verify-email', userId: user.id, version: user.sessionVersion }, VERIFY_EMAIL_TTL_SECONDS);
    return verificationEmail(user.email, `${appUrl}/verifyEmail?token=${encodeURIComponent(token)}`);
  }
  const token = await deps.links.issue({ purpose: 'reset-password', userId: user.id, version: user.sessionVersion }, RESET_PASSWORD_TTL_SECONDS);
  return passwordResetEmail(user.email, `${appUrl}/resetPassword?token=${encodeURIComponent(token)}`);
};
