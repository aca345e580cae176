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

/** What one access-log line says about a request. */
export interface RequestFacts {
  requestId: string;
  method: string;
  path: string;
  status: number;
  /** performance.now() when the request came in. */
  started: number;
  userId?: string;
  /** The level a route asked for (an expected 5xx), or debug for the app's own calls, else chosen from status and path. */
  level?: 'debug' | 'info' | 'warn';
}

/** Writes the access-log line: shared by the middleware below and app.ts's cached reads. */
export const logRequest = (logger: Logger, facts: RequestFacts): void => {
  const { path, status } = facts;
  const line: Record<string, unknown> = {
    requestId: facts.requestId,
    method: facts.method,
    path: path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path,
    status,
    durationMs: Math.round((performance.now() - facts.started) * 100) / 100,
  };
  if (facts.userId !== undefined) line.userId = facts.userId;
  // A route may say its 5xx is expected (Google sign-in switched off): a visitor can cause it,
  // so it must not page anyone as an error.
  if (facts.level) logger[facts.level]('request', line);
  // Health's 503 during an outage too: the outage has its own line (storage-watch.ts).
  else if (path === HEALTH_PATH || path === `${HEALTH_PATH}/live`) logger.debug('request', line);
  else if (status >= 500) logger.error('request', line);
  else logger.info('request', line);
};

/** The incoming id when it is a sane token (as assignRequestId decides), else a fresh UUID. */
export const requestIdFrom = (incoming: string | undefined): string =>
  !incoming || incoming.length > MAX_REQUEST_ID_LENGTH || /[^\w\-=]/.test(incoming) ? crypto.randomUUID() : incoming;

/**
 * `inProcess`: requests the app makes of itself (a page render's API calls, page-rendering.ts),
 * logged at debug: the visitor's page request has its own line, and three more at info for every
 * render would be most of the log and a share of the render's cost.
 */
export const requestLog =
  (logger: Logger, inProcess?: WeakSet<Request>): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    // Hono hands errors to app.onError inside next(), so the status below is the one sent.
    await next();
    const id = c.get('requestId');
    // A handler that returns its own Response object drops headers set before it ran.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.header(REQUEST_ID_HEADER, id);
    const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
    const quiet = c.res.status < 500 && inProcess?.has(c.req.raw) === true;
    logRequest(logger, { requestId: id, method: c.req.method, path: c.req.path, status: c.res.status, started, userId: user?.id, level: c.get('logLevel') ?? (quiet ? 'debug' : undefined) });
  };
