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

const tooManyAttempts = (c: Context, windowMs: number) => {
  const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined;
  const msLeft = info?.resetTime ? info.resetTime.getTime() - Date.now() : windowMs;
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  c.header('Retry-After', String(Math.ceil(Math.max(msLeft, 1000) / 1000)));
  return problemOf(c, 'RATE_LIMITED', messages.tooManyAttempts(minutes));
};

/**
 * Brute-force brakes for the auth routes: per IP (each route its own count) and per e-mail
 * address, so spreading guesses over many IPs does not help either. With `refusedOnly`, an
 * answered-successfully attempt gives its slot back: sign-in and sign-up brake guessing (wrong
 * passwords, probing for taken e-mails) without locking out a busy office behind one address.
 * Counters live in this process's memory (README: several instances).
 */
export const createAuthRateLimits = (
  settings: Pick<HttpSettings, 'trustProxy'>,
  budget: { limit: number; windowMs: number; refusedOnly: boolean },
) => {
  const common = {
    windowMs: budget.windowMs,
    limit: budget.limit,
    skipSuccessfulRequests: budget.refusedOnly,
    standardHeaders: 'draft-7' as const,
    handler: (c: Context) => tooManyAttempts(c, budget.windowMs),
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
    keyGenerator: async (c) => `${c.req.path}|email|${await emailOf(c)}`,
  });
  return { perIp, perEmail };
};
