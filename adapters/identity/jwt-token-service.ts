import { LRUCache } from 'lru-cache';
import { jwtVerify, SignJWT } from 'jose';
import type { SessionClaims, TokenService } from '#domain/identity/token-service.ts';
import type { Clock } from '#domain/shared/clock.ts';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'bulkhead';
/**
 * Tokens whose signature and claims were checked, kept with their expiry: checking the same
 * bytes again would give the same answer until then. Bounded; least recently used forgotten.
 */
export const VERIFIED_TOKENS = 10_000;
const AUDIENCE = 'bulkhead-session';

export interface JwtTokenServiceOptions {
  /** At least 32 characters (256 bits of HS256 key material when random). */
  secret: string;
  ttlSeconds?: number;
  clock?: Clock;
}

export interface JwtTokenService extends TokenService {
  /** How long an issued token lives; the session cookie's Max-Age matches it. */
  readonly ttlSeconds: number;
}

/**
 * Session tokens: HS256 JWTs with `sub` (user id) and `sv` (session version). Verification pins
 * the algorithm, issuer and audience, so `alg: none`, other algorithms and tokens minted for
 * another purpose are all refused.
 */
export const createJwtTokenService = ({
  secret,
  ttlSeconds = SESSION_TTL_SECONDS,
  clock = { now: () => new Date() },
}: JwtTokenServiceOptions): JwtTokenService => {
  if (secret.length < 32) throw new Error('The JWT secret must be at least 32 characters long');
  // Imported once: given the raw bytes, jose imports the key again for every token it checks.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  // The signature is checked once per token, not per request (jose's check is the costliest step
  // of a signed-in read). Only the token's own claims are kept: whether its session still holds
  // (sign-out, password reset, role change, deletion) is the caller's check against the user's
  // current session version on every request (authenticate.ts), so revocation is as immediate as before.
  const verified = new LRUCache<string, { claims: SessionClaims; expiresAtMs: number }>({ max: VERIFIED_TOKENS });

  return {
    ttlSeconds,
    issue: async ({ userId, sessionVersion }: SessionClaims) => {
      const issuedAt = nowSeconds();
      return new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(await key);
    },

    async verify(token: string) {
      const known = verified.get(token);
      if (known) return known.expiresAtMs > clock.now().getTime() ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'sv'],
        });
        const { sub, sv, exp } = payload;
        if (typeof sub !== 'string' || sub === '' || typeof sv !== 'number' || !Number.isSafeInteger(sv) || typeof exp !== 'number') return null;
        const claims = { userId: sub, sessionVersion: sv };
        verified.set(token, { claims, expiresAtMs: exp * 1000 });
        return claims;
      } catch {
        // Bad signature, expired, malformed, wrong algorithm: all simply "not a session".
        return null;
      }
    },
  };
};
