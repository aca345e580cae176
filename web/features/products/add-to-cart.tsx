import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { availabilityOf } from '#domain/catalog/quantity-advice.ts';
import { countOf } from '#domain/catalog/units.ts';
import { messages } from '#domain/messages.ts';
import type { ProductDto } from '#http/dto.ts';
import { useCart } from '../../components/cart/cart-data.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { refusalOf } from '../../lib/error-message.ts';

/**
 * "Add to cart" beside the seed's purchase form (docs/orders.md, "Orders, cart, quick order"): the quantity goes into the
 * cart (a visitor's stays in this browser), where the cart's steppers, prices and advice take
 * over. It starts at one minimum order; any whole number is taken, and the cart says what is wrong.
 */
export function AddToCart({ product }: { product: ProductDto }) {
  const cart = useCart();
  const [quantity, setQuantity] = useState(String(product.minOrderQuantity));
  const [added, setAdded] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (availabilityOf(product) === 'sold-out') return null;

  const add = async () => {
    const wanted = Number(quantity.trim());
    if (!/^\d{1,9}$/.test(quantity.trim()) || wanted < 1) return setProblem(messages.quantityNotWhole);
    setProblem(null);
    try {
      await cart.add([{ productId: product.id, quantity: wanted }]);
      setAdded(wanted);
      notify.success(`Added ${countOf(wanted, product.unit)} to the cart`);
    } catch (error) {
      setProblem(refusalOf(error).message);
    }
  };

  return (
    <form
      aria-label="Add to cart"
      noValidate
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-5"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <div className="space-y-1">
        <label htmlFor="cart-add-quantity" className="block text-sm font-medium text-slate-900">
          Quantity for the cart
        </label>
        <input
          id="cart-add-quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'cart-add-problem' : undefined}
          className="h-10 w-32 rounded-md border border-slate-300 px-2 text-slate-900 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
        />
      </div>
      <Button type="submit" variant="secondary" disabled={cart.saving || (cart.signedIn && cart.view === null)} aria-busy={cart.saving}>
        Add to cart
      </Button>
      {problem ? (
        <p id="cart-add-problem" role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      ) : added !== null ? (
        <p role="status" className="w-full text-sm text-slate-800">
          {countOf(added, product.unit)} in the cart.{' '}
          <Link to="/cart" className="font-semibold text-amber-800 underline">
            View cart
          </Link>
        </p>
      ) : null}
    </form>
  );
}
