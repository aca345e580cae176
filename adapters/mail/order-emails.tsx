import { countOf, priceOf } from '#domain/catalog/units.ts';
import type { OrderMailKind } from '#domain/mail/mail-outbox.ts';
import type { Mail } from '#domain/mail/mailer.ts';
import type { Order } from '#domain/ordering/order.ts';
import { trackingUrl } from '#domain/ordering/tracking-link.ts';
import { formatCents } from '#domain/shared/money.ts';
import { composeMail, type MailBlock, type MailContent, type MailSite } from './mail-content.tsx';

/** The order e-mails (docs/email.md, "E-mail"), from the order as it is when the mail goes out. */

export const items = (order: Order): MailBlock => ({
  kind: 'items',
  columns: ['Quantity', 'Unit price', 'Total'],
  rows: order.lines.map((line) => ({
    item: line.productName,
    sku: line.sku,
    values: [countOf(line.quantity, line.unit), priceOf(line.unitPriceCents, line.unit), formatCents(line.lineTotalCents)],
  })),
  total: { label: 'Order total', value: formatCents(order.totalCents) },
});

export const orderFacts = (order: Order): [string, string | null][] => [
  ['Order number', order.number],
  ['Your PO number', order.poNumber],
  ['Ship to', order.address],
  ['Phone', order.phone],
  ['Note', order.note],
];

/** Subject, preview line and blocks of each order e-mail. */
const content = (kind: OrderMailKind, order: Order, site: MailSite): MailContent => {
  const ordersLink = `${site.appUrl}/dashboard`;
  const to = order.email;
  switch (kind) {
    case 'order-placed':
      return {
        to,
        subject: `Order ${order.number} received: ${formatCents(order.totalCents)} to pay`,
        preview: `We hold your ${order.lines.length === 1 ? 'item' : `${order.lines.length} lines`} until you pay.`,
        blocks: [
          { kind: 'title', text: 'Thank you for your order' },
          { kind: 'paragraph', text: `Hello ${order.customerName}, we have reserved these items for you. Pay for the order to have it shipped.` },
          items(order),
          { kind: 'facts', facts: orderFacts(order) },
          { kind: 'action', label: `Pay ${formatCents(order.totalCents)} now`, href: `${site.appUrl}/dashboard/payment/${order.id}` },
        ],
      };
    case 'order-paid':
      return {
        to,
        subject: `Receipt for order ${order.number}`,
        preview: `We received ${formatCents(order.totalCents)}. Your order is being prepared.`,
        blocks: [
          { kind: 'title', text: 'Payment received' },
          { kind: 'paragraph', text: `Hello ${order.customerName}, thank you: we received your payment and are preparing the order for shipment.` },
          items(order),
          {
            kind: 'facts',
            facts: [
              ...orderFacts(order),
              ['Invoice number', order.invoiceNumber],
              ['Paid on', order.paidAt ? order.paidAt.toISOString().slice(0, 10) : null],
              ['Transaction', order.transactionId],
            ],
          },
          { kind: 'action', label: 'See your orders and invoice', href: ordersLink },
        ],
      };
    case 'order-shipped': {
      const tracking = trackingUrl(order.carrier, order.trackingNumber);
      return {
        to,
        subject: `Order ${order.number} has shipped`,
        preview: order.trackingNumber ? `Tracking number ${order.trackingNumber}` : 'Your order is on its way.',
        blocks: [
          { kind: 'title', text: 'Your order is on its way' },
          { kind: 'paragraph', text: `Hello ${order.customerName}, your order left our warehouse.` },
          { kind: 'facts', facts: [['Carrier', order.carrier], ['Tracking number', order.trackingNumber], ...orderFacts(order)] },
          // A known carrier's tracking page first: where the buyer most wants to go (docs/orders.md, "Tracking links").
          ...(tracking ? [{ kind: 'action' as const, label: `Track the parcel with ${order.carrier}`, href: tracking }] : []),
          items(order),
          { kind: 'action', label: 'See your orders', href: ordersLink },
        ],
      };
    }
  }
};

/** The e-mail telling the buyer of `kind`, with an HTML and a plain-text part. */
export const orderMail = (kind: OrderMailKind, order: Order, site: MailSite): Mail => composeMail(content(kind, order, site), site);
