import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import { messages } from '#http/messages.ts';
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
 * Cookie-authenticated writes must not come from another site's page. Browsers say where a
 * request comes from: Origin on every cross-origin POST, PUT, PATCH and DELETE, and
 * Sec-Fetch-Site; when either is present it must name this site. A request with neither is not
 * a browser's cross-site request (scripts, curl and test clients send neither) and the SameSite=Lax
 * cookie would not ride along on one anyway, so it passes: the session cookie works for
 * every endpoint. Bearer requests carry their credential explicitly and are exempt.
 */
export const csrfProtection = (settings: HttpSettings) =>
  createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (bearerToken(c)) return next();
    if (getCookie(c, SESSION_COOKIE) === undefined) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const crossSite =
      (origin !== undefined && !allowedOrigins(c, settings).has(origin)) ||
      (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none');
    if (crossSite) return problemOf(c, 'FORBIDDEN', messages.crossSiteRefused);
    return next();
  });
