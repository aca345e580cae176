/**
 * The app's own e-mails through the SMTP adapter to a real SMTP peer (smtp-server): the
 * verification mail of a sign-up and the reset mail arrive with the right envelope, and the
 * links read back from what arrived do their job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '#adapters/mail/smtp-mailer.ts';
import { startSmtpPeer } from '#adapters/mail/smtp-peer.ts';
import { createTestApp, decodeQuotedPrintable } from '../test-support.ts';

const APP_URL = 'https://shop.example.com';
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(() => peer.close());
/** What arrived, decoded as a mail client would before showing a link. */
const arrived = () => peer.received.map(({ to, raw }) => ({ to, raw: decodeQuotedPrintable(raw) }));

const tokenIn = (raw: string, path: string): string => {
  const link = raw.match(/https?:\/\/[^\s"<>]+/g)?.find((found) => found.startsWith(`${APP_URL}${path}?token=`));
  expect(link, `a ${path} link in the mail`).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
};

describe('account e-mails over SMTP', () => {
  it('delivers the verification and reset mails, and their links verify the e-mail and set a new password', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${peer.port}`, from: 'Bulkhead <shop@bulkhead.test>' });
    const { call, signUp, settled } = createTestApp({ mailer, settings: { appUrl: APP_URL } });
    const buyer = await signUp({ email: 'smtp.buyer@example.com', password: 'old-password' });

    const verification = arrived().find((mail) => mail.to.includes(buyer.email));
    expect(verification?.raw).toMatch(/^Subject: .*verif/im);
    expect((await call('POST', '/api/auth/verify-email', { body: { token: tokenIn(verification!.raw, '/verifyEmail') } })).status).toBe(204);
    expect((await call('GET', '/api/me', { token: buyer.token })).json.user.emailVerified).toBe(true);

    expect((await call('POST', '/api/auth/password-reset', { body: { email: buyer.email } })).status).toBe(202);
    await settled(); // the reset mail leaves after the answer
    const reset = arrived().filter((mail) => mail.to.includes(buyer.email)).at(-1);
    expect(reset?.raw).not.toBe(verification?.raw);
    const token = tokenIn(reset!.raw, '/resetPassword');
    expect((await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'new-password' } })).status).toBe(204);
    expect((await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: 'new-password' } })).status).toBe(200);
    mailer.close();
  });
});
