import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { SalesReportDto } from '#http/dto.ts';
import { formatCents } from '../../lib/format.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { exportOrdersUrl, salesReportQuery } from './api.ts';

const SalesChart = lazy(() => import('./sales-chart.tsx'));

const PERIODS = [30, 90] as const;
const dayText = (date: Date) => date.toISOString().slice(0, 10);

function PeriodSwitch({ days, onChange }: { days: 30 | 90; onChange: (days: 30 | 90) => void }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
      {PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={days === period}
          onClick={() => onChange(period)}
          className="rounded px-3 py-1.5 text-sm font-semibold text-slate-700 aria-pressed:bg-slate-900 aria-pressed:text-white focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
        >
          {period} days
        </button>
      ))}
    </div>
  );
}

/** The same numbers as the chart, for screen readers and for reading exact figures. */
function SalesTable({ perDay }: { perDay: SalesReportDto['perDay'] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-800 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none">Show the numbers as a table</summary>
      <div className="mt-2 max-h-72 overflow-y-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Paid orders and revenue per day</caption>
          <thead>
            <tr className="text-xs text-slate-600 uppercase">
              <th scope="col" className="py-1 pr-3">Day</th>
              <th scope="col" className="py-1 pr-3 text-right">Paid orders</th>
              <th scope="col" className="py-1 text-right">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {perDay.map((day) => (
              <tr key={day.day} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">{day.day}</th>
                <td className="py-1 pr-3 text-right tabular-nums">{day.orders}</td>
                <td className="py-1 text-right tabular-nums">{formatCents(day.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function OrdersExport() {
  const today = new Date();
  const [from, setFrom] = useState(dayText(new Date(today.getTime() - 29 * 24 * 60 * 60 * 1000)));
  const [to, setTo] = useState(dayText(today));
  const field = 'mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none';
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="text-sm font-medium text-slate-800">
        From
        <input type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} className={field} />
      </label>
      <label className="text-sm font-medium text-slate-800">
        To
        <input type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} className={field} />
      </label>
      {/* A plain download: the browser sends the session cookie and saves the streamed file. */}
      <a href={exportOrdersUrl(from, to)} download className={buttonClass('secondary')}>
        Export orders (CSV)
      </a>
    </div>
  );
}

/**
 * The overview's pictures (docs/reports.md, "Reports"): revenue and paid orders per day, the products
 * that sell most, those about to run out, and the orders export.
 */
export function SalesOverview() {
  const [days, setDays] = useState<30 | 90>(30);
  const report = useQuery(salesReportQuery(days));
  const data = report.data;
  return (
    <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
      <section aria-labelledby="sales-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-span-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="sales-heading" className="text-lg font-bold text-slate-900">
            Sales
          </h3>
          <PeriodSwitch days={days} onChange={setDays} />
        </div>
        {report.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {errorMessage(report.error)}{' '}
            <button type="button" onClick={() => void report.refetch()} className="font-semibold underline">
              Try again
            </button>
          </p>
        ) : null}
        {data ? (
          <>
            <p className="mt-2 text-sm text-slate-700">
              <span className="text-xl font-extrabold text-slate-900">{formatCents(data.totals.revenueCents)}</span> from {data.totals.orders} paid{' '}
              {data.totals.orders === 1 ? 'order' : 'orders'} in the last {data.days} days
              {data.totals.refundedCents > 0 ? (
                // Gross above, net beside it: what the shop kept once refunds are taken off (docs/reports.md, "Reports").
                <>
                  {' '}
                  · net <span className="font-bold text-slate-900">{formatCents(data.totals.netRevenueCents)}</span> after {formatCents(data.totals.refundedCents)} refunded
                </>
              ) : null}
            </p>
            {data.totals.orders === 0 ? (
              // A flat line over axes of "$0" says less than a sentence, and loads the chart library for nothing.
              <p className="mt-3 flex h-32 items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-700">
                No paid orders in the last {data.days} days yet: the chart starts with the first payment.
              </p>
            ) : (
              <>
                <Suspense fallback={<div className="flex h-64 items-center justify-center"><Spinner label="Loading the chart" /></div>}>
                  <SalesChart perDay={data.perDay} />
                </Suspense>
                <SalesTable perDay={data.perDay} />
              </>
            )}
          </>
        ) : report.isPending ? (
          <div className="flex h-64 items-center justify-center">
            <Spinner label="Loading sales" />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="top-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h3 id="top-heading" className="text-lg font-bold text-slate-900">
          Top products
        </h3>
        {data && data.topProducts.length === 0 ? <p className="mt-2 text-sm text-slate-700">No paid orders in this period yet.</p> : null}
        <ol className="mt-2 space-y-2">
          {data?.topProducts.map((product) => (
            <li key={`${product.productId ?? ''}${product.sku}`} className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0">
                {product.productId ? (
                  <Link to="/product/$productId" params={{ productId: product.productId }} className="font-semibold text-slate-900 hover:underline">
                    {product.name}
                  </Link>
                ) : (
                  <span className="font-semibold text-slate-900">{product.name}</span>
                )}
                <span className="block text-xs text-slate-600">
                  {product.sku} · {product.units.toLocaleString('en-US')} units
                </span>
              </span>
              <span className="font-semibold tabular-nums text-slate-900">{formatCents(product.revenueCents)}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="low-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-span-2">
        <h3 id="low-heading" className="text-lg font-bold text-slate-900">
          About to run out
        </h3>
        {data && data.lowStock.length === 0 ? <p className="mt-2 text-sm text-slate-700">Every product holds at least one minimum order.</p> : null}
        <ul className="mt-2 divide-y divide-slate-100">
          {data?.lowStock.map((product) => (
            <li key={product.id} className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
              <span className="min-w-0">
                <Link to="/dashboard/editProduct/$productId" params={{ productId: product.id }} className="font-semibold text-slate-900 hover:underline">
                  {product.name}
                </Link>
                <span className="ml-2 text-xs text-slate-600">{product.sku}</span>
              </span>
              <span className={product.stock === 0 ? 'font-semibold text-red-700' : 'text-slate-800'}>
                {product.stock === 0 ? 'Sold out' : `${product.stock.toLocaleString('en-US')} left`} (min. {product.minOrderQuantity})
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="export-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h3 id="export-heading" className="text-lg font-bold text-slate-900">
          Orders export
        </h3>
        <p className="mt-1 mb-3 text-sm text-slate-700">One row per order line, for a spreadsheet or your accounts.</p>
        <OrdersExport />
      </section>
    </div>
  );
}
