import type { Context, MiddlewareHandler } from 'hono';
import { createAttemptCounter, type AttemptCounter, type Count } from './attempt-counters.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import { normalizeEmail } from '#domain/identity/user.ts';
import { messages } from '#domain/messages.ts';
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

/** The draft-7 RateLimit headers on an answer within the budget: the caller sees what is left. */
const showBudget = (c: Context, counter: AttemptCounter, count: Count) => {
  c.header('RateLimit-Policy', `${counter.limit};w=${Math.ceil(counter.windowMs / 1000)}`);
  c.header('RateLimit', `limit=${counter.limit}, remaining=${Math.max(0, counter.limit - count.spent)}, reset=${Math.ceil(Math.max(count.msLeft, 1000) / 1000)}`);
};

/**
 * Brute-force brakes for the auth routes: per IP (each route its own count) and per e-mail
 * address, so spreading guesses over many IPs does not help either. With `refusedOnly`, an
 * answered-successfully attempt gives its slot back: sign-up brakes guessing (probing for taken
 * e-mails) without locking out a busy office behind one address (sign-in has its own brake,
 * sign-in-brake.ts).
 * The counts live in `settings.counterStore`, shared by every instance on PostgreSQL or Redis
 * (docs/operations.md, "Running several instances"), so requests spread over instances meet one budget.
 * `name` keeps each brake's counts apart from the others'.
 */
export const createAuthRateLimits = (
  settings: Pick<HttpSettings, 'trustProxy' | 'counterStore'>,
  name: string,
  budget: { limit: number; windowMs: number; refusedOnly: boolean },
) => {
  const brake = (counter: AttemptCounter, keyOf: (c: Context) => Promise<string | null>): MiddlewareHandler =>
    async (c, next) => {
      const key = await keyOf(c);
      if (key === null) return next();
      const count = await counter.spend(key);
      if (count.spent > counter.limit) {
        return refuseOverBudget(c, { limit: counter.limit, windowMs: counter.windowMs, msLeft: count.msLeft });
      }
      showBudget(c, counter, count);
      await next();
      if (budget.refusedOnly && c.res.status < 400) await counter.giveBack(key);
    };
  const limit = { limit: budget.limit, windowMs: budget.windowMs };
  const perIp = brake(createAttemptCounter(settings.counterStore, `${name}:address`, limit), async (c) => `${c.req.path}|${clientKey(c, settings.trustProxy)}`);
  const perEmail = brake(createAttemptCounter(settings.counterStore, `${name}:email`, limit), async (c) => {
    const email = await emailOf(c);
    return email === null ? null : `${c.req.path}|${email}`;
  });
  return { perIp, perEmail };
};

/**
 * Every attempt counts against the caller's budget (`keyOf`: an address or an account); over it,
 * 429 before any work. For requests anyone can repeat cheaply: contact, newsletter, reviews,
 * uploads, quote requests, anonymous list readings.
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
