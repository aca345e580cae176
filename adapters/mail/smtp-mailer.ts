import nodemailer from 'nodemailer';
import type { Mail, Mailer } from '#domain/mail/mailer.ts';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import { mimeMessage } from './mime-message.ts';

/** Sends through any SMTP server given as a URL, e.g. smtps://user:pass@smtp.example.com:465. */
export const createSmtpMailer = (options: { url: string; from: string }): Mailer & { close(): void } => {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(mail: Mail) {
      try {
        await transport.sendMail(mimeMessage(options.from, mail));
      } catch (error) {
        // Refused, unreachable or timed out: the mail server's trouble, not the caller's.
        throw new ServiceUnavailableError('mail', { cause: error });
      }
    },
    close: () => transport.close(),
  };
};
