import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { MemoryStore, rateLimiter } from 'hono-rate-limiter';
import { normalizeEmail } from '#domain/identity/user.ts';
import { messages } from '#domain/messages.ts';
import type { HttpSettings } from '../ports.ts';
import { problemOf } from '../problem.ts';

/**
 * The socket's address. X-Forwarded-For is used only when TRUST_PROXY says a proxy of ours sits in
 * front, and then only its last entry (the one that proxy appended; earlier ones are the client's
 * word). Requests made in tests without a socket share one bucket.
 */
export const clientIp = (c: Context, trustProxy = false): string => {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

const tooManyAttempts = (c: Context, settings: HttpSettings) => {
  const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined;
  const msLeft = info?.resetTime ? info.resetTime.getTime() - Date.now() : settings.authRateWindowMs;
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  c.header('Retry-After', String(Math.ceil(Math.max(msLeft, 1000) / 1000)));
  return problemOf(c, 'RATE_LIMITED', messages.tooManyAttempts(minutes));
};

/**
 * Brute-force brakes for sign-in and sign-up: per IP (each endpoint its own count) and, for
 * sign-in, per e-mail address, so spreading guesses over many IPs does not help either.
 * Counters live in this process's memory (one app process; several would need a shared store).
 */
export const createAuthRateLimits = (settings: HttpSettings) => {
  const common = {
    windowMs: settings.authRateWindowMs,
    limit: settings.authRateLimit,
    standardHeaders: 'draft-7' as const,
    handler: (c: Context) => tooManyAttempts(c, settings),
  };
  const perIp = rateLimiter({
    ...common,
    store: new MemoryStore(),
    keyGenerator: (c) => `${c.req.path}|${clientIp(c, settings.trustProxy)}`,
  });
  /** Runs after jsonBody, so the body is already parsed (and cached); skips bodies without an e-mail. */
  const emailOf = async (c: Context): Promise<string | null> => {
    const body: unknown = await c.req.json().catch(() => null);
    const email = body && typeof body === 'object' && 'email' in body ? body.email : null;
    return typeof email === 'string' && email.trim() !== '' ? normalizeEmail(email) : null;
  };
  const perEmail = rateLimiter({
    ...common,
    store: new MemoryStore(),
    skip: async (c) => (await emailOf(c)) === null,
    keyGenerator: async (c) => `email|${await emailOf(c)}`,
  });
  return { perIp, perEmail };
};
