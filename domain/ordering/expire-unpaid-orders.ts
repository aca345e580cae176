import type { Clock } from '../shared/clock.ts';
import type { Store } from '../store.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { releaseUnpaidOrder } from './release-unpaid-order.ts';

/** How many expired orders one round of the sweep reads at a time, and the rounds of one sweep. */
const BATCH = 100;
const ROUNDS = 100;

/**
 * Unpaid orders hold stock only for a while (`UNPAID_ORDER_TTL_HOURS`, README "Configuration"):
 * older ones are let go, units back on the shelf, unless their payment went through (then they
 * are recorded as paid). Returns how many were let go.
 */
export const expireUnpaidOrders = async (
  deps: { store: Store; payments: PaymentGateway; clock: Clock },
  ttlMs: number,
): Promise<number> => {
  const cutoff = new Date(deps.clock.now().getTime() - ttlMs);
  let released = 0;
  // Bounded, so an order that cannot be let go (its payment disagrees with it) never holds the
  // sweep in a loop; the next sweep carries on.
  for (let round = 0; round < ROUNDS; round++) {
    const due = await deps.store.orders.listUnpaidPlacedBefore(cutoff, BATCH);
    for (const order of due) if ((await releaseUnpaidOrder(deps, order)) === 'released') released += 1;
    if (due.length < BATCH) break;
  }
  return released;
};
