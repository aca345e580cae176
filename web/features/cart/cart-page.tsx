import { Link, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFocusResult } from '../../lib/focus-result.ts';
import { z } from 'zod';
import { messages } from '../../lib/messages.ts';
import { countOf } from '#domain/catalog/units.ts';
import { MAX_ORDER_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH } from '#domain/ordering/order-lines-request.ts';
import type { CartDto, CartLineDto } from '#http/dto.ts';
import { addressField, phoneField } from '#http/schemas.ts';
import { usePlaceOrder } from '../../lib/place-order.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { checkOnChangeBlurSubmit, validateWith } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { cartQuery } from '../../lib/cart.ts';
import { useCart, type Cart } from '../../lib/cart-view.ts';
import { labels } from '../../lib/labels.ts';
import { CartAttention, linesNeedingAttention, withFixes } from './cart-attention.tsx';
import { RequestQuoteDialog } from '../../components/quotes/request-quote-dialog.tsx';
import { CompanySitePicker, shipToOf } from '../../components/company/site-picker.tsx';
import { listUnitPriceOf, UnitPrice } from '../../components/catalog/your-price.tsx';

const optionalText = (max: number) => z.string().trim().max(max, messages.tooLong(max));
const checkoutSchema = z.object({
  phone: phoneField,
  address: addressField,
  poNumber: optionalText(MAX_PO_NUMBER_LENGTH),
  note: optionalText(MAX_ORDER_NOTE_LENGTH),
});

/** The problems the server named per line (`lines.2.quantity`), by line index. */
const lineProblems = (fields: Record<string, string>): Map<number, string> => {
  const problems = new Map<number, string>();
  for (const [field, message] of Object.entries(fields)) {
    const index = /^lines\.(\d+)\./.exec(field)?.[1];
    if (index !== undefined && !problems.has(Number(index))) problems.set(Number(index), message);
  }
  return problems;
};

/**
 * A quantity stepper that moves by whole packs, never below one minimum order; the box takes any
 * number typed and saves it when the buyer leaves it or presses Enter (the line's advice then
 * says what is wrong with it, if anything).
 */
function QuantityStepper({ line, disabled, onChange }: { line: CartLineDto; disabled: boolean; onChange: (quantity: number) => void }) {
  const [typed, setTyped] = useState(String(line.quantity));
  const commit = () => {
    const quantity = Number(typed.trim());
    if (Number.isSafeInteger(quantity) && quantity > 0 && quantity !== line.quantity) onChange(quantity);
    else setTyped(String(line.quantity));
  };
  const step = line.packSize;
  const down = Math.max(line.minOrderQuantity, Math.ceil(line.quantity / step) * step - step);
  const up = Math.floor(line.quantity / step) * step + step;
  const id = `cart-quantity-${line.productId}`;
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        Quantity of {line.name}
      </label>
      <Button variant="secondary" className="h-10 w-10 px-0" aria-label={`${countOf(step, line.unit)} fewer`} disabled={disabled || line.quantity <= line.minOrderQuantity} onClick={() => onChange(down)}>
        −
      </Button>
      <input
        id={id}
        inputMode="numeric"
        className="h-10 w-24 rounded-md border border-slate-300 px-2 text-right text-slate-900 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
        value={typed}
        disabled={disabled}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <Button variant="secondary" className="h-10 w-10 px-0" aria-label={`${countOf(step, line.unit)} more`} disabled={disabled} onClick={() => onChange(up)}>
        +
      </Button>
    </div>
  );
}

function CartLineItem({ line, problem, cart, index }: { line: CartLineDto; problem: string | undefined; cart: Cart; index: number }) {
  const view = cart.view!;
  const others = view.lines.filter((other) => other.productId !== line.productId).map(({ productId, quantity }) => ({ productId, quantity }));
  const setQuantity = (quantity: number) => {
    const lines = view.lines.map((other) => ({
      productId: other.productId,
      quantity: other.productId === line.productId ? quantity : other.quantity,
    }));
    cart.save(lines).catch((error: unknown) => notify.error(refusalOf(error).message));
  };
  const suggested = line.suggestion?.quantity ?? null;
  const note = problem ?? line.message;
  return (
    <li className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[5rem_1fr_auto]" aria-label={`Line ${index + 1}: ${line.name}`}>
      <Link to="/product/$productId" params={{ productId: line.productId }} tabIndex={-1} aria-hidden="true">
        <img src={line.imageUrl} alt="" className="h-16 w-16 rounded object-cover sm:h-20 sm:w-20" loading="lazy" />
      </Link>
      <div className="min-w-0 space-y-1">
        <Link to="/product/$productId" params={{ productId: line.productId }} className="font-semibold text-slate-900 hover:underline focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none">
          {line.name}
        </Link>
        <p className="font-mono text-xs text-slate-600">{line.sku}</p>
        <p className="text-sm text-slate-700">
          <UnitPrice unitPriceCents={line.unitPriceCents} listUnitPriceCents={listUnitPriceOf(line)} unit={line.unit} />
          <span className="block text-xs text-slate-600">
            {line.packSize > 1 ? `In packs of ${countOf(line.packSize, line.unit)} · minimum` : 'Minimum'} {countOf(line.minOrderQuantity, line.unit)}
          </span>
        </p>
        {note ? (
          <p className={`text-sm ${problem || !line.advice.valid ? 'text-red-700' : 'text-amber-800'}`}>
            {note}{' '}
            {suggested ? (
              <button type="button" className="font-semibold underline focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none" onClick={() => setQuantity(suggested)} disabled={cart.saving}>
                Use {countOf(suggested, line.unit)}
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end">
        {/* Keyed by the saved quantity: a saved change starts the box afresh from it. */}
        <QuantityStepper key={line.quantity} line={line} disabled={cart.saving} onChange={setQuantity} />
        <p className="font-semibold text-slate-900">{formatCents(line.lineTotalCents)}</p>
        <Button variant="secondary" className="text-sm" aria-label={`Remove ${line.name}`} disabled={cart.saving} onClick={() => cart.save(others).catch((error: unknown) => notify.error(refusalOf(error).message))}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/** The lines as they stand, so a refusal's line problems are shown only until the lines change. */
const linesKey = (view: CartDto): string => view.lines.map(({ productId, quantity }) => `${productId}:${quantity}`).join(',');

/** What the server said when it refused the order, for the lines as they stood then. */
interface Refused {
  key: string;
  message: string;
  problems: Map<number, string>;
}

function Checkout({ view, blocked, onRefused }: { view: CartDto; blocked: string | null; onRefused: (refused: Refused | null) => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const form = useAppForm({
    defaultValues: {
      phone: session?.profile?.phone ?? '',
      address: session?.profile?.address ?? '',
      poNumber: '',
      note: '',
    },
    onSubmit: async ({ value, formApi }) => {
      onRefused(null);
      try {
        const order = await placeOrder.mutateAsync({
          lines: view.lines.map(({ productId, quantity }) => ({
            productId,
            quantity,
          })),
          phone: value.phone.trim(),
          address: value.address.trim(),
          poNumber: value.poNumber.trim() || null,
          note: value.note.trim() || null,
        });
        notify.success(messages.orderPlaced);
        await navigate({
          to: '/dashboard/payment/$id',
          params: { id: order.id },
        });
      } catch (error) {
        const refusal = refusalOf(error);
        const problems = lineProblems(refusal.fields);
        // Line problems go to the summary at the top, which takes focus and names each line; the
        // delivery fields' problems stay under their fields with the usual toast.
        if (problems.size > 0)
          onRefused({
            key: linesKey(view),
            message: refusal.message,
            problems,
          });
        else showRefusal(formApi, error);
      }
    },
  });
  return (
    <form noValidate aria-label="Place order" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5" onSubmit={submitWithoutReload(form)}>
      <h2 className="text-lg font-semibold text-slate-900">Delivery and reference</h2>
      {session?.user.role === 'admin' ? null : (
        <CompanySitePicker
          onPick={(site) => {
            form.setFieldValue('phone', site.phone);
            form.setFieldValue('address', shipToOf(site));
          }}
        />
      )}
      <form.AppField name="phone" validators={checkOnChangeBlurSubmit(validateWith(checkoutSchema.shape.phone))}>
        {(field) => <field.TextField id="cart-phone" label="Phone Number" type="tel" autoComplete="tel" />}
      </form.AppField>
      <form.AppField name="address" validators={checkOnChangeBlurSubmit(validateWith(checkoutSchema.shape.address))}>
        {(field) => <field.TextareaField id="cart-address" label="Address" autoComplete="street-address" />}
      </form.AppField>
      <form.AppField name="poNumber" validators={checkOnChangeBlurSubmit(validateWith(checkoutSchema.shape.poNumber))}>
        {(field) => <field.TextField id="cart-po" label="PO number (optional)" hint="Your purchase order number: it is printed on the order and the invoice." />}
      </form.AppField>
      <form.AppField name="note" validators={checkOnChangeBlurSubmit(validateWith(checkoutSchema.shape.note))}>
        {(field) => <field.TextareaField id="cart-note" label="Note (optional)" hint="Delivery instructions, a contact on site." />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton className="w-full sm:w-auto" disabled={blocked !== null} aria-describedby={blocked ? 'place-order-blocked' : undefined}>
          Place order · {formatCents(view.totalCents)}
        </form.SubmitButton>
        {blocked ? (
          <p id="place-order-blocked" className="text-sm text-red-800">
            {blocked}
          </p>
        ) : null}
      </form.AppForm>
    </form>
  );
}

/** `/cart` (docs/orders.md, "Orders, cart, quick order"): the lines, their prices and advice, and the order form. */
export function CartPage() {
  usePageMeta('Cart', 'Your order list: quantities by pack, volume prices, and the order in one step.');
  const cart = useCart();
  const session = useSession();
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState<Refused | null>(null);
  const [focusSummary, setFocusSummary] = useState(0);
  // Each refusal with line problems moves focus to the summary that names them.
  const summaryHeading = useFocusResult<HTMLHeadingElement>(focusSummary);
  const view = cart.view;
  // The refusal's line problems hold for the lines it was given; any change to them (a fix) drops them.
  const problems = view && refused && refused.key === linesKey(view) ? refused.problems : new Map<number, string>();
  const attention = view ? linesNeedingAttention(view.lines, problems) : [];
  const onRefused = (next: Refused | null) => {
    setRefused(next);
    if (next) {
      setFocusSummary((count) => count + 1);
      // The stock moved under the cart: read it again, so each line's advice is today's.
      void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey });
    }
  };
  const fix = (fixes: ReadonlyMap<number, number | 'remove'>) => {
    if (view) cart.save(withFixes(view.lines, fixes)).catch((error: unknown) => notify.error(refusalOf(error).message));
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Cart</h1>
        <Link to="/quickOrder" className="text-sm font-semibold text-amber-800 underline">
          Quick order: paste a list of SKUs
        </Link>
      </div>
      {session && session.user.role === 'admin' ? (
        <p className="text-slate-700">{messages.adminCannotBuy}</p>
      ) : view === null ? (
        <Spinner label="Loading your cart" />
      ) : view.lines.length === 0 ? (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-6">
          <p className="text-slate-800">Your cart is empty.</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/allProduct" className={buttonClass('primary')}>
              Browse the catalogue
            </Link>
            <Link to="/quickOrder" className={buttonClass('secondary')}>
              Paste a list
            </Link>
          </div>
        </div>
      ) : (
        <>
          <a
            href="#order-summary"
            className="sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-amber-800 underline focus:not-sr-only focus:inline-block focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
            onClick={(event) => {
              event.preventDefault();
              document.getElementById('order-summary')?.focus();
            }}
          >
            {labels.skipToOrderSummary}
          </a>
          <CartAttention attention={attention} refusal={refused && problems.size > 0 ? refused.message : null} saving={cart.saving} onFix={fix} headingRef={summaryHeading} />
          <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
            <section aria-label="Lines" className="space-y-3">
              <ul className="space-y-3">
                {view.lines.map((line, index) => (
                  <CartLineItem key={line.productId} line={line} index={index} problem={problems.get(index)} cart={cart} />
                ))}
              </ul>
            </section>
            <aside className="space-y-4">
              <dl
                id="order-summary"
                tabIndex={-1}
                aria-label="Order summary"
                className="space-y-1 rounded-lg border border-slate-200 bg-white p-5 text-slate-800 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
                aria-live="polite"
              >
                <div className="flex justify-between">
                  <dt>Lines</dt>
                  <dd>{view.lineCount}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>Units</dt>
                  <dd>{view.itemCount.toLocaleString('en-US')}</dd>
                </div>
                <div className="flex justify-between text-lg font-bold text-slate-900">
                  <dt>Total</dt>
                  <dd>{formatCents(view.totalCents)}</dd>
                </div>
              </dl>
              {cart.signedIn ? (
                <>
                  <Checkout view={view} blocked={attention.length > 0 ? labels.placeOrderBlocked(attention.length) : null} onRefused={onRefused} />
                  <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-5">
                    <p className="text-sm text-slate-700">More than the stock, a price for the volume or a date? Ask us for a quote on these lines.</p>
                    <RequestQuoteDialog lines={view.lines.map(({ productId, name, unit, quantity }) => ({ productId, name, unit, quantity }))} />
                  </div>
                </>
              ) : (
                <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
                  <p className="text-slate-800">Log in to place the order: your cart comes with you.</p>
                  <div className="flex flex-wrap gap-3">
                    <Link to="/login" search={{ redirect: '/cart' }} className={buttonClass('primary')}>
                      Login
                    </Link>
                    <Link to="/signUp" search={{ redirect: '/cart' }} className={buttonClass('secondary')}>
                      Register
                    </Link>
                  </div>
                </div>
              )}
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
