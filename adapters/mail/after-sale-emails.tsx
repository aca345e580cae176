import type { Refund, Return } from '#domain/after-sale/after-sale.ts';
import type { AfterSaleMailKind } from '#domain/mail/mail-outbox.ts';
import type { Mail } from '#domain/mail/mailer.ts';
import type { Order } from '#domain/ordering/order.ts';
import { formatCents } from '#domain/shared/money.ts';
import { composeMail, type MailBlock, type MailContent, type MailSite } from './mail-content.tsx';
import { orderFacts } from './order-emails.tsx';

/**
 * The after-sale e-mails (docs/email.md, "E-mail"; docs/orders.md, "After the sale: cancel,
 * refund, return"), written from the order, refund or return as they are when the mail goes out.
 */
export interface AfterSaleSubject {
  order: Order;
  refund?: Refund | null;
  ret?: Return | null;
}

const lineOf = (order: Order, productId: string) => order.lines.find((line) => line.productId === productId);
const productName = (order: Order, productId: string): string => lineOf(order, productId)?.productName ?? productId;
const skuOf = (order: Order, productId: string): string => lineOf(order, productId)?.sku ?? '';

const refundLines = (order: Order, refund: Refund): MailBlock => ({
  kind: 'items',
  columns: ['Quantity', 'Amount'],
  rows: refund.lines.map((line) => ({ item: productName(order, line.productId), sku: skuOf(order, line.productId), values: [String(line.quantity), formatCents(-line.amountCents)] })),
  total: { label: `Credit note ${refund.number}`, value: formatCents(-refund.amountCents) },
});

const returnLines = (order: Order, ret: Return): MailBlock => ({
  kind: 'items',
  columns: ['Asked', 'Received'],
  rows: ret.lines.map((line) => ({ item: productName(order, line.productId), sku: skuOf(order, line.productId), values: [String(line.quantity), line.receivedQuantity === null ? '' : String(line.receivedQuantity)] })),
  total: null,
});

const content = (kind: AfterSaleMailKind, { order, refund, ret }: AfterSaleSubject, site: MailSite): MailContent | null => {
  const to = order.email;
  const ordersLink = { kind: 'action' as const, label: 'See your orders', href: `${site.appUrl}/dashboard` };
  const hello = `Hello ${order.customerName},`;
  switch (kind) {
    case 'order-cancelled':
      return {
        to,
        subject: `Order ${order.number} was cancelled`,
        preview: `${formatCents(order.refundedCents)} is on its way back to your card.`,
        blocks: [
          { kind: 'title', text: 'Your order was cancelled' },
          { kind: 'paragraph', text: `${hello} we cancelled your order ${order.number} and refunded ${formatCents(order.refundedCents)} to the card you paid with.` },
          { kind: 'facts', facts: orderFacts(order) },
          ordersLink,
        ],
      };
    case 'refund-made':
      if (!refund) return null;
      return {
        to,
        subject: `Refund of ${formatCents(refund.amountCents)} on order ${order.number}`,
        preview: `Credit note ${refund.number}`,
        blocks: [
          { kind: 'title', text: 'Money is on its way back' },
          { kind: 'paragraph', text: `${hello} we refunded ${formatCents(refund.amountCents)} on your order ${order.number} to the card you paid with. Reason: ${refund.reason}` },
          ...(refund.lines.length > 0 ? [refundLines(order, refund)] : []),
          { kind: 'facts', facts: [['Credit note', refund.number], ['Invoice corrected', order.invoiceNumber], ...orderFacts(order)] },
          ordersLink,
        ],
      };
    case 'return-requested':
    case 'return-approved':
    case 'return-rejected':
    case 'return-received': {
      if (!ret) return null;
      const step = {
        'return-requested': { subject: `Return ${ret.number} requested`, title: 'We received your return request', text: 'we will look at it and tell you how to send the items.' },
        'return-approved': { subject: `Return ${ret.number} approved`, title: 'Your return was approved', text: 'please send the items back as described below.' },
        'return-rejected': { subject: `Return ${ret.number} was not accepted`, title: 'We cannot accept this return', text: 'we are sorry: the reason is below.' },
        'return-received': { subject: `Return ${ret.number} received`, title: 'Your return arrived', text: refund ? `we received the items and refunded ${formatCents(refund.amountCents)}.` : 'we received the items.' },
      }[kind];
      return {
        to,
        subject: step.subject,
        preview: step.title,
        blocks: [
          { kind: 'title', text: step.title },
          { kind: 'paragraph', text: `${hello} ${step.text}` },
          returnLines(order, ret),
          { kind: 'facts', facts: [['Return number', ret.number], ['Our answer', ret.answer], ['Credit note', refund?.number ?? null], ...orderFacts(order)] },
          ordersLink,
        ],
      };
    }
  }
};

/** The after-sale e-mail of `kind`, or null when what it tells of is gone. */
export const afterSaleMail = (kind: AfterSaleMailKind, subject: AfterSaleSubject, site: MailSite): Mail | null => {
  const written = content(kind, subject, site);
  return written && composeMail(written, site);
};
