import { trackingUrl } from '#domain/ordering/tracking-link.ts';
import type { OrderDto } from '#http/dto.ts';
import { invoiceUrl, packingSlipUrl } from './api.ts';
import { buttonClass } from '../ui/button.tsx';

/** An order has an invoice once it is paid: paying gives it its number (docs/orders.md, "Invoices and packing slips"). */
export const hasInvoice = (order: OrderDto): order is OrderDto & { invoiceNumber: string } => order.status !== 'unpaid' && order.invoiceNumber !== null;

const paperLink = (extra?: string) => buttonClass('ghost', `border border-slate-400 px-3 py-1.5 whitespace-nowrap ${extra ?? ''}`.trim());

/**
 * The order's invoice (PDF) as a plain download: the browser sends the session cookie and saves
 * the file under the invoice number. Nothing for an unpaid order. The accessible name adds the
 * invoice number, so a list of orders has no two links named alike.
 */
export function InvoiceLink({ order, label = 'Invoice (PDF)', className }: { order: OrderDto; label?: string; className?: string }) {
  if (!hasInvoice(order)) return null;
  return (
    <a href={invoiceUrl(order.id)} download={`${order.invoiceNumber}.pdf`} className={paperLink(className)} aria-label={`${label} ${order.invoiceNumber}`}>
      {label}
    </a>
  );
}

/** The warehouse's packing slip (PDF) of an order, for admins: lines, quantities and the address, no prices. */
export function PackingSlipLink({ order, className }: { order: OrderDto; className?: string }) {
  return (
    <a href={packingSlipUrl(order.id)} download={`${order.number}-packing-slip.pdf`} className={paperLink(className)} aria-label={`Packing slip ${order.number}`}>
      Packing slip
    </a>
  );
}

/** How a shipped order travels, as the admin gave it when shipping: "UPS, tracking 1Z999…" (either may be missing). */
export const shipmentText = (order: Pick<OrderDto, 'status' | 'carrier' | 'trackingNumber'>): string | null => {
  if (order.status !== 'shipped' || (!order.carrier && !order.trackingNumber)) return null;
  if (order.carrier && order.trackingNumber) return `${order.carrier}, tracking ${order.trackingNumber}`;
  return order.carrier ?? `Tracking ${order.trackingNumber}`;
};

/**
 * The carrier and tracking number of a shipped order, the tracking number in a font that keeps 0
 * and O apart, moved whole to the next line when it does not fit (cut only when wider than the box).
 * A known carrier's number links to its tracking page in a new tab (docs/orders.md, "Tracking links").
 */
export function ShipmentInfo({ order, className = 'text-xs text-slate-700' }: { order: OrderDto; className?: string }) {
  if (!shipmentText(order)) return null;
  const href = trackingUrl(order.carrier, order.trackingNumber);
  return (
    <span className={`block break-words ${className}`}>
      {order.carrier ? <span>{order.carrier}</span> : null}
      {order.carrier && order.trackingNumber ? ', ' : null}
      {order.trackingNumber ? (
        <>
          {order.carrier ? 'tracking ' : 'Tracking '}
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="font-mono wrap-break-word text-blue-800 underline hover:text-blue-950"
            >
              {order.trackingNumber}
              <span className="sr-only"> (opens the carrier’s tracking page in a new tab)</span>
            </a>
          ) : (
            <span className="font-mono wrap-break-word">{order.trackingNumber}</span>
          )}
        </>
      ) : null}
    </span>
  );
}
