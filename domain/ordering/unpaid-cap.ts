import type { Ports } from '../ports.ts';
import { reconcilePayment } from './reconcile-payment.ts';

/**
 * Whether the buyer already holds `maxUnpaidOrders` unpaid orders (README.md, "Orders, cart,
 * quick order"): one account cannot tie up the shelf. Placing an order and accepting a quote
 * (which places one) both ask it first. An order paid whose confirmation never reached us still
 * reads unpaid (reconcile-payment.ts): at the cap, its payment is recorded before the buyer is
 * refused for it. The store counts again in the step that inserts the order where it can make
 * that atomic (a quote's acceptance).
 */
export const unpaidOrdersAtCap = async (
  { store, clock, payments }: Pick<Ports, 'store' | 'clock' | 'payments'>,
  buyerId: string,
  maxUnpaidOrders: number,
): Promise<boolean> => {
  const atCap = async () => (await store.orders.countUnpaidOf(buyerId, maxUnpaidOrders)) >= maxUnpaidOrders;
  if (!(await atCap())) return false;
  for (const unpaid of await store.orders.listUnpaidWithIntentOf(buyerId, maxUnpaidOrders)) await reconcilePayment({ store, clock, payments }, unpaid);
  return atCap();
};
