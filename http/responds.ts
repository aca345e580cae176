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
 * (http/validation.ts), so that the API's own description (http/openapi.ts, README.md "The API
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
