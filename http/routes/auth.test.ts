import { describe, expect, it } from 'vitest';
import { messages } from '#http/messages.ts';
import { createTestApp, expectError } from '../test-support.ts';

const sessionCookieOf = (headers: Headers): string => headers.get('set-cookie') ?? '';

describe('sign-up, sign-in, me, sign-out', () => {
  it('signs up with 201, a token and an HttpOnly SameSite=Lax session cookie', async () => {
    const { call } = createTestApp();
    const response = await call('POST', '/api/auth/sign-up', {
      body: { name: 'Ada', email: 'Ada@Example.com ', password: 'secret-1' },
    });
    expect(response.status).toBe(201);
    expect(response.json.user).toMatchObject({ email: 'ada@example.com', name: 'Ada', role: 'customer', emailVerified: false });
    expect(response.json.user).not.toHaveProperty('passwordHash');
    expect(response.json.user).not.toHaveProperty('sessionVersion');
    expect(typeof response.json.token).toBe('string');
    const cookie = sessionCookieOf(response.headers);
    expect(cookie).toContain(`session=${response.json.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const { call } = createTestApp({ settings: { secure: true, publicUrl: new URL('https://shop.example.com') } });
    const response = await call('POST', '/api/auth/sign-up', { body: { name: 'Ada', email: 'ada@example.com', password: 'secret-1' } });
    expect(sessionCookieOf(response.headers)).toMatch(/Secure/);
  });

  it('refuses a taken e-mail (any case) with 409 EMAIL_TAKEN', async () => {
    const { call, signUp } = createTestApp();
    await signUp({ email: 'taken@example.com' });
    const response = await call('POST', '/api/auth/sign-up', { body: { name: 'B', email: 'TAKEN@example.com', password: 'secret-1' } });
    expect(response.status).toBe(409);
    expect(expectError(response.json)).toMatchObject({ code: 'EMAIL_TAKEN', message: messages.emailTaken });
  });

  it('answers bad sign-up input with 400 and the catalogue message per field', async () => {
    const { call } = createTestApp();
    const response = await call('POST', '/api/auth/sign-up', { body: { name: '', email: 'nope', password: '123' } });
    expect(response.status).toBe(400);
    const error = expectError(response.json);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      name: messages.nameRequired,
      email: messages.emailInvalid,
      password: messages.passwordTooShort,
    });
    const missing = await call('POST', '/api/auth/sign-up', { body: {} });
    expect(expectError(missing.json).fields).toEqual({
      name: messages.nameRequired,
      email: messages.emailRequired,
      password: messages.passwordRequired,
    });
  });

  it('signs in with the right password and refuses a wrong one or an unknown e-mail alike', async () => {
    const { call, signUp } = createTestApp();
    const user = await signUp({ email: 'sam@example.com', password: 'right-pass' });
    const ok = await call('POST', '/api/auth/sign-in', { body: { email: 'SAM@example.com', password: 'right-pass' } });
    expect(ok.status).toBe(200);
    expect(ok.json.user.id).toBe(user.user.id);
    expect(sessionCookieOf(ok.headers)).toContain('session=');

    const wrong = await call('POST', '/api/auth/sign-in', { body: { email: 'sam@example.com', password: 'wrong-pass' } });
    expect(wrong.status).toBe(401);
    expect(expectError(wrong.json)).toEqual({ code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials });
    const unknown = await call('POST', '/api/auth/sign-in', { body: { email: 'nobody@example.com', password: 'wrong-pass' } });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('GET /api/me answers for the Bearer token and for the cookie, 401 without either', async () => {
    const { call, signUp } = createTestApp();
    const user = await signUp({ name: 'Mia' });
    const viaBearer = await call('GET', '/api/me', { token: user.token });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.json).toEqual({ user: user.user, profile: null });
    const viaCookie = await call('GET', '/api/me', { cookie: user.token });
    expect(viaCookie.json.user.id).toBe(user.user.id);

    const anonymous = await call('GET', '/api/me');
    expect(anonymous.status).toBe(401);
    expect(expectError(anonymous.json)).toEqual({ code: 'UNAUTHENTICATED', message: messages.notSignedIn });
    const garbage = await call('GET', '/api/me', { token: 'not-a-token' });
    expect(garbage.status).toBe(401);
    expect(expectError(garbage.json).message).toBe(messages.sessionExpired);
    const emptyBearer = await call('GET', '/api/me', { headers: { authorization: 'Bearer ' } });
    expect(emptyBearer.status).toBe(401);
    // A dead Bearer token is not rescued by a live cookie: the explicit credential decides.
    const deadBearerLiveCookie = await call('GET', '/api/me', { token: 'dead-token', cookie: user.token });
    expect(deadBearerLiveCookie.status).toBe(401);
  });

  it('sign-out ends the session at once, for the cookie and the Bearer token, and clears the cookie', async () => {
    const { call, signUp } = createTestApp();
    const user = await signUp();
    const second = await call('POST', '/api/auth/sign-in', { body: { email: user.email, password: user.password } });
    const out = await call('POST', '/api/auth/sign-out', { cookie: user.token });
    expect(out.status).toBe(204);
    expect(sessionCookieOf(out.headers)).toMatch(/session=;.*Max-Age=0/i);
    expect((await call('GET', '/api/me', { cookie: user.token })).status).toBe(401);
    expect((await call('GET', '/api/me', { token: user.token })).status).toBe(401);
    // Every session of the user ends, not just the one that pressed the button.
    expect((await call('GET', '/api/me', { token: second.json.token })).status).toBe(401);
    // Signing in again gives a working token.
    const again = await call('POST', '/api/auth/sign-in', { body: { email: user.email, password: user.password } });
    expect((await call('GET', '/api/me', { token: again.json.token })).status).toBe(200);
  });

  it('sign-out with a Bearer token works too and needs a session', async () => {
    const { call, signUp } = createTestApp();
    const user = await signUp();
    expect((await call('POST', '/api/auth/sign-out')).status).toBe(401);
    expect((await call('POST', '/api/auth/sign-out', { token: user.token })).status).toBe(204);
    expect((await call('GET', '/api/me', { token: user.token })).status).toBe(401);
  });
});

describe('rate limiting', () => {
  it('limits wrong sign-in attempts per e-mail with 429 and the minutes to wait', async () => {
    const { call, signUp } = createTestApp({ settings: { authRateLimit: 3 } });
    const user = await signUp({ email: 'target@example.com' });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await call('POST', '/api/auth/sign-in', { body: { email: user.email, password: 'wrong-pass' } })).status).toBe(401);
    }
    // Right answers give their slot back: signing in again and again never locks the owner out.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call('POST', '/api/auth/sign-in', { body: { email: user.email, password: user.password } })).status).toBe(200);
    }
    // The third wrong attempt spends the budget; then even the right password is refused.
    expect((await call('POST', '/api/auth/sign-in', { body: { email: user.email, password: 'wrong' } })).status).toBe(401);
    const limited = await call('POST', '/api/auth/sign-in', { body: { email: 'TARGET@example.com', password: user.password } });
    expect(limited.status).toBe(429);
    expect(expectError(limited.json)).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(15) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits accounts made per IP per hour, successful sign-ups included', async () => {
    const { call } = createTestApp({ settings: { signUpRateLimit: 2 } });
    const attempt = (n: number) => call('POST', '/api/auth/sign-up', { body: { name: 'N', email: `n${n}@example.com`, password: 'secret-1' } });
    expect((await attempt(1)).status).toBe(201);
    expect((await attempt(2)).status).toBe(201);
    const limited = await attempt(3);
    expect(limited.status).toBe(429);
    expect(expectError(limited.json)).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyAttempts(60) });
  });

  it('limits refused sign-ups (probing for taken e-mails) by the guessing budget, not successful ones', async () => {
    const { call } = createTestApp({ settings: { authRateLimit: 2 } });
    const attempt = (email: string) => call('POST', '/api/auth/sign-up', { body: { name: 'N', email, password: 'secret-1' } });
    for (let n = 1; n <= 4; n += 1) expect((await attempt(`new${n}@example.com`)).status).toBe(201);
    expect((await attempt('new1@example.com')).status).toBe(409);
    expect((await attempt('new2@example.com')).status).toBe(409);
    expect((await attempt('new5@example.com')).status).toBe(429);
  });

  it('answers a wrong password of any length with 401, not a validation error', async () => {
    const { call, signUp } = createTestApp();
    const user = await signUp();
    for (const password of ['x', 'short', 'a'.repeat(128)]) {
      const response = await call('POST', '/api/auth/sign-in', { body: { email: user.email, password } });
      expect(response.status).toBe(401);
      expect(expectError(response.json).code).toBe('INVALID_CREDENTIALS');
    }
    expect((await call('POST', '/api/auth/sign-in', { body: { email: 'not-an-email', password: 'whatever' } })).status).toBe(401);
    const empty = await call('POST', '/api/auth/sign-in', { body: { email: user.email, password: '' } });
    expect(empty.status).toBe(400);
    expect(expectError(empty.json).fields).toEqual({ password: messages.passwordRequired });
  });

  it('counts per forwarded client address only when TRUST_PROXY is on', async () => {
    const attempt = (call: ReturnType<typeof createTestApp>['call'], n: number, ip: string) =>
      call('POST', '/api/auth/sign-in', {
        body: { email: `p${n}@example.com`, password: 'secret-1' },
        headers: { 'x-forwarded-for': `203.0.113.9, ${ip}` },
      });
    const proxied = createTestApp({ settings: { authRateLimit: 1, trustProxy: true } });
    expect((await attempt(proxied.call, 1, '198.51.100.1')).status).toBe(401);
    expect((await attempt(proxied.call, 2, '198.51.100.2')).status).toBe(401);
    expect((await attempt(proxied.call, 3, '198.51.100.1')).status).toBe(429);
    // Without a trusted proxy the header is the client's word and is ignored.
    const direct = createTestApp({ settings: { authRateLimit: 1 } });
    expect((await attempt(direct.call, 1, '198.51.100.1')).status).toBe(401);
    expect((await attempt(direct.call, 2, '198.51.100.2')).status).toBe(429);
  });

  it('limits sign-in per IP across different e-mails', async () => {
    const { call } = createTestApp({ settings: { authRateLimit: 2 } });
    const attempt = (n: number) => call('POST', '/api/auth/sign-in', { body: { email: `x${n}@example.com`, password: 'secret-1' } });
    expect((await attempt(1)).status).toBe(401);
    expect((await attempt(2)).status).toBe(401);
    expect((await attempt(3)).status).toBe(429);
  });
});
