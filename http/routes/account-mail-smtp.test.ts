/**
 * The app's own e-mails through the mail outbox and the SMTP adapter to a real SMTP peer
 * (smtp-server): the verification mail of a sign-up and the reset mail arrive with the right
 * envelope, the links read back from what arrived do their job, and a sign-up made while the mail
 * server is down gets its mail once it is back.
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
    const { call, signUp, settled, deliverMail } = createTestApp({ mailer, appUrl: APP_URL });
    const buyer = await signUp({ email: 'smtp.buyer@example.com', password: 'old-password', verified: false });
    expect((await deliverMail()).sent).toBe(1);

    const verification = arrived().find((mail) => mail.to.includes(buyer.email));
    expect(verification?.raw).toMatch(/^Subject: .*verif/im);
    expect((await call('POST', '/api/auth/verify-email', { body: { token: tokenIn(verification!.raw, '/verifyEmail') } })).status).toBe(204);
    expect((await call('GET', '/api/me', { token: buyer.token })).json.user.emailVerified).toBe(true);

    expect((await call('POST', '/api/auth/password-reset', { body: { email: buyer.email } })).status).toBe(202);
    await settled(); // the reset mail is queued after the answer
    expect((await deliverMail()).sent).toBe(1);
    const reset = arrived().filter((mail) => mail.to.includes(buyer.email)).at(-1);
    expect(reset?.raw).not.toBe(verification?.raw);
    const token = tokenIn(reset!.raw, '/resetPassword');
    expect((await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'new-password' } })).status).toBe(204);
    expect((await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: 'new-password' } })).status).toBe(200);
    mailer.close();
  });

  it('retries the verification mail of a sign-up made while the mail server is down, and delivers it once when it is back', async () => {
    // Where the mail server will be: a port that is free now, so the first tries are refused.
    const gone = await startSmtpPeer();
    const port = gone.port;
    await gone.close();
    let now = Date.parse('2026-03-01T10:00:00Z');
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Bulkhead <shop@bulkhead.test>' });
    const { call, deliverMail } = createTestApp({ mailer, appUrl: APP_URL, clock: { now: () => new Date(now) } });
    const signedUp = await call('POST', '/api/auth/sign-up', { body: { name: 'Late', email: 'late.mail@example.com', password: 'password-1' } });
    expect(signedUp.status).toBe(201);

    const refused = await deliverMail();
    expect(refused.failed).toEqual([expect.objectContaining({ kind: 'verify-email', attempts: 1, willRetry: true })]);
    now += 60_000;
    expect((await deliverMail()).failed).toEqual([expect.objectContaining({ kind: 'verify-email', attempts: 2, willRetry: true })]);

    const back = await startSmtpPeer(port);
    try {
      now += 4 * 60_000; // still before the third try is due
      expect(await deliverMail()).toEqual({ sent: 0, dropped: 0, failed: [] });
      now += 60_000;
      expect(await deliverMail()).toEqual({ sent: 1, dropped: 0, failed: [] });
      now += 24 * 60 * 60_000;
      expect(await deliverMail()).toEqual({ sent: 0, dropped: 0, failed: [] });
      expect(back.received.map((mail) => mail.to)).toEqual([['late.mail@example.com']]);
      const raw = decodeQuotedPrintable(back.received[0]!.raw);
      expect((await call('POST', '/api/auth/verify-email', { body: { token: tokenIn(raw, '/verifyEmail') } })).status).toBe(204);
      expect((await call('GET', '/api/me', { token: signedUp.json.token })).json.user.emailVerified).toBe(true);
    } finally {
      mailer.close();
      await back.close();
    }
  });
});
