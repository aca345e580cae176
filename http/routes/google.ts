import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getSignedCookie, setCookie, setSignedCookie } from 'hono/cookie';
import { issueSession } from '#domain/identity/authenticate.ts';
import { GOOGLE_SIGNED_IN_COOKIE, signInWithGoogle } from '#domain/identity/google-sign-in.ts';
import { messages } from '#http/messages.ts';
import type { GoogleStatusDto } from '../dto.ts';
import type { Logger } from '../logger.ts';
import { setSessionCookie } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { problemOf } from '../problem.ts';
import { messageOf } from '../error-messages.ts';
import { isAdmin } from '#domain/identity/user.ts';
import { safeReturnTo } from '../schemas.ts';
import { documented, responds } from '../responds.ts';
import { googleStatusDto } from '../response-schemas.ts';

export const GOOGLE_COOKIE = 'google_oidc';
const COOKIE_PATH = '/api/auth/google';
const ATTEMPT_TTL_SECONDS = 10 * 60;
/** Where every failed attempt lands; the login page shows messages.googleSignInFailed. */
export const GOOGLE_FAILURE_REDIRECT = '/login?error=google';

/** What the browser keeps between leaving for Google and coming back: signed, HttpOnly, 10 minutes. */
interface Attempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A path on this site, or '' when no page asked: then the role decides, as for a password sign-in. */
  returnTo: string;
  expiresAt: number;
}

const parseAttempt = (value: string): Attempt | null => {
  try {
    const attempt = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Attempt>;
    const strings = [attempt.state, attempt.nonce, attempt.codeVerifier, attempt.returnTo];
    if (!strings.every((field) => typeof field === 'string') || typeof attempt.expiresAt !== 'number') return null;
    return attempt as Attempt;
  } catch {
    return null;
  }
};

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * /api/auth/google: OIDC authorization-code flow with PKCE, state and nonce (the client in
 * adapters/identity/google-oidc.ts verifies the ID token). The callback never answers 500: any
 * failure goes back to the login page with `?error=google`, without a session.
 */
export const googleRoutes = (ports: AppPorts, settings: HttpSettings, logger: Logger) => {
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, secure: settings.secure, sameSite: 'Lax' as const };
  const fail = (c: Context, reason: string) => {
    logger.warn('Google sign-in refused', { reason });
    return c.redirect(GOOGLE_FAILURE_REDIRECT, 302);
  };

  /** Google switched off is the operator's choice, not a fault: the visitor's request logs at info. */
  const notConfigured = (c: Context<AppEnv>) => {
    c.set('logLevel', 'info');
    return problemOf(c, 'GOOGLE_NOT_CONFIGURED', messages.googleNotConfigured);
  };

  return new Hono<AppEnv>()
    // Asked by the login and sign-up pages, so a server without Google keys shows no button at all.
    .get('/status', documented({
      summary: 'Is Google sign-in available?',
      description:
        'Public; changes nothing. `{configured}`: whether this server has Google credentials, so the login and sign-up pages show the Google button only when it works.',
    }), responds(200, googleStatusDto), (c) => c.json<GoogleStatusDto>({ configured: ports.google !== null }))
    .get('/', documented({
      summary: 'Start signing in with Google',
      description:
        "Public; opened by the browser, not fetched. Keeps the attempt (state, nonce, PKCE verifier and `returnTo`, a path on this site) in a signed HttpOnly cookie for 10 minutes and answers 302 to Google's sign-in. When Google cannot be reached it answers 302 to `/login?error=google` instead. 503 `GOOGLE_NOT_CONFIGURED` when the server has no Google credentials.",
    }), responds(302, undefined, "To Google's sign-in; to /login?error=google when it cannot start."), async (c) => {
      const google = ports.google;
      if (!google) return notConfigured(c);
      let start;
      try {
        start = await google.start();
      } catch (error) {
        return fail(c, `discovery failed: ${String(error)}`);
      }
      const attempt: Attempt = {
        state: start.state,
        nonce: start.nonce,
        codeVerifier: start.codeVerifier,
        returnTo: c.req.query('returnTo') === undefined ? '' : safeReturnTo(c.req.query('returnTo')),
        expiresAt: ports.clock.now().getTime() + ATTEMPT_TTL_SECONDS * 1000,
      };
      const value = Buffer.from(JSON.stringify(attempt)).toString('base64url');
      await setSignedCookie(c, GOOGLE_COOKIE, value, settings.cookieSecret, { ...cookieOptions, maxAge: ATTEMPT_TTL_SECONDS });
      return c.redirect(start.url, 302);
    })
    .get('/callback', documented({
      summary: 'Finish signing in with Google',
      description:
        'Where Google sends the browser back; public. The attempt cookie is spent whatever happens; its state must match and it must be under 10 minutes old, and the ID token must verify with a verified e-mail. The account with that e-mail is signed in (one never verified is taken over: its password dropped, its older sessions ended), or a new password-less customer account is created; the session cookie is set and the answer is 302 to `returnTo` (without one: `/dashboard` for an admin, `/` for a buyer). Any failure is 302 to `/login?error=google` without a session, never a 500. 503 `GOOGLE_NOT_CONFIGURED` without Google credentials.',
    }), responds(302, undefined, 'Signed in, back to `returnTo`; or to /login?error=google, without a session.'), async (c) => {
      const google = ports.google;
      if (!google) return notConfigured(c);
      const signed = await getSignedCookie(c, settings.cookieSecret, GOOGLE_COOKIE).catch(() => false);
      // One attempt, one callback: the cookie is spent whatever happens next.
      deleteCookie(c, GOOGLE_COOKIE, cookieOptions);
      const attempt = typeof signed === 'string' ? parseAttempt(signed) : null;
      if (!attempt) return fail(c, 'no valid sign-in cookie');
      if (attempt.expiresAt < ports.clock.now().getTime()) return fail(c, 'sign-in attempt expired');
      const { code, state, error } = c.req.query();
      if (error) return fail(c, `provider answered ${error}`);
      if (!state || !sameText(state, attempt.state)) return fail(c, 'state does not match');
      if (!code) return fail(c, 'no code');
      try {
        const finished = await google.finish({ code, codeVerifier: attempt.codeVerifier, nonce: attempt.nonce });
        if (!finished.ok) return fail(c, finished.error);
        const user = await signInWithGoogle(ports, finished.value);
        if (!user.ok) return fail(c, messageOf(user.error));
        setSessionCookie(c, await issueSession(ports.tokens, user.value), settings);
        setCookie(c, GOOGLE_SIGNED_IN_COOKIE, '1', { path: '/', maxAge: 60, secure: settings.secure, sameSite: 'Lax' });
        // No page asked: admins (who cannot buy) land on the dashboard, buyers on the home page.
        return c.redirect(attempt.returnTo || (isAdmin(user.value) ? '/dashboard' : '/'), 302);
      } catch (failure) {
        return fail(c, String(failure));
      }
    });
};
