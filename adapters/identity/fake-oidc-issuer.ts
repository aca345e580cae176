/**
 * A real, local OpenID Connect issuer for tests: it listens on 127.0.0.1, signs ID tokens with its
 * own RSA key and publishes a discovery document and JWKS, so the Google client is exercised over
 * HTTP exactly as in production. Test-only: it authenticates every /authorize request as the
 * configured user without a login page.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface FakeOidcUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

/** Ways to spoil the next ID token, one per check the client must make. */
export interface IdTokenOverrides {
  audience?: string;
  nonce?: string;
  issuer?: string;
  /** Seconds from now; negative issues an already expired token. */
  expiresInSeconds?: number;
  /** Sign with a key the JWKS does not publish (under the published key id). */
  signWithForeignKey?: boolean;
  email?: string;
  emailVerified?: boolean;
  name?: string | null;
}

export interface FakeOidcIssuer {
  /** e.g. http://127.0.0.1:41234 — also the `iss` of every token it issues. */
  readonly issuer: string;
  /** The identity /authorize signs in (defaults to a verified test user). */
  signInAs(user: FakeOidcUser): void;
  /** Applies to the next ID token issued by /token only. */
  nextToken(overrides: IdTokenOverrides): void;
  /** How many codes /token has exchanged successfully. */
  readonly exchangedCodes: number;
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  user: FakeOidcUser;
  expiresAt: number;
}

const CODE_TTL_MS = 60_000;
const KEY_ID = 'fake-oidc-key-1';

export const DEFAULT_FAKE_USER: FakeOidcUser = {
  sub: '1234567890',
  email: 'google.user@example.com',
  emailVerified: true,
  name: 'Google User',
};

const base64urlSha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
  sendJson(res, status, { error, error_description: description });

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/** client_secret_basic (Authorization header) or client_secret_post (form fields), as Google allows. */
const clientCredentials = (req: IncomingMessage, form: URLSearchParams) => {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString();
    const colon = decoded.indexOf(':');
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') };
};

export async function startFakeOidcIssuer(options: { clientId: string; clientSecret: string }): Promise<FakeOidcIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  let user = DEFAULT_FAKE_USER;
  let overrides: IdTokenOverrides = {};
  let exchangedCodes = 0;
  let issuer = '';

  const discovery = () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    code_challenge_methods_supported: ['S256'],
    grant_types_supported: ['authorization_code'],
  });

  const authorize = (url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    // Never redirect to an unchecked URI: errors before it is known are shown here, as Google does.
    if (q.get('client_id') !== options.clientId) return oauthError(res, 400, 'invalid_client', 'unknown client_id');
    if (!redirectUri || !URL.canParse(redirectUri)) return oauthError(res, 400, 'invalid_request', 'redirect_uri missing');
    if (q.get('response_type') !== 'code') return oauthError(res, 400, 'unsupported_response_type', 'only code');
    if (!q.get('scope')?.split(' ').includes('openid')) return oauthError(res, 400, 'invalid_scope', 'openid scope required');
    const codeChallenge = q.get('code_challenge');
    if (!codeChallenge || q.get('code_challenge_method') !== 'S256') {
      return oauthError(res, 400, 'invalid_request', 'PKCE with S256 required');
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      clientId: options.clientId,
      redirectUri,
      codeChallenge,
      nonce: q.get('nonce') ?? undefined,
      user,
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const signIdToken = async (pending: PendingCode) => {
    const spoil = overrides;
    overrides = {};
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = spoil.expiresInSeconds ?? 3600;
    const nonce = 'nonce' in spoil ? spoil.nonce : pending.nonce;
    return new SignJWT({
      email: spoil.email ?? pending.user.email,
      email_verified: spoil.emailVerified ?? pending.user.emailVerified,
      name: 'name' in spoil ? spoil.name : pending.user.name,
      ...(nonce === undefined ? {} : { nonce }),
      azp: pending.clientId,
    })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(spoil.issuer ?? issuer)
      .setSubject(pending.user.sub)
      .setAudience(spoil.audience ?? pending.clientId)
      // An expired token must also look issued in the past, or the iat itself would be odd.
      .setIssuedAt(Math.min(now, now + expiresIn - 60))
      .setExpirationTime(now + expiresIn)
      .sign(spoil.signWithForeignKey ? foreign.privateKey : privateKey);
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return oauthError(res, 400, 'invalid_request', 'form body required');
    }
    const form = new URLSearchParams(await readBody(req));
    const client = clientCredentials(req, form);
    if (client.id !== options.clientId || client.secret !== options.clientSecret) {
      return oauthError(res, 401, 'invalid_client', 'client authentication failed');
    }
    if (form.get('grant_type') !== 'authorization_code') return oauthError(res, 400, 'unsupported_grant_type', 'only authorization_code');
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    // A code is single-use: it is spent even when the rest of the request is wrong.
    codes.delete(code);
    if (!pending || pending.expiresAt < Date.now()) return oauthError(res, 400, 'invalid_grant', 'unknown or expired code');
    if (form.get('redirect_uri') !== pending.redirectUri) return oauthError(res, 400, 'invalid_grant', 'redirect_uri mismatch');
    const verifier = form.get('code_verifier');
    if (!verifier || base64urlSha256(verifier) !== pending.codeChallenge) {
      return oauthError(res, 400, 'invalid_grant', 'PKCE verification failed');
    }
    exchangedCodes += 1;
    sendJson(res, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid email profile',
      id_token: await signIdToken(pending),
    });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (route === 'GET /.well-known/openid-configuration') return sendJson(res, 200, discovery());
      if (route === 'GET /jwks') return sendJson(res, 200, { keys: [publicJwk] });
      if (route === 'GET /authorize') return authorize(url, res);
      if (route === 'POST /token') return token(req, res);
      return oauthError(res, 404, 'not_found', route);
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) oauthError(res, 500, 'server_error', String(error));
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    signInAs: (next) => void (user = next),
    nextToken: (next) => void (overrides = next),
    get exchangedCodes() {
      return exchangedCodes;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
