/**
 * Brute-force brakes: every rate-limited auth route answers 429 with the catalogue message, a
 * Retry-After and RateLimit headers once its budget is spent, refuses before doing any work
 * (nothing written), counts per IP and (sign-in, sign-up, reset) per e-mail, and lets callers in
 * again when the window has passed. Sign-in and sign-up spend the budget only on refusals.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#http/messages.ts';
import type { CallOptions } from '#http/test-support.ts';
import { errorShapeProblem, openSecurityApp, pngForm, stockedProduct, type SecurityApp } from './harness.ts';

const LIMIT = 3;
const WINDOW_MS = 15 * 60 * 1000;

const opened: SecurityApp[] = [];
const open = async (settings: Parameters<typeof openSecurityApp>[0] = {}) => {
  const app = await openSecurityApp({
    ...settings,
    settings: {
      authRateLimit: LIMIT,
      resetRateLimit: LIMIT,
      authRateWindowMs: WINDOW_MS,
      signInDelay: { baseMs: 5, capMs: 20 },
      ...settings.settings,
    },
  });
  opened.push(app);
  return app;
};
afterEach(async () => {
  vi.useRealTimers();
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

  it('stops a guesser where they guess from, and lets the owner in from another address', async () => {
    const app = await open({ settings: { trustProxy: true } });
    const victim = await app.signUp({ email: 'victim@example.com' });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const attempt = (email: string, password: string, ip: string) =>
      app.call('POST', '/api/auth/sign-in', { body: { email, password }, headers: from(ip) });
    // The attacker at address A fills the (victim, A) bucket...
    for (let i = 0; i < LIMIT; i += 1) expect((await attempt(victim.email, 'wrong-pass', '198.51.100.1')).status).toBe(401);
    expectRateLimited(await attempt(' VICTIM@example.com ', 'wrong-pass', '198.51.100.1'));
    // ...and is refused there even with the right password.
    expect((await attempt(victim.email, victim.password, '198.51.100.1')).status).toBe(429);
    // The owner, from address B, with the right password and a differently written e-mail: in.
    expect((await attempt(' VICTIM@example.com ', victim.password, '203.0.113.9')).status).toBe(200);
    // Guesses from yet more addresses are slowed per e-mail, never turned into a lockout.
    for (let n = 2; n <= LIMIT + 1; n += 1) expect((await attempt(victim.email, 'wrong-pass', `198.51.100.${n}`)).status).toBe(401);
    expect((await attempt(victim.email, victim.password, '203.0.113.10')).status).toBe(200);
  });

  it('counts refused sign-ins per address too, whatever e-mails are tried', async () => {
    const app = await open({ settings: { trustProxy: true } });
    const owner = await app.signUp();
    const from = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' }, headers: from })).status).toBe(401);
    }
    expectRateLimited(await app.call('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password }, headers: from }));
    const elsewhere = { 'x-forwarded-for': '198.51.100.8' };
    expect((await app.call('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password }, headers: elsewhere })).status).toBe(200);
  });

  it('lets 12 people of one office sign in at once from one address with the default budget of 10', async () => {
    const app = await open({ settings: { authRateLimit: 10 } });
    const staff = [];
    for (let i = 0; i < 12; i += 1) staff.push(await app.signUp());
    const answers = await Promise.all(
      staff.map((user) => app.call('POST', '/api/auth/sign-in', { body: { email: user.email, password: user.password } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(staff.map(() => 200));
  });

  it('counts IPv6 callers per /64, since one host can use any address in it', async () => {
    const app = await open({ settings: { trustProxy: true } });
    const inNetwork = (host: string) => ({ 'x-forwarded-for': `2001:db8:12:34:${host}` });
    for (let n = 1; n <= LIMIT; n += 1) {
      expect((await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' }, headers: inNetwork(`${n}::${n}`) })).status).toBe(401);
    }
    expectRateLimited(await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' }, headers: inNetwork('ffff:ffff:ffff:ffff') }));
    // The next /64 is someone else.
    const neighbour = { 'x-forwarded-for': '2001:db8:12:35::1' };
    expect((await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' }, headers: neighbour })).status).toBe(401);
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
    // The counters' clocks are faked, so the window passes exactly when the test moves it, with no
    // pause: every brake's memory store (rate-limiter-flexible's) forgets a count by a timeout of
    // the window's length.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const app = await open();
    for (let i = 0; i < LIMIT; i += 1) await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' } });
    const limited = await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' } });
    expectRateLimited(limited);
    expect(limited.json.error.message).toBe(messages.tooManyAttempts(WINDOW_MS / 60_000));
    // A second before the window ends it is still shut, and says how little is left...
    await vi.advanceTimersByTimeAsync(WINDOW_MS - 1000);
    const almost = await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' } });
    expect(almost.status).toBe(429);
    expect(almost.json.error.message).toBe(messages.tooManyAttempts(1));
    expect(almost.headers.get('retry-after')).toBe('1');
    // ...and once it has ended, a caller is heard again (a wrong password: 401, not 429).
    await vi.advanceTimersByTimeAsync(1000);
    expect((await app.call('POST', '/api/auth/sign-in', { body: { email: unique(), password: 'wrong-pass' } })).status).toBe(401);
  });
});

describe('rate limits on what anyone can post', () => {
  const HOURLY = 3;
  const review = { country: 'Norway', rating: 5, comment: 'Good valves', imageUrl: '/uploads/0123456789abcdef0123456789abcdef.png' };
  const POSTS: [string, (n: number) => object][] = [
    ['/api/contact', (n) => ({ name: 'N', email: `c${n}@example.com`, message: 'Hello there' })],
    ['/api/newsletter', (n) => ({ email: `news${n}@example.com` })],
  ];

  it.each(POSTS)('POST %s: 429 per address after the hourly budget, nothing stored', async (path, body) => {
    const app = await open({ settings: { contentRateLimit: HOURLY } });
    for (let n = 0; n < HOURLY; n += 1) expect((await app.call('POST', path, { body: body(n) })).status).toBe(201);
    const before = await app.snapshot();
    const limited = await app.call('POST', path, { body: body(99) });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(60) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-policy')).toBe(`${HOURLY};w=3600`);
    expect(await app.snapshot()).toBe(before);
  });

  it('POST /api/reviews: 429 per account after the hourly budget; another account still posts', async () => {
    const app = await open({ settings: { contentRateLimit: HOURLY } });
    const writer = await app.signUp();
    for (let n = 0; n < HOURLY; n += 1) expect((await app.call('POST', '/api/reviews', { token: writer.token, body: review })).status).toBe(201);
    const before = await app.snapshot();
    const limited = await app.call('POST', '/api/reviews', { token: writer.token, body: review });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(60) });
    expect(await app.snapshot()).toBe(before);
    const other = await app.signUp();
    expect((await app.call('POST', '/api/reviews', { token: other.token, body: review })).status).toBe(201);
  });

  it('POST /api/uploads: 429 per account after the hourly budget, nothing stored; another account still uploads', async () => {
    const app = await open({ settings: { uploadRateLimit: HOURLY } });
    const uploader = await app.signUp();
    for (let n = 0; n < HOURLY; n += 1) expect((await app.call('POST', '/api/uploads', { token: uploader.token, form: pngForm() })).status).toBe(201);
    const before = await app.snapshot();
    const limited = await app.call('POST', '/api/uploads', { token: uploader.token, form: pngForm() });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(60) });
    expect(await app.snapshot()).toBe(before);
    const other = await app.signUp();
    expect((await app.call('POST', '/api/uploads', { token: other.token, form: pngForm() })).status).toBe(201);
  });

  it('POST /api/quotes: 429 per account after the hourly budget, nothing stored and nothing mailed; another account still asks', async () => {
    const app = await open({ settings: { contentRateLimit: HOURLY } });
    const product = await stockedProduct(app);
    const request = { lines: [{ productId: product.id, quantity: 500 }], message: 'x'.repeat(2_000) };
    const buyer = await app.signUp();
    for (let n = 0; n < HOURLY; n += 1) expect((await app.call('POST', '/api/quotes', { token: buyer.token, body: request })).status).toBe(201);
    const before = await app.snapshot();
    const limited = await app.call('POST', '/api/quotes', { token: buyer.token, body: request });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(60) });
    expect(limited.headers.get('ratelimit-policy')).toBe(`${HOURLY};w=3600`);
    // Nothing stored, so nothing queued for the mail outbox either.
    expect(await app.snapshot()).toBe(before);
    const other = await app.signUp();
    expect((await app.call('POST', '/api/quotes', { token: other.token, body: request })).status).toBe(201);
  });

  it('POST /api/company/invitations: 429 per account after the hourly budget, nothing stored and nothing mailed; another manager still invites', async () => {
    const app = await open({ settings: { contentRateLimit: HOURLY } });
    const manager = await app.signUp();
    expect((await app.call('POST', '/api/company', { token: manager.token, body: { name: 'Acme' } })).status).toBe(201);
    const invite = (token: string, n: number) => app.call('POST', '/api/company/invitations', { token, body: { email: `invitee${n}@example.com`, role: 'buyer' } });
    for (let n = 0; n < HOURLY; n += 1) expect((await invite(manager.token, n)).status).toBe(201);
    const before = await app.snapshot();
    const limited = await invite(manager.token, 99);
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(60) });
    expect(limited.headers.get('ratelimit-policy')).toBe(`${HOURLY};w=3600`);
    expect(await app.snapshot()).toBe(before);
    const other = await app.signUp();
    expect((await app.call('POST', '/api/company', { token: other.token, body: { name: 'Other' } })).status).toBe(201);
    expect((await invite(other.token, 100)).status).toBe(201);
  });

  it('POST /api/cart/resolve: 429 per address for callers without a session; a signed-in buyer is not counted', async () => {
    const app = await open({ settings: { resolveRateLimit: HOURLY, resolveRateWindowMs: 60_000, trustProxy: true } });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const list = { text: 'NO-SUCH-SKU-1 100\nNO-SUCH-SKU-2 200' };
    for (let n = 0; n < HOURLY; n += 1) expect((await app.call('POST', '/api/cart/resolve', { body: list, headers: from('198.51.100.20') })).status).toBe(200);
    const limited = await app.call('POST', '/api/cart/resolve', { body: list, headers: from('198.51.100.20') });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(1) });
    expect(limited.headers.get('ratelimit-policy')).toBe(`${HOURLY};w=60`);
    // A token that counts for nothing is no way around it.
    expect((await app.call('POST', '/api/cart/resolve', { body: list, headers: from('198.51.100.20'), token: 'not-a-session' })).status).toBe(429);
    // Another address, and a signed-in buyer at the same one, are read as usual.
    expect((await app.call('POST', '/api/cart/resolve', { body: list, headers: from('198.51.100.21') })).status).toBe(200);
    const buyer = await app.signUp();
    for (let n = 0; n <= HOURLY; n += 1) {
      expect((await app.call('POST', '/api/cart/resolve', { body: list, headers: from('198.51.100.20'), token: buyer.token })).status).toBe(200);
    }
  });

  it('accepts review images the shop serves, never an off-site URL', async () => {
    const app = await open();
    const writer = await app.signUp();
    const before = await app.snapshot();
    for (const imageUrl of ['https://evil.example/pixel.gif', 'http://127.0.0.1:1/x.png', '/uploads/../../etc/passwd', '/uploads/not-ours.png']) {
      const refused = await app.call('POST', '/api/reviews', { token: writer.token, body: { ...review, imageUrl } });
      expect(refused.status, imageUrl).toBe(400);
      expect(refused.json.error.fields).toEqual({ imageUrl: messages.imageNotServedHere });
    }
    expect(await app.snapshot()).toBe(before);
    expect((await app.call('POST', '/api/reviews', { token: writer.token, body: { ...review, imageUrl: '/demo/reviews/ada.svg' } })).status).toBe(201);
    expect((await app.call('POST', '/api/reviews', { token: writer.token, body: review })).status).toBe(201);
  });
});
