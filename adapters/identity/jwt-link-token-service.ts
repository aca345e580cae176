import { createHash, createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { fail, ok } from '#domain/shared/result.ts';
import type { LinkCheck, LinkClaims, LinkPurpose, LinkTokenService } from '#domain/identity/link-token-service.ts';
import type { Clock } from '#domain/shared/clock.ts';

const ISSUER = 'bulkhead';
/**
 * One audience per purpose: a verify-email token can never be replayed as a reset-password token,
 * and neither matches the session audience ('bulkhead-session'), so the same secret may safely
 * sign sessions and links.
 */
const audienceFor = (purpose: LinkPurpose) => `bulkhead-link:${purpose}`;

export interface JwtLinkTokenServiceOptions {
  /** At least 32 characters (256 bits of HS256 key material when random). */
  secret: string;
  clock?: Clock;
}

/** E-mailed link tokens: HS256 JWTs carrying `sub` (user id), `sv` (session version) and `purpose`. */
export const createJwtLinkTokenService = ({
  secret,
  clock = { now: () => new Date() },
}: JwtLinkTokenServiceOptions): LinkTokenService => {
  if (secret.length < 32) throw new Error('The link token secret must be at least 32 characters long');
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  return {
    issue({ purpose, userId, version }: LinkClaims, ttlSeconds: number) {
      if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) throw new Error('ttlSeconds must be a positive integer');
      const issuedAt = nowSeconds();
      return new SignJWT({ sv: version, purpose })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(audienceFor(purpose))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },

    async verify(token: string, purpose: LinkPurpose): Promise<LinkCheck> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: audienceFor(purpose),
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'sv', 'purpose'],
        });
        const { sub, sv } = payload;
        if (payload.purpose !== purpose || typeof sub !== 'string' || sub === '') return fail('invalid');
        if (typeof sv !== 'number' || !Number.isSafeInteger(sv)) return fail('invalid');
        return ok({ purpose, userId: sub, version: sv });
      } catch (error) {
        // jose checks the signature before the claims, so only a genuine token of ours can be
        // reported as expired (the page then offers to resend); everything else is just invalid.
        return fail(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
      }
    },

    // HMAC-SHA256 of the invitation id under its own label: never equal to a JWT's signature.
    invitationToken: (invitationId) => createHmac('sha256', key).update(`bulkhead-link:company-invitation:${invitationId}`).digest('base64url'),
    hashToken: (token) => createHash('sha256').update(token, 'utf8').digest('hex'),
  };
};
