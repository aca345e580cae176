import nodemailer from 'nodemailer';
import { recipientsOf, type Mail, type Mailer } from '#domain/mail/mailer.ts';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import { mimeComposer } from './mime-message.ts';

/** Sends through any SMTP server given as a URL, e.g. smtps://user:pass@smtp.example.com:465. */
export const createSmtpMailer = (options: { url: string; from: string }): Mailer & { close(): void } => {
  const transport = nodemailer.createTransport(options.url);
  const message = mimeComposer(options.from);
  return {
    async send(mail: Mail) {
      try {
        // nodemailer's SMTP client sends the composed message as it is (mime-message.ts).
        await transport.sendMail({ envelope: { from: message.sender, to: recipientsOf(mail) }, raw: message.compose(mail) });
      } catch (error) {
        // Refused, unreachable or timed out: the mail server's trouble, not the caller's.
        throw new ServiceUnavailableError('mail', { cause: error });
      }
    },
    close: () => transport.close(),
  };
};
