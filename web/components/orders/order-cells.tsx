import type { OrderDto } from '#http/dto.ts';
import { formatDate } from '../../lib/format.ts';

/** When an order was placed and its number (what a buyer quotes on the phone), stacked as one block. */
export function OrderPlacedCell({ order }: { order: OrderDto }) {
  return (
    <div>
      <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      <span className="block font-mono text-xs text-slate-600">No. {order.id}</span>
    </div>
  );
}

/** Where an order goes: the address, and the phone (a link to call it when `callable`). */
export function ShipToCell({ order, callable = false }: { order: OrderDto; callable?: boolean }) {
  return (
    <div>
      <span className="block max-w-56 break-words">{order.address}</span>
      {callable ? (
        <a className="text-xs whitespace-nowrap text-amber-900 underline" href={`tel:${order.phone}`}>
          {order.phone}
        </a>
      ) : (
        <span className="block text-xs whitespace-nowrap text-slate-600">{order.phone}</span>
      )}
    </div>
  );
}
