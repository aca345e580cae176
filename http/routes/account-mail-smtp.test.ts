/**
 * The app's own e-mails through the SMTP adapter to a real SMTP peer (smtp-server): the
 * verification mail of a sign-up and the reset mail arrive with the right envelope, and the
 * links read back from what arrived do their job.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '#adapters/mail/smtp-mailer.ts';
import { createTestApp, decodeQuotedPrintable } from '../test-support.ts';

const APP_URL = 'https://shop.example.com';
const arrived: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arrived.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tokenIn = (raw: string, path: string): string => {
  const link = raw.match(/https?:\/\/[^\s"<>]+/g)?.find((found) => found.startsWith(`${APP_URL}${path}?token=`));
  expect(link, `a ${path} link in the mail`).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
};

describe('account e-mails over SMTP', () => {
  it('delivers the verification and reset mails, and their links verify the e-mail and set a new password', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Bulkhead <shop@bulkhead.test>' });
    const { call, signUp } = createTestApp({ mailer, settings: { appUrl: APP_URL } });
    const buyer = await signUp({ email: 'smtp.buyer@example.com', password: 'old-password' });

    const verification = arrived.find((mail) => mail.to.includes(buyer.email));
    expect(verification?.raw).toMatch(/^Subject: .*verif/im);
    expect((await call('POST', '/api/auth/verify-email', { body: { token: tokenIn(verification!.raw, '/verifyEmail') } })).status).toBe(204);
    expect((await call('GET', '/api/me', { token: buyer.token })).json.user.emailVerified).toBe(true);

    expect((await call('POST', '/api/auth/password-reset', { body: { email: buyer.email } })).status).toBe(202);
    const reset = arrived.filter((mail) => mail.to.includes(buyer.email)).at(-1);
    expect(reset).not.toBe(verification);
    const token = tokenIn(reset!.raw, '/resetPassword');
    expect((await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'new-password' } })).status).toBe(204);
    expect((await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: 'new-password' } })).status).toBe(200);
    mailer.close();
  });
});
