import { Hono } from 'hono';
import type { AppEnv, AppPorts } from '../ports.ts';
import type { Logger } from '../logger.ts';

/** /api/health: ok once the store answers; 503 lets a load balancer take the instance out. */
export const healthRoutes = (ports: AppPorts, logger: Logger) =>
  new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await ports.lifecycle.ping();
      return c.json({ status: 'ok' as const }, 200);
    } catch (error) {
      logger.warn('health check: the store does not answer', { error: String(error) });
      return c.json({ status: 'unavailable' as const }, 503);
    }
  });
