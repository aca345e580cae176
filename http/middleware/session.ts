import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { parse as parseCookies } from 'hono/utils/cookie';
import { createMiddleware } from 'hono/factory';
import { authenticate } from '#domain/identity/authenticate.ts';
import { isAdmin, type User } from '#domain/identity/user.ts';
import { messages } from '#http/messages.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { problemOf } from '../problem.ts';

export const SESSION_COOKIE = 'session';

export type TokenSource = 'bearer' | 'cookie';

const bearerOf = (authorization: string | undefined): string | null => /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? null;

/** `Authorization: Bearer <token>`, if that is what the request carries. */
export const bearerToken = (c: Context): string | null => bearerOf(c.req.header('authorization'));

/** An explicit Bearer token wins over the cookie (API clients and scripts use it). */
export const sessionToken = (c: Context): { value: string; source: TokenSource } | null => {
  const bearer = bearerToken(c);
  if (bearer) return { value: bearer, source: 'bearer' };
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { value: cookie, source: 'cookie' } : null;
};

/** The same token read from raw headers, for the front door that answers before Hono (cached-reads.ts). */
export const sessionTokenFromHeaders = (authorization: string | undefined, cookie: string | undefined): string | null =>
  bearerOf(authorization) ?? ((cookie ? parseCookies(cookie, SESSION_COOKIE)[SESSION_COOKIE] : undefined) || null);

/** Secure when PUBLIC_URL is https, or when our trusted proxy says the browser came over https. */
const overHttps = (c: Context, settings: HttpSettings): boolean =>
  settings.secure || (settings.trustProxy && c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim() === 'https');

export const setSessionCookie = (c: Context, token: string, settings: HttpSettings) =>
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: overHttps(c, settings),
    maxAge: settings.sessionTtlSeconds,
  });

export const clearSessionCookie = (c: Context, settings: HttpSettings) =>
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: overHttps(c, settings), httpOnly: true, sameSite: 'Lax' });

/**
 * Loads the user behind the token on every request, so sign-out, role changes and deletion take
 * effect at once (the session version and the user row are checked each time).
 */
export const requireUser = (ports: Pick<AppPorts, 'store' | 'tokens'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = sessionToken(c);
    if (!token) return problemOf(c, 'UNAUTHENTICATED', messages.notSignedIn);
    const user = await authenticate(ports, token.value);
    if (!user) return problemOf(c, 'UNAUTHENTICATED', messages.sessionExpired);
    c.set('user', user);
    await next();
  });

/**
 * The signed-in user on a public route, or null for a visitor or a session that no longer holds
 * (the request is then answered as a visitor's, never refused). Asked once per request.
 */
export const optionalUser = async (ports: Pick<AppPorts, 'store' | 'tokens'>, c: Context<AppEnv>): Promise<User | null> => {
  const known = c.get('visitor');
  if (known !== undefined) return known;
  const token = sessionToken(c);
  const user = token ? await authenticate(ports, token.value) : null;
  c.set('visitor', user);
  return user;
};

/** Runs after requireUser: the role is the one stored now, not the one at sign-in. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!isAdmin(c.get('user'))) return problemOf(c, 'FORBIDDEN', messages.forbidden);
  await next();
});
