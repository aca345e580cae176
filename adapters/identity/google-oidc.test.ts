import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInWithGoogle } from '#domain/identity/google-sign-in.ts';
import type { Ports } from '#domain/ports.ts';
import { DEFAULT_FAKE_USER, startFakeOidcIssuer, type FakeOidcIssuer } from './fake-oidc-issuer.ts';
import { createGoogleOidc, type GoogleOidc } from './google-oidc.ts';

const clientId = 'bulkhead-test-client.apps.googleusercontent.com';
const clientSecret = 'test-client-secret';
const redirectUri = 'http://localhost:3000/api/auth/google/callback';

let issuer: FakeOidcIssuer;
let oidc: GoogleOidc;

beforeAll(async () => {
  issuer = await startFakeOidcIssuer({ clientId, clientSecret });
});
afterAll(() => issuer.close());
beforeEach(() => {
  issuer.signInAs(DEFAULT_FAKE_USER);
  oidc = createGoogleOidc({ clientId, clientSecret, redirectUri, issuer: issuer.issuer });
});

/** What a browser does: follow the authorization URL and come back to our callback with a code. */
const authorize = async (client: GoogleOidc = oidc) => {
  const started = await client.start();
  const response = await fetch(started.url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const callback = new URL(response.headers.get('location') ?? '');
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  expect(callback.searchParams.get('state')).toBe(started.state);
  const code = callback.searchParams.get('code');
  expect(code).toBeTruthy();
  return { ...started, code: code ?? '' };
};

const signIn = async () => {
  const { code, codeVerifier, nonce } = await authorize();
  return oidc.finish({ code, codeVerifier, nonce });
};

const expectRefused = (result: Awaited<ReturnType<GoogleOidc['finish']>>, reason: RegExp) => {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error).toMatch(reason);
};

describe('Google OIDC client against a local issuer', () => {
  it('completes the whole flow and returns the verified identity', async () => {
    expect(await signIn()).toEqual({
      ok: true,
      value: { email: 'google.user@example.com', emailVerified: true, name: 'Google User' },
    });
    expect(issuer.exchangedCodes).toBeGreaterThan(0);
  });

  it('returns whichever user the issuer signed in', async () => {
    issuer.signInAs({ sub: '42', email: 'Ada@Example.com', emailVerified: true, name: null });
    expect(await signIn()).toEqual({ ok: true, value: { email: 'Ada@Example.com', emailVerified: true, name: null } });
  });

  it('builds an authorization URL with PKCE S256, state, nonce and fresh secrets each time', async () => {
    const first = await oidc.start();
    const second = await oidc.start();
    const url = new URL(first.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state: first.state,
      nonce: first.nonce,
      code_challenge: createHash('sha256').update(first.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    expect(first.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(new Set([first.state, first.nonce, first.codeVerifier]).size).toBe(3);
    expect(second.state).not.toBe(first.state);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.codeVerifier).not.toBe(first.codeVerifier);
  });

  it('refuses an ID token issued for another audience', async () => {
    issuer.nextToken({ audience: 'someone-else.apps.googleusercontent.com' });
    expectRefused(await signIn(), /aud/);
  });

  it('refuses an ID token whose nonce is not the one of this sign-in', async () => {
    issuer.nextToken({ nonce: 'a-nonce-from-another-browser' });
    expectRefused(await signIn(), /nonce/);
  });

  it('refuses an ID token without a nonce', async () => {
    issuer.nextToken({ nonce: undefined });
    expectRefused(await signIn(), /nonce/);
  });

  it('refuses when the caller presents another sign-in attempt’s nonce', async () => {
    const { code, codeVerifier } = await authorize();
    expectRefused(await oidc.finish({ code, codeVerifier, nonce: 'not-the-nonce-we-sent' }), /nonce/);
  });

  it('refuses an expired ID token', async () => {
    issuer.nextToken({ expiresInSeconds: -3600 });
    expectRefused(await signIn(), /exp/);
  });

  it('refuses an ID token signed with a key the issuer does not publish', async () => {
    issuer.nextToken({ signWithForeignKey: true });
    expectRefused(await signIn(), /signature/);
  });

  it('refuses an ID token from another issuer', async () => {
    issuer.nextToken({ issuer: 'https://evil.example.com' });
    expectRefused(await signIn(), /iss/);
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const { code, nonce } = await authorize();
    const wrongVerifier = 'x'.repeat(43);
    expectRefused(await oidc.finish({ code, codeVerifier: wrongVerifier, nonce }), /invalid_grant/);
  });

  it('refuses to exchange the same code twice', async () => {
    const { code, codeVerifier, nonce } = await authorize();
    expect((await oidc.finish({ code, codeVerifier, nonce })).ok).toBe(true);
    expectRefused(await oidc.finish({ code, codeVerifier, nonce }), /invalid_grant/);
  });

  it('refuses when our client secret is wrong', async () => {
    const wrongSecret = createGoogleOidc({ clientId, clientSecret: 'wrong', redirectUri, issuer: issuer.issuer });
    const { code, codeVerifier, nonce } = await authorize(wrongSecret);
    expectRefused(await wrongSecret.finish({ code, codeVerifier, nonce }), /invalid_client/);
  });

  it('reports an unverified Google e-mail, which the sign-in use case then refuses', async () => {
    issuer.nextToken({ emailVerified: false });
    const result = await signIn();
    expect(result).toEqual({ ok: true, value: { email: 'google.user@example.com', emailVerified: false, name: 'Google User' } });
    // The use case must refuse before touching any account, so a store that throws proves it.
    const untouchable = new Proxy({}, { get: () => { throw new Error('store touched'); } });
    const deps = { store: untouchable, clock: { now: () => new Date() }, ids: { newId: () => 'id' } } as unknown as Pick<Ports, 'store' | 'clock' | 'ids'>;
    if (!result.ok) throw new Error('expected an identity');
    const outcome = await signInWithGoogle(deps, result.value);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toEqual({ code: 'INVALID_CREDENTIALS', reason: 'google-email-unverified' });
  });

  it('refuses malformed callback input without calling the issuer', async () => {
    const before = issuer.exchangedCodes;
    const { codeVerifier, nonce } = await oidc.start();
    expectRefused(await oidc.finish({ code: '', codeVerifier, nonce }), /code/);
    expectRefused(await oidc.finish({ code: 'abc', codeVerifier: 'short', nonce }), /verifier/);
    expectRefused(await oidc.finish({ code: 'abc', codeVerifier, nonce: '' }), /nonce/);
    expect(issuer.exchangedCodes).toBe(before);
  });

  it('reads the discovery document once and caches it', async () => {
    const requested: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      requested.push(new URL(input instanceof Request ? input.url : input).pathname);
      return fetch(input, init);
    };
    const client = createGoogleOidc({ clientId, clientSecret, redirectUri, issuer: issuer.issuer, fetch: countingFetch });
    const { code, codeVerifier, nonce } = await authorize(client);
    await client.start();
    expect((await client.finish({ code, codeVerifier, nonce })).ok).toBe(true);
    expect(requested.filter((path) => path === '/.well-known/openid-configuration')).toHaveLength(1);
    expect(requested).toContain('/token');
    expect(requested).toContain('/jwks');
  });

  it('rejects start and refuses finish (without throwing) when the issuer is unreachable', async () => {
    const gone = await startFakeOidcIssuer({ clientId, clientSecret });
    await gone.close();
    const client = createGoogleOidc({ clientId, clientSecret, redirectUri, issuer: gone.issuer });
    await expect(client.start()).rejects.toThrow();
    expectRefused(await client.finish({ code: 'abc', codeVerifier: 'v'.repeat(43), nonce: 'n' }), /failed/);
  });
});

describe('local OIDC issuer', () => {
  it('publishes a discovery document and its signing key', async () => {
    const doc = (await (await fetch(`${issuer.issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
    expect(doc).toMatchObject({ issuer: issuer.issuer, jwks_uri: `${issuer.issuer}/jwks`, code_challenge_methods_supported: ['S256'] });
    const jwks = (await (await fetch(doc.jwks_uri)).json()) as { keys: object[] };
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' })]);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('refuses an authorization request without PKCE or from an unknown client', async () => {
    const started = new URL((await oidc.start()).url);
    const withoutPkce = new URL(started);
    withoutPkce.searchParams.delete('code_challenge');
    expect((await fetch(withoutPkce, { redirect: 'manual' })).status).toBe(400);
    const unknownClient = new URL(started);
    unknownClient.searchParams.set('client_id', 'intruder');
    expect((await fetch(unknownClient, { redirect: 'manual' })).status).toBe(400);
  });
});
