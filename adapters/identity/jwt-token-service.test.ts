import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJwtTokenService, SESSION_TTL_SECONDS } from './jwt-token-service.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const key = new TextEncoder().encode(secret);
const claims = { userId: 'user-1', sessionVersion: 3 };

const clockAt = (iso: string) => {
  let now = new Date(iso);
  return { now: () => now, set: (next: string) => (now = new Date(next)) };
};

describe('JWT token service', () => {
  it('round-trips the user id and session version', async () => {
    const tokens = createJwtTokenService({ secret });
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('issues HS256 tokens with sub, sv, issuer, audience and a 7-day expiry', async () => {
    const clock = clockAt('2026-01-01T00:00:00Z');
    const tokens = createJwtTokenService({ secret, clock });
    const token = await tokens.issue(claims);
    const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: 'user-1', sv: 3, iss: 'bulkhead', aud: 'bulkhead-session' });
    expect(payload.exp - payload.iat).toBe(SESSION_TTL_SECONDS);
    expect(SESSION_TTL_SECONDS).toBe(7 * 24 * 3600);
  });

  it('refuses expired tokens', async () => {
    const clock = clockAt('2026-01-01T00:00:00Z');
    const tokens = createJwtTokenService({ secret, clock });
    const token = await tokens.issue(claims);
    clock.set('2026-01-07T23:59:00Z');
    expect(await tokens.verify(token)).toEqual(claims);
    clock.set('2026-01-08T00:00:01Z');
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const other = createJwtTokenService({ secret: 'another-secret-that-is-long-enough-987654' });
    const token = await other.issue(claims);
    expect(await createJwtTokenService({ secret }).verify(token)).toBeNull();
  });

  it('refuses alg:none and other algorithms even with the right claims', async () => {
    const tokens = createJwtTokenService({ secret });
    const unsigned = new UnsecuredJWT({ sv: 3 })
      .setSubject('user-1')
      .setIssuer('bulkhead')
      .setAudience('bulkhead-session')
      .setExpirationTime('1h')
      .encode();
    expect(await tokens.verify(unsigned)).toBeNull();
    const hs512 = await new SignJWT({ sv: 3 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('user-1')
      .setIssuer('bulkhead')
      .setAudience('bulkhead-session')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret.repeat(2)));
    expect(await tokens.verify(hs512)).toBeNull();
  });

  it('refuses tokens for another audience or without a session version', async () => {
    const tokens = createJwtTokenService({ secret });
    const base = () => new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1').setExpirationTime('1h');
    const wrongAudience = await base().setIssuer('bulkhead').setAudience('elsewhere').sign(key);
    const noVersion = await base().setIssuer('bulkhead').setAudience('bulkhead-session').sign(key);
    expect(await tokens.verify(wrongAudience)).toBeNull();
    expect(await tokens.verify(noVersion)).toBeNull();
  });

  it('treats garbage as no session', async () => {
    const tokens = createJwtTokenService({ secret });
    for (const garbage of ['', 'abc', 'a.b.c', '...', 'x'.repeat(5000)]) {
      expect(await tokens.verify(garbage)).toBeNull();
    }
  });

  it('refuses a short secret at construction', () => {
    expect(() => createJwtTokenService({ secret: 'short' })).toThrow(/32 characters/);
  });
});
