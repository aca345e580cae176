import { Hono } from 'hono';
import { issueSession, signOut } from '#domain/identity/authenticate.ts';
import { signIn } from '#domain/identity/sign-in.ts';
import { signUp } from '#domain/identity/sign-up.ts';
import type { MeDto, SessionDto } from '../dto.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { createAuthRateLimits } from '../middleware/rate-limit.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../middleware/session.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';
import { problem } from '../problem.ts';
import { signInSchema, signUpSchema } from '../schemas.ts';
import { toProfileDto, toUserDto } from '../serializers.ts';
import { validate } from '../validation.ts';

/** /api/auth: accounts and sessions. The token is both set as the cookie and returned. */
export const authRoutes = (ports: AppPorts, settings: HttpSettings) => {
  const limits = createAuthRateLimits(settings);
  return new Hono<AppEnv>()
    .post('/sign-up', limits.perIp, jsonBody, validate('json', signUpSchema), async (c) => {
      const created = await signUp(ports, c.req.valid('json'));
      if (!created.ok) return problem(c, created.error);
      const token = await issueSession(ports.tokens, created.value);
      setSessionCookie(c, token, settings);
      return c.json({ user: toUserDto(created.value), token } satisfies SessionDto, 201);
    })
    .post('/sign-in', limits.perIp, jsonBody, limits.perEmail, validate('json', signInSchema), async (c) => {
      const signedIn = await signIn(ports, c.req.valid('json'));
      if (!signedIn.ok) return problem(c, signedIn.error);
      const token = await issueSession(ports.tokens, signedIn.value);
      setSessionCookie(c, token, settings);
      return c.json({ user: toUserDto(signedIn.value), token } satisfies SessionDto, 200);
    })
    .post('/sign-out', requireUser(ports), async (c) => {
      await signOut(ports, c.get('user'));
      clearSessionCookie(c, settings);
      return c.body(null, 204);
    });
};

/** /api/me: who the token belongs to, as of now. */
export const meRoutes = (ports: AppPorts) =>
  new Hono<AppEnv>().get('/', requireUser(ports), async (c) => {
    const user = c.get('user');
    const profile = await ports.store.users.findProfile(user.id);
    return c.json({ user: toUserDto(user), profile: profile ? toProfileDto(profile, user) : null } satisfies MeDto, 200);
  });
