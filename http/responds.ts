import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';

/** A file's media type (`application/pdf`, `text/csv`), for an answer that is not JSON. */
export type MediaType = `${string}/${string}`;

/**
 * What a route answers when all goes well: a JSON body and its zod schema (http/response-schemas.ts),
 * a file of one of the media types, or nothing at all (a 204, a 202, a redirect).
 */
export interface Responds {
  status: number;
  body: { json: z.ZodType } | { file: readonly MediaType[] } | null;
  description: string | undefined;
}

/**
 * The answer's declaration, kept on a middleware as `validate()` keeps what a route takes
 * (http/validation.ts), so that the API's own description (http/openapi.ts, docs/api.md "The API
 * described") reads it back from the registered routes and each route says it in one place.
 */
export const RESPONDS = Symbol('responds');

/** The answer a route's handler declares, when it is a `responds()` marker. */
export const respondsOf = (handler: unknown): Responds | undefined =>
  typeof handler === 'function' && RESPONDS in handler ? (handler as { [RESPONDS]: Responds })[RESPONDS] : undefined;

const isMediaTypes = (body: z.ZodType | readonly MediaType[]): body is readonly MediaType[] => Array.isArray(body);

/**
 * Declares a route's answer: `responds(200, productDto)`, `responds(200, 'application/pdf')`,
 * `responds(204)`. At request time it only passes the request on; a route may declare more than
 * one answer (health's 200 and 503).
 */
export const responds = (status: number, body?: z.ZodType | MediaType | readonly MediaType[], description?: string): MiddlewareHandler => {
  const declared: Responds = {
    status,
    body: body === undefined ? null : typeof body === 'string' ? { file: [body] } : isMediaTypes(body) ? { file: body } : { json: body },
    description,
  };
  const marker: MiddlewareHandler = (_c, next) => next();
  return Object.assign(marker, { [RESPONDS]: declared });
};

/**
 * What an integrator needs beyond the route's name (docs/api.md, "The API described"): a one-line
 * `summary`, and a `description` saying who may call it, what it changes and how it refuses
 * (codes and statuses). Written beside the route's `responds()` for the same reason: the route
 * says it in one place, and `openapi.ts` reads it back.
 */
export interface Documented {
  summary: string;
  description: string;
}

export const DOCUMENTED = Symbol('documented');

/** The text a route's handler declares, when it is a `documented()` marker. */
export const documentedOf = (handler: unknown): Documented | undefined =>
  typeof handler === 'function' && DOCUMENTED in handler ? (handler as { [DOCUMENTED]: Documented })[DOCUMENTED] : undefined;

/** Describes a route for the document: `documented({ summary, description })`. At request time it only passes the request on. */
export const documented = (text: Documented): MiddlewareHandler => {
  const marker: MiddlewareHandler = (_c, next) => next();
  return Object.assign(marker, { [DOCUMENTED]: { ...text } });
};
