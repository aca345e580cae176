import { Hono } from 'hono';
import { z } from 'zod';
import { messages } from '#http/messages.ts';
import type { EventLoopWatch } from '../event-loop-watch.ts';
import type { AppEnv } from '../ports.ts';
import { documented, responds } from '../responds.ts';
import { RETRY_AFTER_SECONDS, type StorageWatch } from '../storage-watch.ts';

const eventLoop = z
  .object({ p99Ms: z.number(), maxMs: z.number(), longestGcMs: z.number() })
  .describe("How late the event loop ran over the last ten seconds, and that window's longest garbage collection.");
const up = z.object({ status: z.literal('ok'), eventLoop: eventLoop.optional() });
const down = z.object({
  status: z.literal('unavailable'),
  reason: z.enum(['unreachable', 'full', 'read-only', 'busy']).describe('Why the database cannot serve.'),
  message: z.string(),
  eventLoop: eventLoop.optional(),
});
const alive = z.object({ status: z.literal('ok') });

/**
 * /api/health: readiness. 200 while the database serves; 503 with the reason while it cannot (it
 * does not answer, or requests met a full, read-only or locked database within the last seconds),
 * so a load balancer takes the instance out and puts it back by itself.
 * /api/health/live: liveness, the process answering at all; it never touches the database, so a
 * supervisor does not restart an instance that is only waiting for its database to come back.
 */
export const healthRoutes = (storage: StorageWatch, loop: Pick<EventLoopWatch, 'recent'> | null) =>
  new Hono<AppEnv>()
    .get('/', documented({
      summary: 'Readiness: can the database serve?',
      description:
        "Public, never cached; changes nothing. 200 `{status: 'ok'}` while the database serves; 503 `{status: 'unavailable', reason, message}` with `Retry-After` while it does not answer, or requests met a full, read-only or locked database within the last seconds, so a load balancer takes the instance out and puts it back by itself. Both carry the event loop's recent delays and longest garbage-collection pause when the server watches them.",
    }), responds(200, up, 'The database serves.'), responds(503, down, 'The database cannot serve just now.'), async (c) => {
      c.header('Cache-Control', 'no-store');
      const figures = loop ? { eventLoop: loop.recent() } : {};
      const failure = await storage.check();
      if (!failure) return c.json({ status: 'ok', ...figures } satisfies z.infer<typeof up>, 200);
      c.header('Retry-After', String(RETRY_AFTER_SECONDS[failure]));
      return c.json(
        { status: 'unavailable', reason: failure, message: messages.storageUnavailable[failure], ...figures } satisfies z.infer<typeof down>,
        503,
      );
    })
    .get('/live', documented({
      summary: 'Liveness: is the process answering?',
      description:
        'Public, never cached; changes nothing. 200 whenever the process answers at all. It never touches the database, so a supervisor does not restart an instance that is only waiting for its database to come back.',
    }), responds(200, alive, 'The process answers.'), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' } satisfies z.infer<typeof alive>, 200);
    });
