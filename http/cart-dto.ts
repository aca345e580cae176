import type { CartView, PricedCartLine, ReorderResult } from '#domain/ordering/cart.ts';
import type { ResolvedRow, Unmatched } from '#domain/ordering/resolve-pasted-list.ts';
import type { CartDto, CartLineDto, ReorderDto, ResolvedRowDto } from './dto.ts';
import { adviceText, messages } from '#http/messages.ts';

/*
 * The cart, "Order again" and quick order's rows as the API answers them: the domain gives the
 * advice as data (domain/catalog/quantity-advice-note.ts), these put it into the catalogue's words.
 * The web app imports this file too: the browser cart of a visitor is priced by the same domain
 * function and must read exactly as the server's.
 */

/** A cart line with its advice in words (`message`), in the place the contract lists it. */
const toCartLineDto = ({ advised, suggestion, ...line }: PricedCartLine): CartLineDto => ({
  ...line,
  message: advised && adviceText(advised),
  suggestion,
});

export const toCartDto = (cart: CartView): CartDto => ({ ...cart, lines: cart.lines.map(toCartLineDto) });

/** "Order again": the cart, and each line left out with its reason in words. */
export const toReorderDto = ({ cart, notAdded }: ReorderResult): ReorderDto => ({
  cart: toCartDto(cart),
  notAdded: notAdded.map(({ position, sku, productName, reason, stock, minimum }) => ({
    position,
    sku,
    productName,
    reason,
    message:
      reason === 'product-gone'
        ? messages.reorderProductGone
        : reason === 'sold-out'
          ? messages.reorderSoldOut
          : adviceText({ code: 'STOCK_BELOW_MINIMUM', stock, minimum }),
  })),
});

const unmatchedText = (unmatched: Unmatched, typed: string): string =>
  unmatched === 'unknown-name' ? messages.rowUnknownName(typed) : unmatched === 'several-match' ? messages.rowSeveralMatch(typed) : messages.rowUnknownSku(typed);

/**
 * A quick-order row with what to tell the buyer (`message`) and its merge (`note`) in words: an
 * unreadable line and an unknown SKU say so, a duplicate says where it went, a known product's
 * row says its quantity advice.
 */
export const toResolvedRowDto = ({ advised, unmatched, ...row }: ResolvedRow): ResolvedRowDto => ({
  ...row,
  message:
    row.status === 'unreadable'
      ? messages.rowUnreadable
      : unmatched !== null
        ? unmatchedText(unmatched, row.sku ?? '')
        : advised && adviceText(advised),
  note:
    row.mergedInto !== null ? messages.rowMergedInto(row.mergedInto) : row.mergedLines.length > 0 ? messages.rowMergedFrom(row.mergedLines) : null,
});
