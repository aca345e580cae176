import { isAdmin, type User } from '../identity/user.ts';
import { MIN_ORDER_QUANTITY } from '../catalog/product-terms.ts';
import { forbidden, type ErrorOf } from '../shared/errors.ts';
import { fail, ok, type Result } from '../shared/result.ts';
import type { ProductRepository } from '../catalog/product-repository.ts';
import type { InboxRepository } from '../content/content-repository.ts';
import type { OrderRepository } from '../ordering/order-repository.ts';
import type { RefundRepository } from '../ordering/payment-to-refund.ts';
import type { QuoteRepository } from '../quoting/quote-repository.ts';

/** The admin dashboard's counts, each one query, however large the shop. */
export interface ShopOverview {
  ordersAwaitingShipment: number;
  unpaidOrders: number;
  /** Products holding fewer units than one minimum order: nobody can buy them until restocked. */
  lowStockProducts: number;
  contactMessages: number;
  /** Contact messages no admin has marked read yet. */
  unreadContactMessages: number;
  /** Succeeded payments no order could take, waiting for an admin to refund them. */
  paymentsToRefund: number;
  /** Requests for quote no admin has answered yet (status `requested`). */
  quotesAwaitingAnswer: number;
}

export const LOW_STOCK_BELOW = MIN_ORDER_QUANTITY;

export type ShopOverviewPorts = {
  store: {
    orders: Pick<OrderRepository, 'count'>;
    products: Pick<ProductRepository, 'countBelowStock'>;
    inbox: Pick<InboxRepository, 'countContactMessages' | 'countUnreadContactMessages'>;
    refunds: Pick<RefundRepository, 'count'>;
    quotes: Pick<QuoteRepository, 'count'>;
  };
};

export const shopOverview = async ({ store }: ShopOverviewPorts, { actor }: { actor: User }): Promise<Result<ShopOverview, ErrorOf<'FORBIDDEN'>>> => {
  if (!isAdmin(actor)) return fail(forbidden());
  const [ordersAwaitingShipment, unpaidOrders, lowStockProducts, contactMessages, unreadContactMessages, paymentsToRefund, quotesAwaitingAnswer] = await Promise.all([
    store.orders.count({ status: 'pending' }),
    store.orders.count({ status: 'unpaid' }),
    store.products.countBelowStock(LOW_STOCK_BELOW),
    store.inbox.countContactMessages(),
    store.inbox.countUnreadContactMessages(),
    store.refunds.count(),
    store.quotes.count({ status: 'requested' }),
  ]);
  return ok({ ordersAwaitingShipment, unpaidOrders, lowStockProducts, contactMessages, unreadContactMessages, paymentsToRefund, quotesAwaitingAnswer });
};
