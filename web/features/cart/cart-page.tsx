import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useFocusResult } from '../../lib/focus-result.ts';
import { countOf } from '#domain/catalog/units.ts';
import type { CartLineDto } from '#http/dto.ts';
import { refusalOf } from '../../lib/error-message.ts';
import { formatCents } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { cartQuery } from '../../lib/cart.ts';
import { useCart, type Cart } from '../../lib/cart-view.ts';
import { labels } from '../../lib/labels.ts';
import { CartAttention, linesNeedingAttention, withFixes } from './cart-attention.tsx';
import { listUnitPriceOf, UnitPrice } from '../../components/catalog/your-price.tsx';
import { linesKey, type Refused } from './refused-order.ts';

// Only a signed-in buyer orders: the order form, its checks and the quote dialog load with the
// lines, in the browser (docs/storefront.md, "First-load JavaScript"); an admin reads one sentence.
const CheckoutBox = lazy(() => import('./checkout-box.tsx'));
/**
 * The checkout box's place while its code loads, held at the height of a buyer's box without
 * company addresses (the order form, 610 px, the gap and the quote box, 126 px, at 390 and 1280
 * px alike) so its arrival does not move what is below it (on a 1280×900 desktop: the footer).
 */
function CheckoutBoxPlace() {
  return (
    <div className="flex min-h-[752px] items-start justify-center rounded-lg border border-slate-200 bg-white p-5">
      <Spinner label="Loading the order form" />
    </div>
  );
}

const AdminCannotBuy = lazy(() =>
  import('../../lib/messages.ts').then(({ messages }) => ({
    default: () => <p className="text-slate-700">{messages.adminCannotBuy}</p>,
  })),
);

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
        <Suspense fallback={null}>
          <AdminCannotBuy />
        </Suspense>
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
                  <Suspense fallback={<CheckoutBoxPlace />}>
                    <CheckoutBox view={view} blocked={attention.length > 0 ? labels.placeOrderBlocked(attention.length) : null} onRefused={onRefused} />
                  </Suspense>
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
