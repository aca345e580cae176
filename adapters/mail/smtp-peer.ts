/**
 * A real SMTP server for tests (the smtp-server package) on a free loopback port: it accepts any
 * login and every message, and keeps each with its envelope, so a test can read what a mailer
 * actually delivered. Test support only; nothing in the app imports it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it came over the wire (headers and MIME body, transfer-encoded). */
  raw: string;
}

/** On a free port, or on `port` (a mail server that comes back where it was). */
export const startSmtpPeer = async (port = 0) => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;
  return { port: listening, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
