/**
 * The cart with its priced lines (docs/orders.md, "Orders, cart, quick order"), for the pages that
 * show them: a buyer's as the server answers it, a visitor's priced in the browser by the domain's
 * own `priceCart` (lib/browser-cart-pricing.ts, loaded for visitors only), giving the very lines
 * and totals the server answers. Apart from lib/cart.ts so the navbar's count and an Add to cart load neither
 * the pricing nor its words (docs/storefront.md, "First-load JavaScript").
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CartDto } from '#http/dto.ts';
import type * as BrowserCartPricingModule from './browser-cart-pricing.ts';
import { cartQuery, useBrowserCart, useCartActions, type CartActions } from './cart.ts';
import { productQuery } from './queries.ts';
import { isAdmin, useSession } from './session.ts';

type BrowserCartPricing = typeof BrowserCartPricingModule;
let browserCartPricing: BrowserCartPricing | undefined;

/** The visitor's pricing, loaded the first time a visitor's cart is shown (null until it has arrived). */
function useBrowserCartPricing(wanted: boolean): BrowserCartPricing | null {
  const [pricing, setPricing] = useState(browserCartPricing ?? null);
  useEffect(() => {
    if (!wanted || pricing) return;
    let live = true;
    void import('./browser-cart-pricing.ts').then((loaded) => {
      browserCartPricing = loaded;
      if (live) setPricing(loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted, pricing]);
  return pricing;
}

export interface Cart extends CartActions {
  /** Null while it loads (or for an admin, who does not buy). */
  view: CartDto | null;
}

/** The cart of whoever uses this browser now, with its lines priced. */
export function useCart(): Cart {
  const actions = useCartActions();
  const session = useSession();
  const buyer = Boolean(session) && !isAdmin(session);
  const server = useQuery({ ...cartQuery, enabled: buyer });
  const browserLines = useBrowserCart();
  const products = useQueries({
    queries: session === null ? browserLines.map((line) => productQuery(line.productId)) : [],
  });
  const known = new Map(products.flatMap((query) => (query.data ? [[query.data.id, query.data] as const] : [])));
  const pricing = useBrowserCartPricing(session === null);
  const view = buyer ? (server.data ?? null) : session === null && pricing ? pricing.priceBrowserCart(browserLines, known) : null;
  return { ...actions, view };
}
