import type { ReactNode } from 'react';
import type { OrderDto, OrderLineDto } from '#http/dto.ts';
import { countOf } from '#domain/catalog/units.ts';
import { UnitPrice } from '../catalog/your-price.tsx';
import { formatCents, formatDate } from '../../lib/format.ts';
import { thumbnailImage } from '../../lib/image-sizes.ts';
import { ShipmentInfo, shipmentText } from './order-papers.tsx';

/** "1 line", "3 lines". */
export const lineCount = (order: OrderDto) => `${order.lines.length} ${order.lines.length === 1 ? 'line' : 'lines'}`;

/** An order in words for a confirmation: "BH-2026-000123 (150 pieces of Brass Valve)", "BH-2026-000124 (3 lines, $1,200.00)". */
export const orderInWords = (order: OrderDto) => {
  const [only] = order.lines;
  const what = order.lines.length === 1 && only ? `${countOf(only.quantity, only.unit)} of ${only.productName}` : `${lineCount(order)}, ${formatCents(order.totalCents)}`;
  return `${order.number} (${what})`;
};

/**
 * The order number (what a buyer quotes on the phone and an admin searches by), as the row's
 * title and disclosure: screen readers hear "Order BH-2026-000123, collapsed".
 */
export function OrderNumber({ order }: { order: OrderDto }) {
  return (
    <>
      <span className="sr-only">Order</span> <span className="font-mono whitespace-nowrap">{order.number}</span>
    </>
  );
}

/** When an order was placed. */
export function OrderPlacedCell({ order }: { order: OrderDto }) {
  return <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>;
}

/**
 * What is in an order at a glance: a one-line order names its product and count; a longer one
 * its first product, how many more, and the number of lines and units (the lines open below).
 */
export function OrderItemsCell({ order }: { order: OrderDto }) {
  const [first, ...rest] = order.lines;
  if (!first) return <span>{lineCount(order)}</span>;
  return (
    <div className="min-w-0">
      <span className="block font-medium sm:max-w-48 sm:truncate" title={first.productName}>
        {first.productName}
      </span>
      <span className="block text-xs text-slate-600">
        {rest.length === 0 ? countOf(first.quantity, first.unit) : `and ${rest.length} more: ${lineCount(order)}, ${order.itemCount.toLocaleString('en-US')} units`}
      </span>
    </div>
  );
}

/**
 * The buyer's purchase-order reference (up to 40 characters: a long one is cut on the row, shown
 * whole in the details), or a dash the screen reader reads as "none".
 */
export function PoCell({ order, whole = false }: { order: OrderDto; whole?: boolean }) {
  return order.poNumber ? (
    <span className={whole ? 'font-mono break-words' : 'block max-w-32 truncate font-mono'} title={whole ? undefined : order.poNumber}>
      {order.poNumber}
    </span>
  ) : (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </span>
  );
}

/** Where an order goes: the address, and the phone (a link to call it when `callable`). */
export function ShipToCell({ order, callable = false }: { order: OrderDto; callable?: boolean }) {
  return (
    <div>
      <span className="block break-words">{order.address}</span>
      {callable ? (
        <a className="text-sm whitespace-nowrap text-amber-900 underline" href={`tel:${order.phone}`}>
          {order.phone}
        </a>
      ) : (
        <span className="block text-sm whitespace-nowrap text-slate-700">{order.phone}</span>
      )}
    </div>
  );
}

function OrderLineItem({ line }: { line: OrderLineDto }) {
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <img src={thumbnailImage(line.productImageUrl)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 flex-none rounded border border-slate-200 bg-white object-contain p-1" />
      <div className="grid min-w-0 flex-1 gap-1 @lg:grid-cols-[minmax(0,1fr)_11rem_6.5rem] @lg:items-center @lg:gap-4">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{line.productName}</p>
          <p className="font-mono text-xs text-slate-600">
            <span className="sr-only">SKU </span>
            {line.sku}
          </p>
        </div>
        <p>
          {countOf(line.quantity, line.unit)}{' '}
          <span className="block text-xs text-slate-600">
            {/* A company's price is marked, with the list price when ordered struck beside it (docs/companies.md, "Company prices"). */}
            at <UnitPrice unitPriceCents={line.unitPriceCents} listUnitPriceCents={line.listUnitPriceCents} unit={line.unit} />
          </span>
        </p>
        <p className="font-semibold text-slate-900 @lg:text-right">
          <span className="sr-only">Line total </span>
          {formatCents(line.lineTotalCents)}
        </p>
      </div>
    </li>
  );
}

/**
 * An order's lines, one list item each, named "Lines of order BH-…". Laid out by the list's own
 * width (a container query), not the window's: the same list sits in a wide table row and in the
 * payment page's half-width card.
 */
export function OrderLines({ order, className }: { order: OrderDto; className?: string }) {
  return (
    <ul className={`@container divide-y divide-slate-200 ${className ?? ''}`.trim()} aria-label={`Lines of order ${order.number}`}>
      {order.lines.map((line, index) => (
        <OrderLineItem key={`${line.productId ?? line.sku}-${index}`} line={line} />
      ))}
    </ul>
  );
}

const term = 'text-xs font-bold tracking-wide text-slate-600 uppercase';

/**
 * What an order row opens to: every line (picture, name, SKU, quantity and unit, unit price,
 * line total) and the order's total, then where it goes, its PO number, the buyer's note, the
 * carrier and tracking number once shipped, and the `papers` a caller offers (download links).
 */
export function OrderDetails({ order, callable = false, papers }: { order: OrderDto; callable?: boolean; papers?: ReactNode }) {
  return (
    <div className="grid gap-5 text-left lg:grid-cols-[minmax(0,2fr)_minmax(14rem,1fr)]">
      <div className="min-w-0">
        <h3 className={term}>
          {lineCount(order)} of order <span className="font-mono normal-case">{order.number}</span>
        </h3>
        <OrderLines order={order} className="mt-2" />
        <p className="mt-3 border-t border-slate-300 pt-2 text-right font-bold text-slate-900">Order total {formatCents(order.totalCents)}</p>
      </div>
      <dl className="grid content-start gap-3">
        <div>
          <dt className={term}>Ship to</dt>
          <dd className="mt-0.5">
            <ShipToCell order={order} callable={callable} />
          </dd>
        </div>
        <div>
          <dt className={term}>PO number</dt>
          <dd className="mt-0.5">
            <PoCell order={order} whole />
          </dd>
        </div>
        {order.note ? (
          <div>
            <dt className={term}>Note</dt>
            <dd className="mt-0.5 whitespace-pre-line break-words">{order.note}</dd>
          </div>
        ) : null}
        {shipmentText(order) ? (
          <div>
            <dt className={term}>Shipped with</dt>
            <dd className="mt-0.5">
              <ShipmentInfo order={order} className="text-slate-900" />
            </dd>
          </div>
        ) : null}
        {papers ? (
          <div>
            <dt className={term}>Papers</dt>
            <dd className="mt-1 flex flex-wrap gap-2">{papers}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
