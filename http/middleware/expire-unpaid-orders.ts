import type { MiddlewareHandler } from 'hono';
import { expireUnpaidOrders } from '#domain/ordering/expire-unpaid-orders.ts';
import type { Logger } from '../logger.ts';
import type { AppEnv, AppPorts, HttpSettings } from '../ports.ts';

/** How often, at most, a request sweeps: an order that expired a second ago may wait one more. */
const AT_MOST_EVERY_MS = 1_000;

/**
 * Unpaid orders expire (docs/security.md "Security"): swept at start and hourly by the server, and here
 * before every order read and placement, so nobody sees or waits on an order that has expired.
 * Requests arriving together share one sweep.
 */
export const expireUnpaidOrdersFirst = (ports: AppPorts, settings: HttpSettings, logger: Logger): MiddlewareHandler<AppEnv> => {
  let running: Promise<unknown> | null = null;
  let lastSweep = Number.NEGATIVE_INFINITY;
  return async (_c, next) => {
    const now = ports.clock.now().getTime();
    if (!running && now - lastSweep >= AT_MOST_EVERY_MS) {
      lastSweep = now;
      // A sweep that fails (the payment provider down) is logged and tried again on the next
      // request: it never keeps a buyer from reading their orders.
      running = expireUnpaidOrders(ports, { unpaidOrderTtlHours: settings.unpaidOrderTtlHours })
        .catch((error: unknown) => logger.warn('expiring unpaid orders failed', { error: String(error) }))
        .finally(() => {
          running = null;
        });
    }
    if (running) await running;
    await next();
  };
};
