import type { AccountMailLink } from '#domain/identity/account-emails.ts';
import type { Mail } from '#domain/mail/mailer.ts';

/*
 * The account mails' words, with the other mail templates (domain/README.md, "Words"): the domain
 * decides whether a mail goes and signs its link (domain/identity/account-emails.ts); this writes it.
 */

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

/** The mail for a prepared account link. */
export const accountMail = ({ kind, to, link }: AccountMailLink): Mail =>
  kind === 'verify-email' ? verificationEmail(to, link) : passwordResetEmail(to, link);
