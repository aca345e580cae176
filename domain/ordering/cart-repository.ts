import type { Product } from '../catalog/product.ts';
import type { OrderLineRequest } from './order-lines-request.ts';

/**
 * The cart's storage port (docs/orders.md, "Orders, cart, quick order"). It lives apart from the use
 * cases in cart.ts: store.ts gathers the ports and the use cases reach the store through `Ports`,
 * so one file holding both made an import cycle (domain/README.md, "No import cycles").
 */

export type CartLineRequest = OrderLineRequest;

/** A saved line with its product as it is now. */
export interface CartItem {
  product: Product;
  quantity: number;
}

export interface CartRepository {
  /** The buyer's lines in the order they were saved, each with its product. */
  itemsOf(userId: string): Promise<CartItem[]>;
  /**
   * Replaces the buyer's lines in one step. Lines naming products that do not exist are not
   * saved: their indexes come back and nothing changes.
   */
  replace(userId: string, lines: readonly CartLineRequest[]): Promise<{ missing: number[] }>;
  /** Takes these products out of the buyer's cart (they were just ordered). */
  removeProducts(userId: string, productIds: readonly string[]): Promise<void>;
}
