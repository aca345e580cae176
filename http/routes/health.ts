import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, AppPorts } from '../ports.ts';
import type { Logger } from '../logger.ts';
import { responds } from '../responds.ts';

const up = z.object({ status: z.literal('ok') });
const down = z.object({ status: z.literal('unavailable') });

/** /api/health: ok once the store answers; 503 lets a load balancer take the instance out. */
export const healthRoutes = (ports: AppPorts, logger: Logger) =>
  new Hono<AppEnv>().get('/', responds(200, up, 'The store answers.'), responds(503, down, 'The store does not answer.'), async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await ports.lifecycle.ping();
      return c.json({ status: 'ok' } satisfies z.infer<typeof up>, 200);
    } catch (error) {
      logger.warn('health check: the store does not answer', { error: String(error) });
      return c.json({ status: 'unavailable' } satisfies z.infer<typeof down>, 503);
    }
  });
