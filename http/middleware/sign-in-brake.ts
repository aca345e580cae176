import type { Context, MiddlewareHandler } from 'hono';
import { createAttemptCounter, type CounterStore } from './attempt-counters.ts';
import { clientKey, emailOf, refuseOverBudget } from './rate-limit.ts';

export interface SignInBrakeSettings {
  /** Refused sign-ins per window, per address and per (e-mail, address) pair. */
  limit: number;
  windowMs: number;
  trustProxy: boolean;
  /** The per-e-mail slowdown once an address has been refused `limit` times: base × 2^n, capped. */
  delay: { baseMs: number; capMs: number };
}

/** Refusals count; success, and 429s (no attempt was made) do not. */
const wasRefused = (c: Context) => c.res.status >= 400 && c.res.status !== 429;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Guessing brakes for sign-in that nobody can turn against the owner. Refused attempts are counted
 * per address and per (e-mail, address) pair: either over the budget answers 429, so a guesser is
 * stopped where they guess from. Per e-mail address they only slow down: past the budget every
 * attempt for that e-mail waits a growing, capped delay, so guesses spread over many addresses
 * stay slow, while the owner with the right password still gets in from an address that has not
 * been failing. Only refusals are counted, after the answer: an office behind one address signing
 * in many people at once is never refused for its successes, however many are in flight.
 */
export const createSignInBrake = (settings: SignInBrakeSettings, store: CounterStore): MiddlewareHandler => {
  const budget = { limit: settings.limit, windowMs: settings.windowMs };
  const perAddress = createAttemptCounter(store, 'sign-in:address', budget);
  const perPair = createAttemptCounter(store, 'sign-in:pair', budget);
  const perEmail = createAttemptCounter(store, 'sign-in:email', budget);

  return async (c, next) => {
    const address = clientKey(c, settings.trustProxy);
    const email = await emailOf(c);
    const pair = email === null ? null : `${email}|${address}`;
    for (const [counter, key] of [[perAddress, address], [perPair, pair]] as const) {
      if (key === null) continue;
      const count = await counter.peek(key);
      if (count.spent >= counter.limit) return refuseOverBudget(c, { ...budget, msLeft: count.msLeft });
    }
    if (email !== null) {
      const over = (await perEmail.peek(email)).spent - settings.limit;
      if (over >= 0) await sleep(Math.min(settings.delay.capMs, settings.delay.baseMs * 2 ** Math.min(over, 30)));
    }
    await next();
    if (!wasRefused(c)) return;
    await perAddress.spend(address);
    if (pair !== null) await perPair.spend(pair);
    if (email !== null) await perEmail.spend(email);
  };
};
