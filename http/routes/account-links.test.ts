import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { messages } from '#domain/messages.ts';
import { ServiceUnavailableError } from '#domain/shared/errors.ts';
import type { Mail } from '#domain/mail/mailer.ts';
import { createTestApp, expectError, readOutbox, type createMemoryMailer } from '../test-support.ts';

const APP_URL = 'https://shop.example.com';
let outbox = '';
let now = Date.now();

beforeEach(async () => {
  outbox = await mkdtemp(join(tmpdir(), 'bulkhead-outbox-'));
  now = Date.now();
});
afterEach(() => rm(outbox, { recursive: true, force: true }));

/**
 * The real outbox adapter, and a clock the tests move forward to expire links. Each call returns
 * once the mail its request queued (after answering, for a reset) has been sent, as the server's
 * mail sender would within a second (docs/email.md, "E-mail").
 */
const appWithOutbox = (settings: Record<string, unknown> = {}) => {
  const app = createTestApp({
    mailer: createOutboxMailer({ dir: outbox, from: 'Bulkhead <no-reply@localhost>', log: () => undefined }),
    clock: { now: () => new Date(now) },
    appUrl: APP_URL,
    settings,
  });
  const call: typeof app.call = async (...args) => {
    const response = await app.call(...args);
    await app.settled();
    await app.deliverMail();
    return response;
  };
  // These buyers prove their address here, by the mailed link.
  const signUp = async (input: Parameters<typeof app.signUp>[0] = {}) => {
    const buyer = await app.signUp({ verified: false, ...input });
    await app.deliverMail();
    return buyer;
  };
  return { ...app, call, signUp };
};

/** A mail server the test takes down and brings back; it keeps what it took. */
const switchableMailer = () => {
  const sent: Mail[] = [];
  let up = false;
  return {
    sent,
    setUp: (value: boolean) => void (up = value),
    send: async (mail: Mail) => {
      if (!up) throw new ServiceUnavailableError('mail', { cause: new Error('connect ECONNREFUSED 127.0.0.1:25') });
      sent.push(mail);
    },
  };
};

const tokenOf = (mail: Mail | undefined) => new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;

const mailsTo = async (email: string) => (await readOutbox(outbox)).filter((mail) => mail.raw.includes(`To: ${email}`));

const onlyToken = async (email: string, path: string) => {
  const mails = await mailsTo(email);
  const mail = mails.at(-1);
  expect(mail?.links.some((link) => link.startsWith(`${APP_URL}${path}?token=`))).toBe(true);
  expect(mail?.tokens).toHaveLength(1);
  return mail!.tokens[0]!;
};

describe('e-mail verification', () => {
  it('sign-up mails a link whose token verifies the e-mail; opening it again is still 204', async () => {
    const { call, signUp } = appWithOutbox();
    const buyer = await signUp();
    expect(buyer.user.emailVerified).toBe(false);
    const token = await onlyToken(buyer.email, '/verifyEmail');

    const verified = await call('POST', '/api/auth/verify-email', { body: { token } });
    expect(verified.status).toBe(204);
    expect((await call('GET', '/api/me', { token: buyer.token })).json.user.emailVerified).toBe(true);
    expect((await call('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(204);
  });

  it('refuses a tampered, a wrong-purpose, a missing and an expired token with the catalogue messages', async () => {
    const { call, signUp } = appWithOutbox();
    const buyer = await signUp();
    const token = await onlyToken(buyer.email, '/verifyEmail');

    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await call('POST', '/api/auth/verify-email', { body: { token: tampered } });
    expect(bad.status).toBe(400);
    expect(expectError(bad.json)).toMatchObject({ code: 'LINK_INVALID', message: messages.linkInvalid });

    // A verification token is no reset token, and the other way round.
    const crossed = await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'new-password-1' } });
    expect(expectError(crossed.json)).toMatchObject({ code: 'LINK_INVALID', message: messages.linkInvalid });

    const missing = await call('POST', '/api/auth/verify-email', { body: {} });
    expect(missing.status).toBe(400);
    expect(expectError(missing.json).fields).toEqual({ token: messages.linkInvalid });

    now += 8 * 24 * 3600 * 1000;
    const expired = await call('POST', '/api/auth/verify-email', { body: { token } });
    expect(expired.status).toBe(400);
    expect(expectError(expired.json)).toMatchObject({ code: 'LINK_INVALID', message: messages.linkExpired });
    expect((await call('GET', '/api/me', { token: buyer.token })).json.user.emailVerified).toBe(false);
  });

  it('resends the e-mail to a signed-in user with 202, and asks anonymous callers to sign in', async () => {
    const { call, signUp } = appWithOutbox();
    const buyer = await signUp();
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    const resent = await call('POST', '/api/auth/verify-email/resend', { token: buyer.token });
    expect(resent.status).toBe(202);
    expect(await mailsTo(buyer.email)).toHaveLength(2);
    expect((await call('POST', '/api/auth/verify-email/resend')).status).toBe(401);
  });

  it('keeps the sign-up when the mail server is down, and sends the verification mail once it is back', async () => {
    const mailer = switchableMailer();
    const { call, deliverMail, store } = createTestApp({ mailer, clock: { now: () => new Date(now) } });
    const response = await call('POST', '/api/auth/sign-up', { body: { name: 'Ada', email: 'ada@example.com', password: 'secret-1' } });
    expect(response.status).toBe(201);
    // Queued with the account, not lost with the failed try.
    expect(await store.outbox.countUnsent()).toBe(1);
    expect((await deliverMail()).failed).toEqual([expect.objectContaining({ kind: 'verify-email', subjectId: response.json.user.id, attempts: 1, willRetry: true })]);
    mailer.setUp(true);
    expect((await deliverMail()).sent).toBe(0); // not before the retry is due
    now += 60_000;
    expect(await deliverMail()).toMatchObject({ sent: 1, failed: [] });
    expect(await deliverMail()).toMatchObject({ sent: 0, failed: [] });
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['ada@example.com']);
    // The link signed when the mail went out verifies the address.
    expect((await call('POST', '/api/auth/verify-email', { body: { token: tokenOf(mailer.sent[0]) } })).status).toBe(204);
    expect((await call('GET', '/api/me', { token: response.json.token })).json.user.emailVerified).toBe(true);
  });

  it('answers a resend with 202 while the mail server is down, and sends the mail once it is back', async () => {
    const mailer = switchableMailer();
    const { call, signUp, deliverMail } = createTestApp({ mailer, clock: { now: () => new Date(now) } });
    const buyer = await signUp({ verified: false });
    const resent = await call('POST', '/api/auth/verify-email/resend', { token: buyer.token });
    expect(resent.status).toBe(202);
    expect(resent.text).toBe('');
    expect((await deliverMail()).failed.map((failure) => failure.kind)).toEqual(['verify-email', 'verify-email']);
    mailer.setUp(true);
    now += 60_000;
    expect((await deliverMail()).sent).toBe(2);
    expect(mailer.sent.map((mail) => mail.to)).toEqual([buyer.email, buyer.email]);
  });

  it('sends a verified user nothing, even a mail queued before they verified', async () => {
    const { call, signUp, deliverMail, mailer, store } = createTestApp();
    const buyer = await signUp({ verified: false });
    await store.users.setEmailVerified(buyer.user.id);
    expect((await call('POST', '/api/auth/verify-email/resend', { token: buyer.token })).status).toBe(202);
    expect(await deliverMail()).toMatchObject({ sent: 0, dropped: 1 });
    expect((mailer as ReturnType<typeof createMemoryMailer>).sent).toEqual([]);
  });
});

describe('password reset', () => {
  it('answers 202 for an unknown e-mail without writing any mail', async () => {
    const { call } = appWithOutbox();
    const response = await call('POST', '/api/auth/password-reset', { body: { email: 'nobody@example.com' } });
    expect(response.status).toBe(202);
    expect(response.text).toBe('');
    expect(await readOutbox(outbox)).toEqual([]);
  });

  it('refuses a tampered reset link and leaves the password as it was', async () => {
    const { call, signUp } = appWithOutbox();
    const buyer = await signUp({ password: 'old-password' });
    await call('POST', '/api/auth/password-reset', { body: { email: buyer.email } });
    const token = await onlyToken(buyer.email, '/resetPassword');
    const [header, payload, signature] = token.split('.');
    // Another account's id in the payload, the signature kept: the forgery a tampered link tries.
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    for (const tampered of [`${header}.${forgedPayload}.${signature}`, `${header}.${payload}.${signature!.slice(0, -4)}AAAA`]) {
      const refused = await call('POST', '/api/auth/password-reset/confirm', { body: { token: tampered, password: 'new-password-1' } });
      expect(refused.status).toBe(400);
      expect(expectError(refused.json)).toMatchObject({ code: 'LINK_INVALID', message: messages.linkInvalid });
    }
    expect((await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: 'old-password' } })).status).toBe(200);
    // The genuine link still works afterwards: the forgeries did not spend it.
    expect((await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'new-password-1' } })).status).toBe(204);
  });

  it('lets one of two simultaneous uses of the same link through, never both', async () => {
    const { call, signUp } = appWithOutbox();
    const buyer = await signUp({ password: 'old-password' });
    await call('POST', '/api/auth/password-reset', { body: { email: buyer.email } });
    const token = await onlyToken(buyer.email, '/resetPassword');
    const confirm = (password: string) => call('POST', '/api/auth/password-reset/confirm', { body: { token, password } });
    const answers = await Promise.all([confirm('first-password'), confirm('second-password')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 400]);
    const winner = answers[0]!.status === 204 ? 'first-password' : 'second-password';
    const loser = winner === 'first-password' ? 'second-password' : 'first-password';
    expect((await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: winner } })).status).toBe(200);
    expect((await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: loser } })).status).toBe(401);
  });

  it('sets the new password with the mailed link, ends older sessions, and spends the link', async () => {
    const { call, signUp } = appWithOutbox();
    const buyer = await signUp({ password: 'old-password' });
    const requested = await call('POST', '/api/auth/password-reset', { body: { email: buyer.email.toUpperCase() } });
    expect(requested.status).toBe(202);
    const token = await onlyToken(buyer.email, '/resetPassword');

    const confirmed = await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'new-password' } });
    expect(confirmed.status).toBe(204);
    expect(confirmed.headers.get('set-cookie')).toMatch(/session=;/);

    expect((await call('GET', '/api/me', { token: buyer.token })).status).toBe(401);
    expect((await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: 'old-password' } })).status).toBe(401);
    expect((await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: 'new-password' } })).status).toBe(200);

    const reused = await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'third-password' } });
    expect(reused.status).toBe(400);
    expect(expectError(reused.json)).toMatchObject({ code: 'LINK_INVALID', message: messages.linkUsed });
  });

  it('refuses an expired link, a weak password and a bad e-mail with their messages', async () => {
    const { call, signUp } = appWithOutbox();
    const buyer = await signUp();
    await call('POST', '/api/auth/password-reset', { body: { email: buyer.email } });
    const token = await onlyToken(buyer.email, '/resetPassword');

    const weak = await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: '123' } });
    expect(weak.status).toBe(400);
    expect(expectError(weak.json).fields).toEqual({ password: messages.passwordTooShort });

    const badEmail = await call('POST', '/api/auth/password-reset', { body: { email: 'not-an-email' } });
    expect(badEmail.status).toBe(400);
    expect(expectError(badEmail.json).fields).toEqual({ email: messages.emailInvalid });

    now += 61 * 60 * 1000;
    const expired = await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'new-password' } });
    expect(expectError(expired.json)).toMatchObject({ code: 'LINK_INVALID', message: messages.linkExpired });
  });

  it('rate-limits reset requests per e-mail and per IP with 429', async () => {
    const { call } = appWithOutbox({ resetRateLimit: 2 });
    const ask = (email: string) => call('POST', '/api/auth/password-reset', { body: { email } });
    expect((await ask('a@example.com')).status).toBe(202);
    expect((await ask('a@example.com')).status).toBe(202);
    const limited = await ask('a@example.com');
    expect(limited.status).toBe(429);
    expect(expectError(limited.json).code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('queues the reset mail: 202 while the mail server is down, and the mail goes out, once, when it is back', async () => {
    const mailer = switchableMailer();
    const { call, signUp, settled, deliverMail, store } = createTestApp({ mailer, clock: { now: () => new Date(now) } });
    const buyer = await signUp({ password: 'old-password' });
    await deliverMail(); // the sign-up's verification mail: dropped, the buyer is verified
    expect((await call('POST', '/api/auth/password-reset', { body: { email: buyer.email } })).status).toBe(202);
    await settled();
    expect(await store.outbox.countUnsent()).toBe(1);
    expect((await deliverMail()).failed).toEqual([expect.objectContaining({ kind: 'password-reset', subjectId: buyer.user.id, willRetry: true })]);
    mailer.setUp(true);
    now += 60_000;
    expect((await deliverMail()).sent).toBe(1);
    expect((await deliverMail()).sent).toBe(0);
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([[buyer.email, 'Reset your Bulkhead password']]);
    const token = tokenOf(mailer.sent[0]);
    expect((await call('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'new-password' } })).status).toBe(204);
    expect((await call('POST', '/api/auth/sign-in', { body: { email: buyer.email, password: 'new-password' } })).status).toBe(200);
  });

  it('keeps no token in the outbox: the row names the user, the link is signed when the mail goes out', async () => {
    const { call, signUp, settled, storage } = createTestApp();
    const buyer = await signUp();
    expect((await call('POST', '/api/auth/password-reset', { body: { email: buyer.email } })).status).toBe(202);
    await settled();
    const queued = await storage.repositories.outbox.claimDue(new Date(Date.now() + 1_000), new Date(Date.now() + 60_000), 10);
    expect(queued.map((mail) => [mail.kind, mail.subjectId])).toEqual([
      ['verify-email', buyer.user.id],
      ['password-reset', buyer.user.id],
    ]);
    expect(JSON.stringify(queued)).not.toMatch(/eyJ/);
  });

  it('answers before queuing, so neither the status nor the time taken tells an existing account from an unknown one', async () => {
    // A store that takes the queued row and never answers: were the mail queued before answering,
    // the request for the existing account would hang and the unknown one would not.
    const { call, signUp, store, mailer } = createTestApp();
    const buyer = await signUp();
    const queuedFor: string[] = [];
    store.outbox.queue = (kind, subjectId) => {
      queuedFor.push(`${kind} ${subjectId}`);
      return new Promise<void>(() => undefined);
    };
    const answers = await Promise.all(
      [buyer.email, 'nobody@example.com'].map((email) => call('POST', '/api/auth/password-reset', { body: { email } })),
    );
    expect(answers.map((answer) => [answer.status, answer.text])).toEqual([
      [202, ''],
      [202, ''],
    ]);
    await new Promise<void>((resolve) => setImmediate(resolve)); // the work left after answering starts
    expect(queuedFor).toEqual([`password-reset ${buyer.user.id}`]);
    // Nothing goes to the mail server while the request is served: the mail outbox sends it.
    expect((mailer as ReturnType<typeof createMemoryMailer>).sent).toEqual([]);
  });
});
