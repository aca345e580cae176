import { Hono } from 'hono';
import { issueSession, signOut } from '#domain/identity/authenticate.ts';
import { requestVerificationEmail, verifyEmail } from '#domain/identity/email-verification.ts';
import { requestPasswordReset, resetPassword } from '#domain/identity/password-reset.ts';
import { signIn } from '#domain/identity/sign-in.ts';
import { signUp } from '#domain/identity/sign-up.ts';
import { updateProfile } from '#domain/identity/update-profile.ts';
import type { MeDto, SessionDto } from '../dto.ts';
import type { BackgroundWork } from '../background-work.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { createAuthRateLimits } from '../middleware/rate-limit.ts';
import { createSignInBrake } from '../middleware/sign-in-brake.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { problem } from '../problem.ts';
import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '../schemas.ts';
import { toProfileDto, toUserDto } from '../serializers.ts';
import { validate } from '../validation.ts';
import { documented, responds } from '../responds.ts';
import { meDto, profileDto, sessionDto } from '../response-schemas.ts';

/** /api/auth: accounts, sessions and the e-mailed links. The session token is both set as the cookie and returned. */
export const authRoutes = (ports: AppPorts, settings: HttpSettings, background: BackgroundWork) => {
  const window = settings.authRateWindowMs;
  // Guessing brakes: wrong passwords and refused sign-ups count, successes give their slot back.
  const guesses = createAuthRateLimits(settings, 'auth-refusals', { limit: settings.authRateLimit, windowMs: window, refusedOnly: true });
  const signInBrake = createSignInBrake(
    { limit: settings.authRateLimit, windowMs: window, trustProxy: settings.trustProxy, delay: settings.signInDelay },
    settings.counterStore,
  );
  // A ceiling on accounts made from one address, successful ones included.
  const accountCreation = createAuthRateLimits(settings, 'sign-up', { limit: settings.signUpRateLimit, windowMs: 60 * 60 * 1000, refusedOnly: false });
  // Every attempt counts: link tokens guessed, verification mail asked for again.
  const limits = createAuthRateLimits(settings, 'auth-attempts', { limit: settings.authRateLimit, windowMs: window, refusedOnly: false });
  // Reset requests send mail to a chosen address: a tighter brake of their own, per IP and per e-mail.
  const resetLimits = createAuthRateLimits(settings, 'password-reset', { limit: settings.resetRateLimit, windowMs: window, refusedOnly: false });

  return new Hono<AppEnv>()
    .post('/sign-up', accountCreation.perIp, guesses.perIp, jsonBody, guesses.perEmail, validate('json', signUpSchema), documented({
      summary: 'Create an account',
      description:
        'Public. Creates a customer account (e-mail not yet verified), queues the verification e-mail with it, and answers 201 with the user and a session token, also set as the session cookie. Refusals: 400 `VALIDATION_FAILED` (name, e-mail, password), 409 `EMAIL_TAKEN`, 429 `RATE_LIMITED` (accounts made from one IP address per hour, and refused attempts per IP address and per e-mail).',
    }), responds(201, sessionDto), async (c) => {
      // The verification mail is queued with the account (docs/email.md, "E-mail"): a mail server
      // that is down delays it, and never undoes the sign-up.
      const created = await signUp(ports, c.req.valid('json'));
      if (!created.ok) return problem(c, created.error);
      const token = await issueSession(ports.tokens, created.value);
      setSessionCookie(c, token, settings);
      return c.json({ user: toUserDto(created.value), token } satisfies SessionDto, 201);
    })
    .post('/sign-in', jsonBody, signInBrake, validate('json', signInSchema), documented({
      summary: 'Sign in with e-mail and password',
      description:
        'Public. Answers the user and a session token, also set as the session cookie. 401 `INVALID_CREDENTIALS` for an unknown e-mail or a wrong password alike; 429 `RATE_LIMITED` after too many refused attempts in the window.',
    }), responds(200, sessionDto), async (c) => {
      const signedIn = await signIn(ports, c.req.valid('json'));
      if (!signedIn.ok) return problem(c, signedIn.error);
      const token = await issueSession(ports.tokens, signedIn.value);
      setSessionCookie(c, token, settings);
      return c.json({ user: toUserDto(signedIn.value), token } satisfies SessionDto, 200);
    })
    .post('/sign-out', requireUser(ports), documented({
      summary: 'Sign out everywhere',
      description:
        "Signed in. Ends every session of the account (tokens are stateless: all of them stop working, on every device) and clears this browser's session cookie. 204.",
    }), responds(204), async (c) => {
      await signOut(ports, c.get('user'));
      clearSessionCookie(c, settings);
      return c.body(null, 204);
    })
    // Opening the link again is harmless and also 204 (http/README.md, routes/auth.ts); the page says "verified".
    .post('/verify-email', jsonBody, validate('json', verifyEmailSchema), documented({
      summary: 'Verify the e-mail address',
      description:
        "Public: the token from the e-mailed link. Marks the account's e-mail verified; opening the link again is harmless and also 204. 400 `LINK_INVALID` for a token that is wrong or expired.",
    }), responds(204, undefined, 'Verified, now or before.'), async (c) => {
      const verified = await verifyEmail(ports, c.req.valid('json').token);
      return verified.ok ? c.body(null, 204) : problem(c, verified.error);
    })
    .post(
      '/verify-email/resend',
      limits.perIp,
      requireUser(ports),
      documented({
        summary: 'Send the verification e-mail again',
        description:
          "Signed in. Queues a new verification link to the account's e-mail (nothing for an account already verified) and answers 202 at once; the mail outbox sends it, and tries again while the mail server is down. 429 `RATE_LIMITED` per IP address.",
      }),
      responds(202, undefined, 'The e-mail is queued: it goes out within seconds, and is tried again while the mail server is down.'),
      async (c) => {
        await requestVerificationEmail(ports, c.get('user'));
        return c.body(null, 202);
      },
    )
    .post(
      '/password-reset',
      resetLimits.perIp,
      jsonBody,
      resetLimits.perEmail,
      validate('json', passwordResetRequestSchema),
      documented({
        summary: 'Ask for a password-reset link',
        description:
          'Public. Always 202, whether or not an account has that e-mail, and in the same time: the lookup and the queuing of the link happen after the answer. 429 `RATE_LIMITED` per IP address and per e-mail.',
      }),
      responds(202, undefined, 'Whether or not an account has that e-mail: a link is queued and goes out when one does.'),
      async (c) => {
        const { email } = c.req.valid('json');
        // Looked up and queued after answering: the answer (202) and its timing are the same
        // whether or not an account exists (the queuing is a write only when one does), and a
        // failure is logged there, never shown. The mail outbox sends it (docs/email.md, "E-mail").
        background.run('password-reset e-mail', () => requestPasswordReset(ports, email));
        return c.body(null, 202);
      },
    )
    .post('/password-reset/confirm', limits.perIp, jsonBody, validate('json', passwordResetConfirmSchema), documented({
      summary: 'Set a new password from a reset link',
      description:
        "Public: the token from the e-mailed link and the new password. 204: the password is set, every session of the account ends and this browser's session cookie is cleared, so it signs in again. 400 `LINK_INVALID` for a token that is wrong or expired, 400 `VALIDATION_FAILED` for a password the rules refuse; 429 `RATE_LIMITED` per IP address.",
    }), responds(204, undefined, 'The new password is set; every session ended.'), async (c) => {
      const reset = await resetPassword(ports, c.req.valid('json'));
      if (!reset.ok) return problem(c, reset.error);
      // Every session ended, this browser's too: it signs in again with the new password.
      clearSessionCookie(c, settings);
      return c.body(null, 204);
    });
};

/** /api/me: who the token belongs to, as of now, and their profile. */
export const meRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>()
    .get('/', requireUser(ports), documented({
      summary: 'Who is signed in',
      description:
        'Signed in. The user as stored now (role, verified e-mail) and their profile, `null` before one is saved. 401 `UNAUTHENTICATED` without a valid session.',
    }), responds(200, meDto), async (c) => {
      const user = c.get('user');
      const profile = await ports.store.users.findProfile(user.id);
      return c.json({ user: toUserDto(user), profile: profile ? toProfileDto(profile, user) : null } satisfies MeDto, 200);
    })
    .put('/profile', requireUser(ports), jsonBody, validate('json', profileSchema), documented({
      summary: 'Save my profile',
      description:
        "Signed in. Replaces the caller's profile (image, phone, address, company, job title, tax/VAT number, education, links) and answers it as saved. 400 `VALIDATION_FAILED` naming each refused field.",
    }), responds(200, profileDto), async (c) => {
      const user = c.get('user');
      const saved = await updateProfile(ports, { user, profile: c.req.valid('json') });
      return saved.ok ? c.json(toProfileDto(saved.value, user), 200) : problem(c, saved.error);
    });
