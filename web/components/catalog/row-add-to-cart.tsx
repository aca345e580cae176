import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { countOf, unitFor } from '#domain/catalog/units.ts';
import type { ProductDto } from '#http/dto.ts';
import { useCartActions, wholeUnits } from '../../lib/cart.ts';
import { labels } from '../../lib/labels.ts';
import { isAdmin, useSession } from '../../lib/session.ts';
import { buttonClass } from '../ui/button.tsx';

type Said = { kind: 'added'; quantity: number } | { kind: 'problem'; text: string };

/**
 * A catalogue row's quantity box and Add (docs/storefront.md, "The catalogue on a phone"): a
 * buyer fills the cart from the list without opening each product. The box starts at one minimum
 * order; Add puts what is typed in the cart, whose advice then says what a quantity lacks (packs,
 * stock), as the product page's Add to cart does. The catalogue is rendered on the server, so
 * this renders the same there and in the browser: nothing here depends on who is signed in or
 * on the cart until Add is pressed. Without JavaScript the form opens the product page, whose buy
 * box works without it. Add is never disabled while it saves (a disabled button loses the focus):
 * a second press meanwhile is ignored.
 */
export function RowAddToCart({ product, className = '' }: { product: ProductDto; className?: string }) {
  const cart = useCartActions();
  const session = useSession();
  const [typed, setTyped] = useState(String(product.minOrderQuantity));
  const [said, setSaid] = useState<Said | null>(null);
  const id = `row-quantity-${product.id}`;
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cart.saving) return;
    const quantity = wholeUnits(typed);
    // The words load when first needed: this form is on the home page, whose first load stays
    // without them (docs/storefront.md, "First-load JavaScript").
    if (quantity === null || isAdmin(session)) {
      const { messages } = await import('../../lib/messages.ts');
      return setSaid({ kind: 'problem', text: quantity === null ? messages.quantityNotWhole : messages.adminCannotBuy });
    }
    try {
      await cart.add([{ productId: product.id, quantity }]);
      setSaid({ kind: 'added', quantity });
    } catch (error) {
      const { refusalOf } = await import('../../lib/error-message.ts');
      setSaid({ kind: 'problem', text: refusalOf(error).message });
    }
  };
  return (
    <div className={className}>
      <form action={`/product/${encodeURIComponent(product.id)}`} method="get" noValidate className="flex flex-wrap items-center gap-2" onSubmit={(event) => void add(event)}>
        <label htmlFor={id} className="sr-only">
          Quantity of {product.name}
        </label>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          aria-invalid={said?.kind === 'problem'}
          aria-describedby={`${id}-hint${said ? ` ${id}-said` : ''}`}
          onChange={(event) => {
            setTyped(event.target.value);
            setSaid(null);
          }}
          className="h-9 w-20 rounded-md border border-slate-400 px-2 text-right text-slate-900 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none aria-[invalid=true]:border-red-600"
        />
        <span id={`${id}-hint`} className="text-xs text-slate-700">
          {unitFor(2, product.unit)}
          <span className="sr-only">, {labels.minimumOrderOf(countOf(product.minOrderQuantity, product.unit))}</span>
        </span>
        {/* The name starts with the visible word (axe label-content-name-mismatch) and says which product. */}
        <button type="submit" aria-label={`Add ${product.name} to the cart`} aria-busy={cart.saving || undefined} className={buttonClass('secondary', 'h-9 px-3')}>
          Add
        </button>
      </form>
      <div id={`${id}-said`} aria-live="polite" className="text-sm">
        {said?.kind === 'added' ? (
          <p className="mt-1 text-slate-800">
            {countOf(said.quantity, product.unit)} in the cart.{' '}
            <Link to="/cart" className="font-semibold text-amber-800 underline">
              View cart
            </Link>
          </p>
        ) : said?.kind === 'problem' ? (
          <p className="mt-1 font-medium text-red-700">{said.text}</p>
        ) : null}
      </div>
    </div>
  );
}
