export interface Mail {
  /** One address, or several separated by commas (the shop's notifications to every admin). */
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The addresses of `mail.to`, one each. */
export const recipientsOf = (mail: Pick<Mail, 'to'>): string[] =>
  mail.to
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');

export interface Mailer {
  send(mail: Mail): Promise<void>;
}
