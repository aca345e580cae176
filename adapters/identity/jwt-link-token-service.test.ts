import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { RESET_PASSWORD_TTL_SECONDS, VERIFY_EMAIL_TTL_SECONDS } from '#domain/identity/link-token-service.ts';
import { createJwtLinkTokenService } from './jwt-link-token-service.ts';
import { createJwtTokenService } from './jwt-token-service.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const key = new TextEncoder().encode(secret);
const verifyClaims = { purpose: 'verify-email', userId: 'user-1', version: 4 } as const;
const resetClaims = { purpose: 'reset-password', userId: 'user-2', version: 7 } as const;

const clockAt = (iso: string) => {
  let now = new Date(iso);
  return { now: () => now, set: (next: string) => (now = new Date(next)) };
};

const decodePayload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());

describe('JWT link token service', () => {
  it('round-trips the claims of both purposes', async () => {
    const links = createJwtLinkTokenService({ secret });
    const verifyToken = await links.issue(verifyClaims, VERIFY_EMAIL_TTL_SECONDS);
    const resetToken = await links.issue(resetClaims, RESET_PASSWORD_TTL_SECONDS);
    expect(await links.verify(verifyToken, 'verify-email')).toEqual({ ok: true, value: verifyClaims });
    expect(await links.verify(resetToken, 'reset-password')).toEqual({ ok: true, value: resetClaims });
  });

  it('issues tokens with a per-purpose audience and the requested lifetime', async () => {
    const links = createJwtLinkTokenService({ secret });
    const payload = decodePayload(await links.issue(resetClaims, RESET_PASSWORD_TTL_SECONDS));
    expect(payload).toMatchObject({ sub: 'user-2', sv: 7, purpose: 'reset-password', iss: 'bulkhead', aud: 'bulkhead-link:reset-password' });
    expect(payload.exp - payload.iat).toBe(3600);
  });

  it("reports 'expired' once the lifetime has passed, and not before", async () => {
    const clock = clockAt('2026-01-01T00:00:00Z');
    const links = createJwtLinkTokenService({ secret, clock });
    const token = await links.issue(resetClaims, RESET_PASSWORD_TTL_SECONDS);
    clock.set('2026-01-01T00:59:00Z');
    expect(await links.verify(token, 'reset-password')).toEqual({ ok: true, value: resetClaims });
    clock.set('2026-01-01T01:00:01Z');
    expect(await links.verify(token, 'reset-password')).toEqual({ ok: false, error: 'expired' });
  });

  it('refuses a verify-email token used as a reset-password token and vice versa', async () => {
    const links = createJwtLinkTokenService({ secret });
    const verifyToken = await links.issue(verifyClaims, VERIFY_EMAIL_TTL_SECONDS);
    const resetToken = await links.issue(resetClaims, RESET_PASSWORD_TTL_SECONDS);
    expect(await links.verify(verifyToken, 'reset-password')).toEqual({ ok: false, error: 'invalid' });
    expect(await links.verify(resetToken, 'verify-email')).toEqual({ ok: false, error: 'invalid' });
  });

  it('refuses a correctly signed token whose purpose claim disagrees with its audience', async () => {
    const forged = await new SignJWT({ sv: 1, purpose: 'verify-email' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('bulkhead')
      .setAudience('bulkhead-link:reset-password')
      .setExpirationTime('1h')
      .sign(key);
    expect(await createJwtLinkTokenService({ secret }).verify(forged, 'reset-password')).toEqual({ ok: false, error: 'invalid' });
  });

  it('keeps session tokens and link tokens apart even with the same secret', async () => {
    const links = createJwtLinkTokenService({ secret });
    const sessions = createJwtTokenService({ secret });
    const sessionToken = await sessions.issue({ userId: 'user-1', sessionVersion: 4 });
    expect(await links.verify(sessionToken, 'verify-email')).toEqual({ ok: false, error: 'invalid' });
    expect(await links.verify(sessionToken, 'reset-password')).toEqual({ ok: false, error: 'invalid' });
    const linkToken = await links.issue(verifyClaims, VERIFY_EMAIL_TTL_SECONDS);
    expect(await sessions.verify(linkToken)).toBeNull();
  });

  it('refuses a tampered token', async () => {
    const links = createJwtLinkTokenService({ secret });
    const token = await links.issue(verifyClaims, VERIFY_EMAIL_TTL_SECONDS);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...decodePayload(token), sub: 'admin-1' })).toString('base64url');
    expect(await links.verify(`${header}.${payload}.${signature}`, 'verify-email')).toEqual({ ok: false, error: 'invalid' });
  });

  it("refuses an expired token signed with a wrong key as 'invalid', not 'expired'", async () => {
    const clock = clockAt('2026-01-01T00:00:00Z');
    const foreign = createJwtLinkTokenService({ secret: 'another-secret-that-is-long-enough-98765', clock });
    const token = await foreign.issue(resetClaims, RESET_PASSWORD_TTL_SECONDS);
    const links = createJwtLinkTokenService({ secret, clock });
    expect(await links.verify(token, 'reset-password')).toEqual({ ok: false, error: 'invalid' });
    clock.set('2026-01-02T00:00:00Z');
    expect(await links.verify(token, 'reset-password')).toEqual({ ok: false, error: 'invalid' });
  });

  it("refuses 'alg: none' tokens", async () => {
    const unsigned = new UnsecuredJWT({ sv: 4, purpose: 'verify-email' })
      .setSubject('user-1')
      .setIssuer('bulkhead')
      .setAudience('bulkhead-link:verify-email')
      .setExpirationTime('1h')
      .encode();
    expect(await createJwtLinkTokenService({ secret }).verify(unsigned, 'verify-email')).toEqual({ ok: false, error: 'invalid' });
  });

  it('refuses garbage and claims of the wrong type', async () => {
    const links = createJwtLinkTokenService({ secret });
    expect(await links.verify('', 'verify-email')).toEqual({ ok: false, error: 'invalid' });
    expect(await links.verify('not.a.jwt', 'verify-email')).toEqual({ ok: false, error: 'invalid' });
    const stringVersion = await new SignJWT({ sv: '4', purpose: 'verify-email' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('bulkhead')
      .setAudience('bulkhead-link:verify-email')
      .setExpirationTime('1h')
      .sign(key);
    expect(await links.verify(stringVersion, 'verify-email')).toEqual({ ok: false, error: 'invalid' });
  });

  it('rejects a short secret and a non-positive lifetime', async () => {
    expect(() => createJwtLinkTokenService({ secret: 'short' })).toThrow(/at least 32/);
    expect(() => createJwtLinkTokenService({ secret }).issue(verifyClaims, 0)).toThrow(/positive/);
  });

  it('derives one invitation token per invitation and secret, and hashes tokens one way', () => {
    const links = createJwtLinkTokenService({ secret });
    const token = links.invitationToken('invitation-1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.invitationToken('invitation-1')).toBe(token);
    expect(links.invitationToken('invitation-2')).not.toBe(token);
    expect(createJwtLinkTokenService({ secret: `${secret}-other` }).invitationToken('invitation-1')).not.toBe(token);
    expect(links.hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(links.hashToken(token)).not.toContain(token);
    expect(links.hashToken(token)).toBe(links.hashToken(token));
  });
});
