import type { AnyFormApi } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { multiplyCents } from '#domain/shared/money.ts';
import { unitPriceFor } from '#domain/catalog/pricing.ts';
import { availabilityOf } from '#domain/catalog/quantity-advice.ts';
import type { OrderDto, ProductDto } from '#http/dto.ts';
import { QuantityAdvice } from './quantity-advice.tsx';
import { RequestQuoteDialog } from '../../components/quotes/request-quote-dialog.tsx';
import { orderFormSchema } from './order-form-schema.ts';
import { usePlaceOrder } from '../../lib/place-order.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { formatCents } from '../../lib/format.ts';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useResendVerification } from '../../components/account/api.ts';
import { useSession } from '../../lib/session.ts';
import { wholeUnits } from '../../lib/cart.ts';
import { useCart } from '../../lib/cart-view.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { countOf, priceOf } from '#domain/catalog/units.ts';
import { useFocusResult } from '../../lib/focus-result.ts';

/**
 * Live "Total: $X" while typing, at the volume price the quantity reaches (the same domain
 * function the server charges by); $0.00 until the quantity is a whole number.
 */
function TotalLine({ product, quantity }: { product: ProductDto; quantity: string }) {
  const whole = /^\d{1,9}$/.test(quantity.trim()) ? Number(quantity.trim()) : 0;
  const total = multiplyCents(unitPriceFor(product, whole), whole) ?? 0;
  return (
    <p className="text-lg font-bold text-slate-900" aria-live="polite">
      Total: {formatCents(total)}
    </p>
  );
}

/**
 * After a successful order the form closes into what happened and what comes next: the
 * order waits for payment, so Pay Now is one click away; Order again opens an empty form.
 */
function OrderPlaced({ order, onOrderAgain }: { order: OrderDto; onOrderAgain: () => void }) {
  const panel = useFocusResult<HTMLDivElement>(true);
  return (
    <div ref={panel} tabIndex={-1} role="status" className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-5 focus-visible:outline-2 focus-visible:outline-emerald-700">
      <p className="font-semibold text-emerald-900">{messages.orderPlaced}</p>
      <p className="text-sm text-slate-800">
        Order <span className="font-mono">{order.number}</span>: {countOf(order.quantity, order.unit)} of {order.productName} at {priceOf(order.unitPriceCents, order.unit)}, total {formatCents(order.totalCents)}. It waits for payment in My Order.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/dashboard/payment/$id" params={{ id: order.id }} className={buttonClass('primary')}>
          {labels.payNow}
        </Link>
        <Button variant="secondary" onClick={onOrderAgain}>
          {labels.orderAgain}
        </Button>
      </div>
    </div>
  );
}

/**
 * The cart's refusal (or a quantity that is not whole) is said under the box, not in a toast, like
 * the box's own check; it goes when the box is edited or the form is sent again.
 */
const sayUnderTheBox = (form: AnyFormApi, message: string) => {
  // Shown as if the box was left: a field's problems appear once it was (lib/validate.ts).
  form.setFieldMeta('quantity', (meta) => ({ ...meta, isBlurred: true }));
  form.setErrorMap({ onServer: { fields: { quantity: message } } });
};

/**
 * Ordering holds stock, so it needs a proven e-mail address (the server refuses it otherwise):
 * instead of a form that cannot succeed, say so and offer a new link.
 */
function VerifyBeforeOrdering() {
  const resend = useResendVerification();
  return (
    <div role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-5">
      <p className="text-slate-900">{messages.verifyBeforeOrdering}</p>
      <Button variant="secondary" disabled={resend.isPending} aria-busy={resend.isPending} onClick={() => resend.mutate()}>
        {labels.resendVerification}
      </Button>
    </div>
  );
}

/**
 * The product page's one quantity (docs/orders.md, "Orders, cart, quick order"): one box, with the
 * server's quantity advice and the live total, serves "Add to cart" for everyone and "Purchase
 * Now" for a verified buyer; a visitor sees the advice too (the advice endpoint is public) and is
 * asked to log in only to buy at once. The browser checks the purchase with the server's own
 * schema for quick feedback; the server checks again and decides the price, so its field errors
 * are shown too. Enter in the box does the form's main action: Purchase Now for a buyer who can
 * order, Add to cart for anyone else.
 */
export function PurchaseForm({ product }: { product: ProductDto }) {
  const placeOrder = usePlaceOrder();
  const session = useSession();
  const cart = useCart();
  const [placed, setPlaced] = useState<OrderDto | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const canOrder = Boolean(session?.user.emailVerified);
  const schema = orderFormSchema(product);
  const addToCart = async (formApi: AnyFormApi, quantity: string) => {
    const wanted = wholeUnits(quantity);
    if (wanted === null) return sayUnderTheBox(formApi, messages.quantityNotWhole);
    try {
      await cart.add([{ productId: product.id, quantity: wanted }]);
      setAdded(wanted);
      notify.success(`Added ${countOf(wanted, product.unit)} to the cart`);
    } catch (error) {
      sayUnderTheBox(formApi, refusalOf(error).message);
    }
  };
  const form = useAppForm({
    // One minimum order to start with; the buyer's phone and address from their profile: typed once, not for every order.
    defaultValues: { phone: session?.profile?.phone ?? '', address: session?.profile?.address ?? '', quantity: String(product.minOrderQuantity) },
    onSubmit: async ({ value, formApi }) => {
      if (!canOrder) return addToCart(formApi, value.quantity);
      try {
        const order = await placeOrder.mutateAsync({
          productId: product.id,
          quantity: Number(value.quantity.trim()),
          phone: value.phone.trim(),
          address: value.address.trim(),
        });
        formApi.reset();
        setAdded(null);
        setPlaced(order);
        notify.success(messages.orderPlaced);
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });

  if (placed) return <OrderPlaced order={placed} onOrderAgain={() => setPlaced(null)} />;

  const availability = availabilityOf(product);
  const quoteFor = (quantity: number) => [{ productId: product.id, name: product.name, unit: product.unit, quantity }];
  if (availability === 'sold-out') {
    return (
      <div className="space-y-3">
        <Button variant="secondary" disabled className="w-full sm:w-auto">
          {labels.sold}
        </Button>
        {session ? (
          // Sold out is not the end for a bulk buyer: the shop may restock or source it (docs/orders.md, "Requests for quote").
          <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-5">
            <p className="text-sm text-slate-800">{labels.quoteSoldOut}</p>
            <RequestQuoteDialog lines={quoteFor(product.minOrderQuantity)} triggerClassName="w-full sm:w-auto" />
          </div>
        ) : null}
      </div>
    );
  }
  if (availability === 'below-minimum') {
    return (
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-slate-900">
        {labels.notEnoughForMinimum(product.stock, product.minOrderQuantity)}
      </p>
    );
  }

  return (
    <>
      <form noValidate aria-label="Purchase" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" onSubmit={submitWithoutReload(form)}>
        <form.AppField name="quantity" validators={checkOnChangeBlurSubmit(validateWith(schema.shape.quantity))}>
          {(field) => (
            <>
              <field.NumberField id="order-quantity" label="Quantity" hint={labels.minimumOrderOf(countOf(product.minOrderQuantity, product.unit))} />
              <QuantityAdvice product={product} quantity={field.state.value} onChoose={(quantity) => field.handleChange(String(quantity))} />
              <TotalLine product={product} quantity={field.state.value} />
            </>
          )}
        </form.AppField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="secondary" disabled={cart.saving || (cart.signedIn && cart.view === null)} aria-busy={cart.saving} onClick={() => void addToCart(form, form.getFieldValue('quantity'))}>
            Add to cart
          </Button>
          {added !== null ? (
            <p role="status" className="text-sm text-slate-800">
              {countOf(added, product.unit)} in the cart.{' '}
              <Link to="/cart" className="font-semibold text-amber-800 underline">
                View cart
              </Link>
            </p>
          ) : null}
        </div>
        {canOrder ? (
          <>
            <form.AppField name="phone" validators={checkOnChangeBlurSubmit(validateWith(schema.shape.phone))}>
              {(field) => <field.TextField id="order-phone" label="Phone Number" type="tel" autoComplete="tel" />}
            </form.AppField>
            <form.AppField name="address" validators={checkOnChangeBlurSubmit(validateWith(schema.shape.address))}>
              {(field) => <field.TextareaField id="order-address" label="Address" autoComplete="street-address" />}
            </form.AppField>
            <form.AppForm>
              <form.SubmitButton className="w-full sm:w-auto">{labels.purchaseNow}</form.SubmitButton>
            </form.AppForm>
          </>
        ) : session ? (
          <VerifyBeforeOrdering />
        ) : (
          // The page is public; buying at once needs an account, and the login page brings the buyer back.
          <div className="space-y-3 border-t border-slate-200 pt-4">
            <p className="text-slate-900">{labels.signInToOrder}</p>
            <div className="flex flex-wrap gap-3">
              <Link to="/login" search={{ redirect: `/product/${product.id}` }} className={buttonClass('primary')}>
                Login
              </Link>
              <Link to="/signUp" search={{ redirect: `/product/${product.id}` }} className={buttonClass('secondary')}>
                Register
              </Link>
            </div>
          </div>
        )}
      </form>
      {session ? (
        // Outside the purchase form: the dialog's own form must not submit this one (React events bubble through portals).
        <form.Subscribe selector={(state) => state.values.quantity}>
          {(typed) => {
            const wanted = wholeUnits(typed);
            return wanted !== null && wanted > product.stock ? (
              <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-5">
                <p className="text-sm text-slate-900">{labels.quoteAboveStock(countOf(product.stock, product.unit))}</p>
                <RequestQuoteDialog lines={quoteFor(wanted)} triggerClassName="w-full sm:w-auto" />
              </div>
            ) : null;
          }}
        </form.Subscribe>
      ) : null}
    </>
  );
}
