import { createMiddleware } from 'hono/factory';
import { messages } from '#http/messages.ts';
import { problemOf } from '../problem.ts';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * For endpoints that take a JSON body: anything but application/json is a 415 (so a cross-site
 * HTML form, which cannot send JSON without a preflight, never reaches a handler), and a body
 * that does not parse is a 400. Hono caches the parsed body, so the validator reads it again free.
 */
export const jsonBody = createMiddleware(async (c, next) => {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    return problemOf(c, 'UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
  }
  try {
    await c.req.json();
  } catch {
    return problemOf(c, 'VALIDATION_FAILED', messages.malformedJson);
  }
  await next();
});

/**
 * For endpoints whose JSON body may be left out: no body at all reads as `{}`; a body is held to
 * `jsonBody`'s rules.
 */
export const optionalJsonBody = createMiddleware(async (c, next) => {
  const length = c.req.header('content-length');
  const empty = !c.req.header('content-type') && !c.req.header('transfer-encoding') && (length === undefined || length === '0');
  // Without a content type, Hono's json validator reads `{}`.
  if (empty) await next();
  else return jsonBody(c, next);
});
