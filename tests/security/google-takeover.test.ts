import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOidcIssuer, type FakeOidcIssuer } from '#adapters/identity/fake-oidc-issuer.ts';
import { createGoogleOidc } from '#adapters/identity/google-oidc.ts';
import { ORIGIN } from '#http/test-support.ts';
import { openSecurityApp, type SecurityApp } from './harness.ts';

/**
 * A stranger signs up with the owner's address and a password (never verified); the owner then
 * uses "Continue with Google". The owner gets the account; the stranger's session and password
 * stop working (docs/decisions/014-google-takes-over-unverified-accounts.md).
 */
const CLIENT = { clientId: 'bulkhead-security-client', clientSecret: 'bulkhead-security-secret' };
const VICTIM = 'victim@example.com';
let issuer: FakeOidcIssuer;
let app: SecurityApp;

beforeAll(async () => {
  issuer = await startFakeOidcIssuer(CLIENT);
  issuer.signInAs({ sub: 'google-victim', email: VICTIM, emailVerified: true, name: 'Victim' });
  app = await openSecurityApp({
    google: createGoogleOidc({ ...CLIENT, redirectUri: `${ORIGIN}/api/auth/google/callback`, issuer: issuer.issuer }),
  });
});
afterAll(async () => {
  await app.close();
  await issuer.close();
});

const cookieNamed = (headers: Headers, name: string) => headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

/** The whole redirect dance through the local issuer; returns the session token Google sign-in set. */
const continueWithGoogle = async (): Promise<string> => {
  const started = await app.call('GET', '/api/auth/google');
  const attempt = cookieNamed(started.headers, 'google_oidc')!.split(';')[0]!;
  const authorized = await fetch(started.headers.get('location')!, { redirect: 'manual' });
  const back = new URL(authorized.headers.get('location')!);
  const finished = await app.call('GET', `${back.pathname}${back.search}`, { headers: { cookie: attempt } });
  expect(finished.status).toBe(302);
  const session = /^session=([^;]+)/.exec(cookieNamed(finished.headers, 'session') ?? '')?.[1];
  expect(session).toBeDefined();
  return session!;
};

describe('Google sign-in and an unverified password account with the same address', () => {
  it('gives the owner the account and ends the stranger\'s session and password', async () => {
    const stranger = await app.signUp({ email: VICTIM, password: 'strangers-pass', verified: false });
    expect(stranger.user.emailVerified).toBe(false);
    expect((await app.call('GET', '/api/me', { token: stranger.token })).status).toBe(200);

    const owner = await continueWithGoogle();
    const me = await app.call('GET', '/api/me', { token: owner });
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ id: stranger.user.id, email: VICTIM, emailVerified: true });

    expect((await app.call('GET', '/api/me', { token: stranger.token })).status).toBe(401);
    const signIn = await app.call('POST', '/api/auth/sign-in', { body: { email: VICTIM, password: 'strangers-pass' } });
    expect(signIn.status).toBe(401);
    // The owner's own session is the one that works, and a second Google sign-in keeps it so.
    const again = await continueWithGoogle();
    expect((await app.call('GET', '/api/me', { token: owner })).status).toBe(200);
    expect((await app.call('GET', '/api/me', { token: again })).status).toBe(200);
  });
});
