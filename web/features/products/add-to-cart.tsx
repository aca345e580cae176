import type { AnyFormApi } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { availabilityOf } from '#domain/catalog/quantity-advice.ts';
import { countOf } from '#domain/catalog/units.ts';
import { messages } from '../../lib/messages.ts';
import type { ProductDto } from '#http/dto.ts';
import { useCart } from '../../lib/cart.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { refusalOf } from '../../lib/error-message.ts';
import { checkOnBlur, checkOnChangeBlurSubmit, fieldError } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';

/**
 * "Add to cart" beside the seed's purchase form (docs/orders.md, "Orders, cart, quick order"): the quantity goes into the
 * cart (a visitor's stays in this browser), where the cart's steppers, prices and advice take
 * over. It starts at one minimum order; any whole number is taken, and the cart says what is wrong.
 */
/** A whole number of units, 1 or more (the cart's own rules come after, from the server). */
const wholeUnits = ({ value }: { value: string }) => (/^\d{1,9}$/.test(value.trim()) && Number(value.trim()) >= 1 ? undefined : messages.quantityNotWhole);

/**
 * The cart's refusal is said under the box (not in a toast), like the box's own check; it goes
 * when the box is edited or the form is sent again.
 */
const sayUnderTheBox = (form: AnyFormApi, message: string) => form.setErrorMap({ onServer: { fields: { quantity: message } } });

export function AddToCart({ product }: { product: ProductDto }) {
  const cart = useCart();
  const [added, setAdded] = useState<number | null>(null);
  const form = useAppForm({
    defaultValues: { quantity: String(product.minOrderQuantity) },
    onSubmit: async ({ value, formApi }) => {
      const wanted = Number(value.quantity.trim());
      try {
        await cart.add([{ productId: product.id, quantity: wanted }]);
        setAdded(wanted);
        notify.success(`Added ${countOf(wanted, product.unit)} to the cart`);
      } catch (error) {
        sayUnderTheBox(formApi, refusalOf(error).message);
      }
    },
  });
  if (availabilityOf(product) === 'sold-out') return null;

  return (
    <form aria-label="Add to cart" noValidate className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-5" onSubmit={submitWithoutReload(form)}>
      <form.Field name="quantity" validators={checkOnChangeBlurSubmit(wholeUnits)}>
        {(field) => {
          const problem = fieldError(field);
          return (
            <>
              <div className="space-y-1">
                <label htmlFor="cart-add-quantity" className="block text-sm font-medium text-slate-900">
                  Quantity for the cart
                </label>
                <input
                  id="cart-add-quantity"
                  inputMode="numeric"
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={checkOnBlur(field)}
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
            </>
          );
        }}
      </form.Field>
    </form>
  );
}
