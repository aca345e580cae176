/**
 * A visitor's cart priced in the browser by the domain's own `priceCart`, worded as the server
 * words it (http/cart-dto.ts), so the lines and totals are the very ones the server answers.
 * Loaded by lib/cart-view.ts only for a visitor: a buyer's cart comes priced and worded from the
 * server, so their pages load neither the pricing nor the server's words (docs/storefront.md,
 * "First-load JavaScript").
 */
import { priceCart } from '#domain/ordering/cart.ts';
import type { CartDto, ProductDto } from '#http/dto.ts';
import { toCartDto } from '#http/cart-dto.ts';
import type { CartLineInput } from './cart.ts';

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
