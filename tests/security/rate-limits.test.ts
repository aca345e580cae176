/**
 * Brute-force brakes: every rate-limited auth route answers 429 with the catalogue message, a
 * Retry-After and RateLimit headers once its budget is spent, refuses before doing any work
 * (nothing written), counts per IP and (sign-in, sign-up, reset) per e-mail, and lets callers in
 * again when the window has passed. Sign-in and sign-up spend the budget only on refusals.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import type { CallOptions } from '#http/test-support.ts';
import { errorShapeProblem, openSecurityApp, type SecurityApp } from './harness.ts';

const LIMIT = 3;
const WINDOW_MS = 15 * 60 * 1000;

const opened: SecurityApp[] = [];
const open = async (settings: Parameters<typeof openSecurityApp>[0] = {}) => {
  const app = await openSecurityApp({
    ...settings,
    settings: { authRateLimit: LIMIT, resetRateLimit: LIMIT, authRateWindowMs: WINDOW_MS, ...settings.settings },
  });
  opened.push(app);
  return app;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

let counter = 0;
const unique = () => `someone-${(counter += 1)}@example.com`;

const resenders = new WeakMap<SecurityApp, Promise<string>>();
const resender = (app: SecurityApp) => {
  if (!resenders.has(app)) resenders.set(app, app.signUp().then((user) => user.token));
  return resenders.get(app)!;
};

/** [route, a request that spends one attempt (each with a new e-mail, so only the per-IP count grows)]. */
const LIMITED: [string, (app: SecurityApp) => Promise<CallOptions>][] = [
  // A refused sign-up (a password too short); a successful one would give its slot back.
  ['/api/auth/sign-up', async () => ({ body: { name: 'N', email: unique(), password: 'short' } })],
  ['/api/auth/sign-in', async () => ({ body: { email: unique(), password: 'password-1' } })],
  ['/api/auth/password-reset', async () => ({ body: { email: unique() } })],
  ['/api/auth/password-reset/confirm', async () => ({ body: { token: 'not-a-link', password: 'password-1' } })],
  // One account asking again and again (signing up a caller per attempt would spend sign-up's budget).
  ['/api/auth/verify-email/resend', async (app) => ({ token: await resender(app) })],
];

const expectRateLimited = (response: Awaited<ReturnType<SecurityApp['call']>>) => {
  expect(response.status).toBe(429);
  expect(errorShapeProblem(response.json)).toBeNull();
  expect(response.json.error).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(15) });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
  // draft-7 RateLimit headers: the client can see its budget before it runs out.
  expect(response.headers.get('ratelimit-policy')).toBe(`${LIMIT};w=${WINDOW_MS / 1000}`);
  expect(response.headers.get('ratelimit')).toMatch(/^limit=3, remaining=0, reset=\d+$/);
};

describe('rate limits', () => {
  it.each(LIMITED)('POST %s: 429 per IP after the budget, before any work is done', async (path, attempt) => {
    const app = await open();
    for (let i = 0; i < LIMIT; i += 1) expect((await app.call('POST', path, await attempt(app))).status).not.toBe(429);
    const request = await attempt(app);
    const before = await app.snapshot();
    const mailsBefore = app.outbox.sent.length;
    expectRateLimited(await app.call('POST', path, request));
    expect(await app.snapshot()).toBe(before);
    expect(app.outbox.sent.length).toBe(mailsBefore);
  });

  it('lets successful sign-ups and sign-ins through without spending the budget', async () => {
    const app = await open();
    for (let i = 0; i < LIMIT * 3; i += 1) {
      const user = await app.signUp();
      expect((await app.call('POST', '/api/auth/sign-in', { body: { email: user.email, password: user.password } })).status).toBe(200);
    }
  });

  it('caps accounts made from one address per hour, successful ones included', async () => {
    const app = await open({ settings: { signUpRateLimit: LIMIT } });
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await app.call('POST', '/api/auth/sign-up', { body: { name: 'N', email: unique(), password: 'password-1' } })).status).toBe(201);
    }
    const before = await app.snapshot();
    const limited = await app.call('POST', '/api/auth/sign-up', { body: { name: 'N', email: unique(), password: 'password-1' } });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(60) });
    expect(await app.snapshot()).toBe(before);
  });

  it('counts each route on its own: spent sign-ins leave sign-up open', async () => {
    const app = await open();
    for (let i = 0; i <= LIMIT; i += 1) await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' } });
    expect((await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' } })).status).toBe(429);
    expect((await app.call('POST', '/api/auth/sign-up', { body: { name: 'N', email: unique(), password: 'password-1' } })).status).toBe(201);
  });

  it('limits sign-in per e-mail across addresses (behind a trusted proxy), even with the right password', async () => {
    const app = await open({ settings: { trustProxy: true } });
    const victim = await app.signUp({ email: 'victim@example.com' });
    const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
    for (let n = 1; n <= LIMIT; n += 1) {
      expect((await app.call('POST', '/api/auth/sign-in', { body: { email: victim.email, password: 'wrong-pass' }, headers: from(n) })).status).toBe(401);
    }
    // A new address, a differently written e-mail and the right password: still refused.
    const limited = await app.call('POST', '/api/auth/sign-in', { body: { email: ' VICTIM@example.com ', password: victim.password }, headers: from(99) });
    expectRateLimited(limited);
    // Another account from the same addresses is unaffected.
    const other = await app.signUp();
    expect((await app.call('POST', '/api/auth/sign-in', { body: { email: other.email, password: other.password }, headers: from(50) })).status).toBe(200);
  });

  it('limits password-reset e-mails per address, so nobody can flood an inbox from many IPs', async () => {
    const app = await open({ settings: { trustProxy: true } });
    for (let n = 1; n <= LIMIT; n += 1) {
      expect((await app.call('POST', '/api/auth/password-reset', { body: { email: 'inbox@example.com' }, headers: { 'x-forwarded-for': `203.0.113.${n}` } })).status).toBe(202);
    }
    expectRateLimited(await app.call('POST', '/api/auth/password-reset', { body: { email: 'inbox@example.com' }, headers: { 'x-forwarded-for': '203.0.113.77' } }));
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy of ours set it', async () => {
    const app = await open();
    for (let n = 1; n <= LIMIT; n += 1) {
      await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' }, headers: { 'x-forwarded-for': `192.0.2.${n}` } });
    }
    expect((await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' }, headers: { 'x-forwarded-for': '192.0.2.200' } })).status).toBe(429);
  });

  it('opens again once the window has passed', async () => {
    const app = await open({ settings: { authRateWindowMs: 300 } });
    for (let i = 0; i < LIMIT; i += 1) await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' } });
    const limited = await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' } });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe(messages.tooManyAttempts(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' } })).status).toBe(401);
  });
});
