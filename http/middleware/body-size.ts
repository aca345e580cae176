import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '#http/messages.ts';
import { problemOf } from '../problem.ts';

/**
 * Refuses bodies over `maxSize` bytes with 413 before they are buffered. A body that declares its
 * length is judged by it (Node reads no byte past it), as hono's bodyLimit judges it, but without
 * asking for the body stream first: that makes @hono/node-server build a full Request, a twentieth
 * of taking an order, where reading the body later takes its direct path. A chunked body, which
 * declares nothing, is counted by bodyLimit as it arrives.
 */
export const bodySizeLimit = (maxSize: number): MiddlewareHandler => {
  const tooLarge = (c: Parameters<MiddlewareHandler>[0]) => problemOf(c, 'PAYLOAD_TOO_LARGE', messages.bodyTooLarge);
  const counted = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    return Number.parseInt(declared, 10) > maxSize ? tooLarge(c) : next();
  };
};
