/** My Order's data: its query keys and the buyer's whole order list (route loader and page share it). */
import { api } from '../../lib/api.ts';
import { everyPageQuery, keyRoots } from '../../lib/queries.ts';

export const orderKeys = {
  all: [keyRoots.orders] as const,
  mine: () => [keyRoots.orders, 'mine'] as const,
};

/** Every order of the signed-in buyer, newest first. */
export const myOrdersQuery = everyPageQuery(orderKeys.mine(), api.myOrders);
