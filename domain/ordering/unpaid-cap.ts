import type { OrderRepository } from './order-repository.ts';
import { reconcilePayment, type ReconcilePaymentPorts } from './reconcile-payment.ts';

export type UnpaidCapPorts = ReconcilePaymentPorts & {
  store: { orders: Pick<OrderRepository, 'countUnpaidOf' | 'listUnpaidWithIntentOf'> };
};

/**
 * Whether the buyer already holds `maxUnpaidOrders` unpaid orders (docs/orders.md, "Orders, cart,
 * quick order"): one account cannot tie up the shelf. Placing an order and accepting a quote
 * (which places one) both ask it first. An order paid whose confirmation never reached us still
 * reads unpaid (reconcile-payment.ts): at the cap, its payment is recorded before the buyer is
 * refused for it. The store counts again in the step that inserts the order where it can make
 * that atomic (a quote's acceptance).
 */
export const unpaidOrdersAtCap = async (ports: UnpaidCapPorts, input: { buyerId: string; maxUnpaidOrders: number }): Promise<boolean> => {
  const { buyerId, maxUnpaidOrders } = input;
  const atCap = async () => (await ports.store.orders.countUnpaidOf(buyerId, maxUnpaidOrders)) >= maxUnpaidOrders;
  if (!(await atCap())) return false;
  for (const unpaid of await ports.store.orders.listUnpaidWithIntentOf(buyerId, maxUnpaidOrders)) await reconcilePayment(ports, unpaid);
  return atCap();
};
