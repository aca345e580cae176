/**
 * Request ids and the access log. Every response carries `X-Request-Id` (the caller's, when it is
 * a sane token, else a fresh UUID) and every request becomes one log line:
 * `{ requestId, method, path, status, durationMs, userId? }`.
 *
 * What is deliberately NOT logged: the query string (reset links, OAuth `code`/`state`), headers
 * (Authorization, Cookie), bodies (passwords, card numbers). The path alone carries no secret in
 * this API. The line is built from a few fields the request already has, so it costs microseconds.
 */
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from '../logger.ts';
import type { AppEnv } from '../ports.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** Longer incoming ids are replaced: they are echoed back and written to every line. */
const MAX_REQUEST_ID_LENGTH = 128;
/** A path is attacker-chosen; cap what one request can add to the log. */
const MAX_LOGGED_PATH = 300;
/** Load balancers poll it every few seconds; at info level it would drown the real traffic. */
const HEALTH_PATH = '/api/health';

/**
 * Hono's request-id middleware keeps an incoming id only if it is at most the limit and made of
 * letters, digits, `_`, `-` and `=`; anything else (spaces, quotes, newlines) gets a random UUID.
 */
export const assignRequestId = (): MiddlewareHandler =>
  requestId({ headerName: REQUEST_ID_HEADER, limitLength: MAX_REQUEST_ID_LENGTH });

export const requestLog =
  (logger: Logger): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    // Hono hands errors to app.onError inside next(), so the status below is the one sent.
    await next();
    const id = c.get('requestId');
    // A handler that returns its own Response object drops headers set before it ran.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.header(REQUEST_ID_HEADER, id);
    const path = c.req.path;
    const status = c.res.status;
    const line: Record<string, unknown> = {
      requestId: id,
      method: c.req.method,
      path: path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path,
      status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    };
    const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
    if (user) line.userId = user.id;
    // A route may say its 5xx is expected (Google sign-in switched off): a visitor can cause it,
    // so it must not page anyone as an error.
    const level = c.get('logLevel');
    if (level) logger[level]('request', line);
    else if (status >= 500) logger.error('request', line);
    else if (path === HEALTH_PATH) logger.debug('request', line);
    else logger.info('request', line);
  };
