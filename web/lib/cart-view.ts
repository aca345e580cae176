/**
 * The cart with its priced lines (docs/orders.md, "Orders, cart, quick order"), for the pages that
 * show them: a buyer's as the server answers it, a visitor's priced here by the domain's own
 * `priceCart`, worded as the server words it (http/cart-dto.ts), giving the very lines and totals
 * the server answers. Apart from lib/cart.ts so the navbar's count and an Add to cart load neither
 * the pricing nor its words (docs/storefront.md, "First-load JavaScript").
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { priceCart } from '#domain/ordering/cart.ts';
import type { CartDto, ProductDto } from '#http/dto.ts';
import { toCartDto } from '#http/cart-dto.ts';
import { cartQuery, useBrowserCart, useCartActions, type CartActions, type CartLineInput } from './cart.ts';
import { productQuery } from './queries.ts';
import { isAdmin, useSession } from './session.ts';

/** The visitor's lines priced by the domain's own cart pricing, as the server would answer them. */
export const priceBrowserCart = (lines: readonly CartLineInput[], products: ReadonlyMap<string, ProductDto>): CartDto =>
  toCartDto(
    priceCart(
      lines.flatMap(({ productId, quantity }) => {
        const product = products.get(productId);
        return product ? [{ product, quantity }] : [];
      }),
    ),
  );

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
  const view = buyer ? (server.data ?? null) : session === null ? priceBrowserCart(browserLines, known) : null;
  return { ...actions, view };
}
