/**
 * Google sign-in by the OpenID Connect authorization-code flow with PKCE (S256), state and nonce.
 * The ID token comes straight from the token endpoint over TLS, yet we still verify it fully with
 * jose (signature from the issuer's JWKS, issuer, audience, expiry, nonce): the code could have been
 * injected into our callback, and the nonce binds the token to this browser's sign-in attempt.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import type { GoogleIdentity, GoogleSignIn } from '#domain/identity/google-identity.ts';
import { fail, ok } from '#domain/shared/result.ts';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Google's tokens may carry the issuer without the scheme (documented by Google). */
const GOOGLE_ISSUER_ALIASES = ['accounts.google.com'];
const HTTP_TIMEOUT_MS = 10_000;
/** Tolerates small clock skew between us and the issuer when checking exp/iat. */
const CLOCK_TOLERANCE_SECONDS = 30;

export interface GoogleOidcOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  issuer?: string;
  fetch?: typeof fetch;
}

/** The Google sign-in port (domain/identity/google-sign-in.ts), made with Google's OIDC endpoints. */
export type GoogleOidc = GoogleSignIn;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const randomToken = () => randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
/** RFC 7636: 43-128 characters from the unreserved set. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol);

const parseDiscovery = (body: unknown, expectedIssuer: string): Discovery => {
  const doc = (body ?? {}) as Record<string, unknown>;
  // OIDC Discovery §4.3: the document's issuer must be exactly the one we asked.
  if (doc.issuer !== expectedIssuer) throw new Error(`discovery issuer ${String(doc.issuer)} is not ${expectedIssuer}`);
  const url = (field: 'authorization_endpoint' | 'token_endpoint' | 'jwks_uri'): string => {
    const value = doc[field];
    if (!isHttpUrl(value)) throw new Error(`discovery document lacks a valid ${field}`);
    return value;
  };
  return { issuer: expectedIssuer, authorization_endpoint: url('authorization_endpoint'), token_endpoint: url('token_endpoint'), jwks_uri: url('jwks_uri') };
};

const identityFrom = (payload: JWTPayload): GoogleIdentity | null => {
  const { email, email_verified: verified, name } = payload;
  if (typeof email !== 'string' || !email.includes('@')) return null;
  return {
    email,
    // Older Google tokens encoded the flag as the string "true".
    emailVerified: verified === true || verified === 'true',
    name: typeof name === 'string' && name.trim() !== '' ? name.trim() : null,
  };
};

export function createGoogleOidc(options: GoogleOidcOptions): GoogleOidc {
  const { clientId, clientSecret, redirectUri } = options;
  const issuer = (options.issuer ?? GOOGLE_ISSUER).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const acceptedIssuers = issuer === GOOGLE_ISSUER ? [issuer, ...GOOGLE_ISSUER_ALIASES] : [issuer];

  // Discovery is read once; a failed read is forgotten so the next sign-in tries again.
  let discovery: Promise<{ doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }> | null = null;
  const discover = () => {
    discovery ??= (async () => {
      const response = await fetchImpl(`${issuer}/.well-known/openid-configuration`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`discovery document: HTTP ${response.status}`);
      const doc = parseDiscovery(await response.json(), issuer);
      const jwks = createRemoteJWKSet(new URL(doc.jwks_uri), { [customFetch]: fetchImpl });
      return { doc, jwks };
    })().catch((error: unknown) => {
      discovery = null;
      throw error;
    });
    return discovery;
  };

  const exchangeCode = async (tokenEndpoint: string, code: string, codeVerifier: string) => {
    const response = await fetchImpl(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
        client_id: clientId,
        client_secret: clientSecret,
      }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      return fail(`token exchange refused (HTTP ${response.status}: ${String(body.error ?? 'no error code')})`);
    }
    return typeof body.id_token === 'string'
      ? ok(body.id_token)
      : fail('token response has no id_token');
  };

  return {
    async start() {
      const { doc } = await discover();
      const state = randomToken();
      const nonce = randomToken();
      const codeVerifier = randomToken();
      const url = new URL(doc.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: s256(codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      }).toString();
      return { url: url.toString(), state, nonce, codeVerifier };
    },

    async finish({ code, codeVerifier, nonce }) {
      if (typeof code !== 'string' || code === '' || code.length > 2048) return fail('missing or malformed code');
      if (typeof codeVerifier !== 'string' || !CODE_VERIFIER.test(codeVerifier)) return fail('malformed code verifier');
      if (typeof nonce !== 'string' || nonce === '') return fail('missing nonce');
      try {
        const { doc, jwks } = await discover();
        const exchanged = await exchangeCode(doc.token_endpoint, code, codeVerifier);
        if (!exchanged.ok) return exchanged;
        const { payload } = await jwtVerify(exchanged.value, jwks, {
          algorithms: ['RS256'],
          issuer: acceptedIssuers,
          audience: clientId,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        if (payload.nonce !== nonce) return fail('ID token nonce does not match this sign-in');
        // With several audiences the authorized party must be us (OIDC Core §3.1.3.7).
        if (payload.azp !== undefined && payload.azp !== clientId) return fail('ID token issued to another party');
        const identity = identityFrom(payload);
        return identity ? ok(identity) : fail('ID token has no e-mail address');
      } catch (error) {
        const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        return fail(`Google sign-in failed (${detail})`);
      }
    },
  };
}
