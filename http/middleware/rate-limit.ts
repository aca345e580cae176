import type { Context, MiddlewareHandler } from 'hono';
import type { AttemptCounter } from './attempt-counters.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import { MemoryStore, rateLimiter } from 'hono-rate-limiter';
import { normalizeEmail } from '#domain/identity/user.ts';
import { messages } from '#http/messages.ts';
import type { AppEnv, HttpSettings } from '../ports.ts';
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

/**
 * The key a rate limit counts an address under. An IPv6 host usually gets a whole /64 and picks
 * any address in it at will, so IPv6 counts per /64; an IPv4-mapped address counts as the IPv4.
 */
export const addressKey = (address: string): string => {
  const ip = address.split('%')[0]!.toLowerCase();
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
};

/** The rate-limit key of the caller's address (see clientIp and addressKey). */
export const clientKey = (c: Context, trustProxy = false): string => addressKey(clientIp(c, trustProxy));

/**
 * 429 with the catalogue message, Retry-After, and the draft-7 RateLimit headers, for a budget of
 * `limit` per `windowMs` with `msLeft` until it opens again. Every rate limit answers this way.
 */
export const refuseOverBudget = (c: Context, budget: { limit: number; windowMs: number; msLeft: number }) => {
  const secondsLeft = Math.ceil(Math.max(budget.msLeft, 1000) / 1000);
  c.header('RateLimit-Policy', `${budget.limit};w=${Math.ceil(budget.windowMs / 1000)}`);
  c.header('RateLimit', `limit=${budget.limit}, remaining=0, reset=${secondsLeft}`);
  c.header('Retry-After', String(secondsLeft));
  return problemOf(c, 'RATE_LIMITED', messages.tooManyAttempts(Math.max(1, Math.ceil(budget.msLeft / 60_000))));
};

/** Runs after jsonBody, so the body is already parsed (and cached); null for bodies without an e-mail. */
export const emailOf = async (c: Context): Promise<string | null> => {
  const body: unknown = await c.req.json().catch(() => null);
  const email = body && typeof body === 'object' && 'email' in body ? body.email : null;
  return typeof email === 'string' && email.trim() !== '' ? normalizeEmail(email) : null;
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
 * Counters live in this process's memory (docs/operations.md, "Running several instances").
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
    keyGenerator: (c) => `${c.req.path}|${clientKey(c, settings.trustProxy)}`,
  });
  const perEmail = rateLimiter({
    ...common,
    store: new MemoryStore(),
    skip: async (c) => (await emailOf(c)) === null,
    keyGenerator: async (c) => `${c.req.path}|email|${await emailOf(c)}`,
  });
  return { perIp, perEmail };
};

/**
 * Every attempt counts against the caller's budget (`keyOf`: an address or an account); over it,
 * 429 before any work. For writes anyone can repeat cheaply: contact, newsletter, reviews, uploads.
 */
export const limitEveryAttempt =
  (counter: AttemptCounter, keyOf: (c: Context<AppEnv>) => string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const count = await counter.spend(keyOf(c));
    if (count.spent > counter.limit) {
      return refuseOverBudget(c, { limit: counter.limit, windowMs: counter.windowMs, msLeft: count.msLeft });
    }
    await next();
  };
