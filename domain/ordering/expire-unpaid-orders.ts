import { DEFAULT_UNPAID_ORDER_TTL_HOURS, holdsStock, unpaidClockStart, type Order } from './order.ts';
import type { OrderRepository } from './order-repository.ts';
import { releaseUnpaidOrder, type ReleaseUnpaidOrderPorts } from './release-unpaid-order.ts';

export type ExpireUnpaidOrdersPorts = ReleaseUnpaidOrderPorts & { store: { orders: Pick<OrderRepository, 'listUnpaidPlacedBefore'> } };
export type UnlessExpiredPorts = ReleaseUnpaidOrderPorts & { store: { orders: Pick<OrderRepository, 'findById'> } };

/** How many expired orders one round of the sweep reads at a time, and the rounds of one sweep. */
const BATCH = 100;
const HOUR_MS = 60 * 60 * 1000;
const ROUNDS = 100;

/**
 * Unpaid orders hold stock only for a while (`UNPAID_ORDER_TTL_HOURS`, README.md "Configuration"):
 * older ones are let go, units back on the shelf, unless their payment went through (then they
 * are recorded as paid). Returns how many were let go.
 */
export const expireUnpaidOrders = async (
  deps: ExpireUnpaidOrdersPorts,
  { unpaidOrderTtlHours }: { unpaidOrderTtlHours: number },
): Promise<number> => {
  const cutoff = new Date(deps.clock.now().getTime() - unpaidOrderTtlHours * HOUR_MS);
  let released = 0;
  // Bounded, so an order that cannot be let go (its payment disagrees with it) never holds the
  // sweep in a loop; the next sweep carries on.
  for (let round = 0; round < ROUNDS; round++) {
    const due = await deps.store.orders.listUnpaidPlacedBefore(cutoff, BATCH);
    for (const order of due) if ((await releaseUnpaidOrder(deps, { order })) === 'released') released += 1;
    if (due.length < BATCH) break;
  }
  return released;
};

/**
 * Whether an order is past its time at `now`: holding stock (unpaid, or awaiting a company
 * manager's approval) and its clock (unpaidClockStart) started before now minus the TTL, the
 * cutoff the sweep reads with (`listUnpaidPlacedBefore`).
 */
export const hasExpired = (order: Pick<Order, 'status' | 'createdAt' | 'approval'>, now: Date, ttlMs: number): boolean =>
  holdsStock(order) && unpaidClockStart(order).getTime() < now.getTime() - ttlMs;

/**
 * The order as it stands once expiry has had its say, for a use case about to act on it: one past
 * `UNPAID_ORDER_TTL_HOURS` (handed in as a value, like the unpaid-order cap) is let go right here,
 * exactly as the sweep would (releaseUnpaidOrder: its units back on the shelf, or its payment
 * recorded if it went through), so the rule holds whether or not a sweep ran first (docs/security.md,
 * "Security": nobody sees an order that has expired). Null when the order is gone.
 */
export const unlessExpired = async (
  deps: UnlessExpiredPorts,
  { order, unpaidOrderTtlHours = DEFAULT_UNPAID_ORDER_TTL_HOURS }: { order: Order; unpaidOrderTtlHours?: number | undefined },
): Promise<Order | null> => {
  const ttlMs = unpaidOrderTtlHours * HOUR_MS;
  if (!hasExpired(order, deps.clock.now(), ttlMs)) return order;
  // Released: gone, as after the sweep. Paid or raced: whatever now stands is the answer.
  return (await releaseUnpaidOrder(deps, { order })) === 'released' ? null : deps.store.orders.findById(order.id);
};
