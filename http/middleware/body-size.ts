import { bodyLimit } from 'hono/body-limit';
import { messages } from '#domain/messages.ts';
import { problemOf } from '../problem.ts';

/** Refuses bodies over `maxSize` bytes with 413 before they are buffered. */
export const bodySizeLimit = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => problemOf(c, 'PAYLOAD_TOO_LARGE', messages.bodyTooLarge) });
