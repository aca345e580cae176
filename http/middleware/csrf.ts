import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import { messages } from '#domain/messages.ts';
import type { HttpSettings } from '../ports.ts';
import { problemOf } from '../problem.ts';
import { bearerToken, SESSION_COOKIE } from './session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins a same-site request may carry: our own (as seen, or as https behind a proxy) and PUBLIC_URL. */
const allowedOrigins = (c: Context, settings: HttpSettings): Set<string> => {
  const own = new URL(c.req.url);
  const origins = new Set([own.origin, `https://${own.host}`]);
  if (settings.publicUrl) origins.add(settings.publicUrl.origin);
  return origins;
};

/**
 * Cookie-authenticated writes must come from our own pages: the browser's Origin header (or
 * Sec-Fetch-Site: same-origin when Origin is absent) must name this site. Bearer requests carry
 * their credential explicitly, so a foreign page cannot forge them and they are exempt. JSON-only
 * endpoints add a second wall: a cross-site form cannot send application/json without a preflight.
 */
export const csrfProtection = (settings: HttpSettings) =>
  createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (bearerToken(c)) return next();
    if (getCookie(c, SESSION_COOKIE) === undefined) return next();
    const origin = c.req.header('origin');
    const sameSite =
      origin !== undefined
        ? allowedOrigins(c, settings).has(origin)
        : c.req.header('sec-fetch-site') === 'same-origin';
    if (!sameSite) return problemOf(c, 'FORBIDDEN', messages.crossSiteRefused);
    return next();
  });
