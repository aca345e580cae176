import type { SendMailOptions } from 'nodemailer';
import type { Mail } from '#domain/mail/mailer.ts';

/**
 * A mail as nodemailer is given it by both mailers. The HTML part is sent base64-encoded: it is
 * one long line of inline styles, so it needs an encoding, and nodemailer's quoted-printable
 * (scanning, escaping and wrapping it in JavaScript) was a third of building the message; base64
 * is Node's own. The plain-text part keeps nodemailer's choice (7bit when it can), so it stays
 * readable in the raw message.
 */
export const mimeMessage = (from: string, mail: Mail): SendMailOptions => ({
  from,
  ...mail,
  html: { content: mail.html, contentTransferEncoding: 'base64' },
});
