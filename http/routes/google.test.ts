import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidcIssuer, type FakeOidcIssuer, type IdTokenOverrides } from '#adapters/identity/fake-oidc-issuer.ts';
import { createGoogleOidc } from '#adapters/identity/google-oidc.ts';
import { messages } from '#http/messages.ts';
import { GOOGLE_SIGNED_IN_COOKIE } from '#domain/identity/google-sign-in.ts';
import { createTestApp, expectError, ORIGIN } from '../test-support.ts';

const CLIENT = { clientId: 'bulkhead-test-client', clientSecret: 'bulkhead-test-secret' };
let issuer: FakeOidcIssuer;

beforeAll(async () => {
  issuer = await startFakeOidcIssuer(CLIENT);
});
afterAll(() => issuer.close());

let now = Date.now();
const appWithGoogle = () => {
  now = Date.now();
  const google = createGoogleOidc({ ...CLIENT, redirectUri: `${ORIGIN}/api/auth/google/callback`, issuer: issuer.issuer });
  return createTestApp({ google, clock: { now: () => new Date(now) } });
};

const cookieNamed = (headers: Headers, name: string) =>
  headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

/** Start at our endpoint, let the issuer authorize, and come back with its code and state. */
const goToGoogle = async (context: ReturnType<typeof appWithGoogle>, returnTo: string | null = '/orders') => {
  const started = await context.call('GET', returnTo === null ? '/api/auth/google' : `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`);
  expect(started.status).toBe(302);
  const attemptCookie = cookieNamed(started.headers, 'google_oidc');
  expect(attemptCookie).toBeDefined();
  const authorize = await fetch(started.headers.get('location')!, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${ORIGIN}/api/auth/google/callback`);
  return { started, attemptCookie: attemptCookie!, callback: `${back.pathname}${back.search}`, back };
};

const comeBack = (context: ReturnType<typeof appWithGoogle>, path: string, attemptCookie?: string) =>
  context.call('GET', path, attemptCookie ? { headers: { cookie: attemptCookie.split(';')[0]! } } : {});

const sessionOf = (headers: Headers) => /^session=([^;]+)/.exec(cookieNamed(headers, 'session') ?? '')?.[1] ?? null;

describe('Google sign-in against a local OIDC issuer', () => {
  it('signs in end to end and returns to the page the user came from', async () => {
    const context = appWithGoogle();
    const { started, attemptCookie, callback } = await goToGoogle(context, '/product/42?tab=reviews');
    const authorizeUrl = new URL(started.headers.get('location')!);
    expect(authorizeUrl.origin).toBe(issuer.issuer);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(attemptCookie).toMatch(/HttpOnly/i);
    expect(attemptCookie).toMatch(/SameSite=Lax/i);
    expect(attemptCookie).toMatch(/Max-Age=600/);
    expect(attemptCookie).toMatch(/Path=\/api\/auth\/google/);

    const finished = await comeBack(context, callback, attemptCookie);
    expect(finished.status).toBe(302);
    expect(finished.headers.get('location')).toBe('/product/42?tab=reviews');
    const session = sessionOf(finished.headers);
    expect(session).not.toBeNull();
    expect(cookieNamed(finished.headers, 'google_oidc')).toMatch(/Max-Age=0/);
    // The page it lands on greets from this readable one-minute cookie.
    const greeting = cookieNamed(finished.headers, GOOGLE_SIGNED_IN_COOKIE);
    expect(greeting).toMatch(/^signed_in_with_google=1;/);
    expect(greeting).toMatch(/Max-Age=60/);
    expect(greeting).not.toMatch(/HttpOnly/);

    const me = await context.call('GET', '/api/me', { token: session! });
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ email: 'google.user@example.com', name: 'Google User', emailVerified: true, role: 'customer' });
  });

  it('links an existing password account with the same e-mail and marks it verified', async () => {
    const context = appWithGoogle();
    const existing = await context.signUp({ email: 'google.user@example.com' });
    const { attemptCookie, callback } = await goToGoogle(context);
    const finished = await comeBack(context, callback, attemptCookie);
    const me = await context.call('GET', '/api/me', { token: sessionOf(finished.headers)! });
    expect(me.json.user).toMatchObject({ id: existing.user.id, emailVerified: true });
  });

  it('without a returnTo lands an admin on the dashboard and a buyer on the home page, as a password sign-in does', async () => {
    const asAdmin = appWithGoogle();
    const existing = await asAdmin.signUp({ email: 'google.user@example.com' });
    await asAdmin.store.users.setRole(existing.user.id, 'admin');
    const admin = await goToGoogle(asAdmin, null);
    expect((await comeBack(asAdmin, admin.callback, admin.attemptCookie)).headers.get('location')).toBe('/dashboard');
    // An admin who asked for a page gets that page.
    const asked = await goToGoogle(asAdmin, '/dashboard/allOrders');
    expect((await comeBack(asAdmin, asked.callback, asked.attemptCookie)).headers.get('location')).toBe('/dashboard/allOrders');

    const asBuyer = appWithGoogle();
    const buyer = await goToGoogle(asBuyer, null);
    expect((await comeBack(asBuyer, buyer.callback, buyer.attemptCookie)).headers.get('location')).toBe('/');
  });

  it('accepts only same-site paths as returnTo', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const context = appWithGoogle();
      const { attemptCookie, callback } = await goToGoogle(context, returnTo);
      const finished = await comeBack(context, callback, attemptCookie);
      expect(finished.headers.get('location')).toBe('/');
    }
  });

  it('refuses a state that does not match the cookie, before exchanging the code', async () => {
    const context = appWithGoogle();
    const { attemptCookie, back } = await goToGoogle(context);
    back.searchParams.set('state', 'forged-state');
    const exchangedBefore = issuer.exchangedCodes;
    const refused = await comeBack(context, `${back.pathname}${back.search}`, attemptCookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/login?error=google');
    expect(sessionOf(refused.headers)).toBeNull();
    expect(cookieNamed(refused.headers, GOOGLE_SIGNED_IN_COOKIE)).toBeUndefined();
    expect(issuer.exchangedCodes).toBe(exchangedBefore);
  });

  it('refuses a callback without the attempt cookie, with a forged one, or after 10 minutes', async () => {
    const context = appWithGoogle();
    const { attemptCookie, callback } = await goToGoogle(context);
    const bare = await comeBack(context, callback);
    expect(bare.headers.get('location')).toBe('/login?error=google');
    const forged = await comeBack(context, callback, attemptCookie.replace(/=([^.;]+)/, '=e30'));
    expect(forged.headers.get('location')).toBe('/login?error=google');

    const late = await goToGoogle(context);
    now += 11 * 60 * 1000;
    const refused = await comeBack(context, late.callback, late.attemptCookie);
    expect(refused.headers.get('location')).toBe('/login?error=google');
    expect(sessionOf(refused.headers)).toBeNull();
  });

  const spoiled: [string, IdTokenOverrides][] = [
    ['a wrong audience', { audience: 'someone-else' }],
    ['a wrong nonce', { nonce: 'another-nonce' }],
    ['an expired token', { expiresInSeconds: -600 }],
    ['a foreign signature', { signWithForeignKey: true }],
    ['an unverified e-mail', { emailVerified: false }],
  ];
  it.each(spoiled)('refuses an ID token with %s: back to the login page with no session', async (_, overrides) => {
    const context = appWithGoogle();
    const { attemptCookie, callback } = await goToGoogle(context);
    issuer.nextToken(overrides);
    const refused = await comeBack(context, callback, attemptCookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/login?error=google');
    expect(sessionOf(refused.headers)).toBeNull();
    expect((await context.store.users.findByEmail('google.user@example.com'))?.emailVerified ?? false).toBe(false);
  });

  it('says on GET /api/auth/google/status whether Google sign-in is offered', async () => {
    expect((await createTestApp().call('GET', '/api/auth/google/status')).json).toEqual({ configured: false });
    expect((await appWithGoogle().call('GET', '/api/auth/google/status')).json).toEqual({ configured: true });
  });

  it('answers 503 GOOGLE_NOT_CONFIGURED (JSON) without client credentials', async () => {
    const { call } = createTestApp();
    for (const path of ['/api/auth/google?returnTo=/', '/api/auth/google/callback?code=x&state=y']) {
      const response = await call('GET', path);
      expect(response.status).toBe(503);
      expect(expectError(response.json)).toEqual({ code: 'GOOGLE_NOT_CONFIGURED', message: messages.googleNotConfigured });
    }
  });

  it('sends the user back to the login page when the issuer cannot be reached', async () => {
    const google = createGoogleOidc({ ...CLIENT, redirectUri: `${ORIGIN}/api/auth/google/callback`, issuer: 'http://127.0.0.1:9' });
    const { call } = createTestApp({ google });
    const response = await call('GET', '/api/auth/google');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?error=google');
  });
});
