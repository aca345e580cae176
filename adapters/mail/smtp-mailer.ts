import nodemailer from 'nodemailer';
import type { Mail, Mailer } from '#domain/mail/mailer.ts';

/** Sends through any SMTP server given as a URL, e.g. smtps://user:pass@smtp.example.com:465. */
export const createSmtpMailer = (options: { url: string; from: string }): Mailer & { close(): void } => {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(mail: Mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close: () => transport.close(),
  };
};
