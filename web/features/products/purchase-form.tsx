import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import { multiplyCents } from '#domain/shared/money.ts';
import { unitPriceFor } from '#domain/catalog/pricing.ts';
import { availabilityOf } from '#domain/catalog/quantity-advice.ts';
import type { OrderDto, ProductDto } from '#http/dto.ts';
import { QuantityAdvice } from './quantity-advice.tsx';
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
import { countOf, priceOf } from '#domain/catalog/units.ts';
import { useFocusOnMount } from '../../lib/focus-on-mount.ts';

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
  const panel = useFocusOnMount<HTMLDivElement>();
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
 * The bulk purchase form. The browser checks with the server's own schema for quick feedback;
 * the server checks again and decides the price, so its field errors are shown too.
 */
export function PurchaseForm({ product }: { product: ProductDto }) {
  const placeOrder = usePlaceOrder();
  const session = useSession();
  const [placed, setPlaced] = useState<OrderDto | null>(null);
  const schema = orderFormSchema(product);
  const form = useAppForm({
    // The buyer's phone and address from their profile: typed once, not for every order.
    defaultValues: { phone: session?.profile?.phone ?? '', address: session?.profile?.address ?? '', quantity: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        const order = await placeOrder.mutateAsync({
          productId: product.id,
          quantity: Number(value.quantity.trim()),
          phone: value.phone.trim(),
          address: value.address.trim(),
        });
        formApi.reset();
        setPlaced(order);
        notify.success(messages.orderPlaced);
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });

  if (placed) return <OrderPlaced order={placed} onOrderAgain={() => setPlaced(null)} />;
  if (session && !session.user.emailVerified) return <VerifyBeforeOrdering />;

  const availability = availabilityOf(product);
  if (availability === 'sold-out') {
    return (
      <Button variant="secondary" disabled className="w-full sm:w-auto">
        {labels.sold}
      </Button>
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
    <form noValidate aria-label="Purchase" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" onSubmit={submitWithoutReload(form)}>
      <form.AppField name="phone" validators={checkOnChangeBlurSubmit(validateWith(schema.shape.phone))}>
        {(field) => <field.TextField id="order-phone" label="Phone Number" type="tel" autoComplete="tel" />}
      </form.AppField>
      <form.AppField name="address" validators={checkOnChangeBlurSubmit(validateWith(schema.shape.address))}>
        {(field) => <field.TextareaField id="order-address" label="Address" autoComplete="street-address" />}
      </form.AppField>
      <form.AppField name="quantity" validators={checkOnChangeBlurSubmit(validateWith(schema.shape.quantity))}>
        {(field) => (
          <>
            <field.NumberField id="order-quantity" label="Quantity" hint={labels.minimumOrderOf(countOf(product.minOrderQuantity, product.unit))} />
            <QuantityAdvice product={product} quantity={field.state.value} onChoose={(quantity) => field.handleChange(String(quantity))} />
            <TotalLine product={product} quantity={field.state.value} />
          </>
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton className="w-full sm:w-auto">{labels.purchaseNow}</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
