import { countOf } from '#domain/catalog/units.ts';
import type { QuoteMailKind } from '#domain/mail/mail-outbox.ts';
import type { Mail } from '#domain/mail/mailer.ts';
import type { Order } from '#domain/ordering/order.ts';
import { offerTotalCents, type Quote } from '#domain/quoting/quote.ts';
import { formatCents } from '#domain/shared/money.ts';
import { composeMail, type MailBlock, type MailContent, type MailSite } from './mail-content.tsx';

/**
 * The e-mails of a request for quote (docs/orders.md, "Requests for quote"), built like the order
 * e-mails (order-emails.tsx) from the quote as it is when the mail goes out: to the buyer when it
 * is received, answered and accepted; to the shop (`SHOP_EMAIL`) when one is asked for, accepted
 * or declined.
 */

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** The lines as asked, and the offer beside them once answered. */
const items = (quote: Quote): MailBlock => {
  const answered = quote.answeredAt !== null;
  return {
    kind: 'items',
    columns: answered ? ['Asked', 'Offered', 'Unit price', 'Total'] : ['Asked'],
    rows: quote.lines.map((line) => {
      const priced = line.quantity && line.unitPriceCents !== null;
      return {
        item: line.productName,
        sku: line.sku,
        values: [
          countOf(line.requestedQuantity, line.unit),
          ...(answered
            ? [
                line.quantity ? countOf(line.quantity, line.unit) : 'not offered',
                priced ? formatCents(line.unitPriceCents!) : '',
                priced ? formatCents(line.quantity! * line.unitPriceCents!) : '',
              ]
            : []),
        ],
      };
    }),
    total: answered ? { label: 'Offer total', value: formatCents(offerTotalCents(quote)) } : null,
  };
};

const title = (text: string): MailBlock => ({ kind: 'title', text });
const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
const action = (label: string, href: string): MailBlock => ({ kind: 'action', label, href });

/** Recipient, subject and blocks of each quote e-mail; `order` is the order accepting it placed. */
const content = (kind: QuoteMailKind, quote: Quote, order: Order | null, site: MailSite): MailContent => {
  const buyerLink = `${site.appUrl}/dashboard/quotes`;
  const adminLink = `${site.appUrl}/dashboard/quote/${quote.id}`;
  const buyerFacts: [string, string | null][] = [
    ['Quote number', quote.number],
    ['Your message', quote.message],
  ];
  switch (kind) {
    case 'quote-received':
      return {
        to: quote.email,
        subject: `We received your request for quote ${quote.number}`,
        preview: 'We will answer with a price per line and how long it holds.',
        blocks: [
          title('Thank you for your request'),
          paragraph(`Hello ${quote.customerName}, we have your request and will answer with a price per line and how long the offer holds.`),
          items(quote),
          { kind: 'facts', facts: buyerFacts },
          action('See your quotes', buyerLink),
        ],
      };
    case 'quote-answered':
      return {
        to: quote.email,
        subject: `Your quote ${quote.number}: ${formatCents(offerTotalCents(quote))}, valid until ${day(quote.expiresAt)}`,
        preview: quote.holdsStock ? 'We are holding the stock for you until then.' : 'Accept it in one click.',
        blocks: [
          title('Our offer'),
          paragraph(
            `Hello ${quote.customerName}, here is our offer. It is valid until ${day(quote.expiresAt)}${quote.holdsStock ? ', and we hold the stock for you until then' : ''}.`,
          ),
          items(quote),
          { kind: 'facts', facts: [...buyerFacts, ['Our answer', quote.answer || null]] },
          action('Accept or decline the offer', buyerLink),
        ],
      };
    case 'quote-accepted':
      return {
        to: quote.email,
        subject: `Quote ${quote.number} accepted: order ${order?.number ?? ''} to pay`,
        preview: order ? `${formatCents(order.totalCents)} at the quoted prices.` : 'Your order is placed.',
        blocks: [
          title('Your order is placed'),
          paragraph(`Hello ${quote.customerName}, thank you: your order at the quoted prices is placed. Pay for it to have it shipped.`),
          items(quote),
          {
            kind: 'facts',
            facts: [
              ['Quote number', quote.number],
              ['Order number', order?.number ?? null],
              ['Your PO number', order?.poNumber ?? null],
              ['Ship to', order?.address ?? null],
            ],
          },
          ...(order ? [action(`Pay ${formatCents(order.totalCents)} now`, `${site.appUrl}/dashboard/payment/${order.id}`)] : []),
        ],
      };
    case 'shop-quote-requested':
      return {
        to: site.shop.email,
        subject: `New request for quote ${quote.number} from ${quote.customerName}`,
        preview: quote.message.slice(0, 120),
        blocks: [
          title('A buyer asks for a quote'),
          paragraph(`${quote.customerName} (${quote.email}) asks for a quote.`),
          items(quote),
          { kind: 'facts', facts: buyerFacts.map(([label, value]) => [label === 'Your message' ? 'Message' : label, value]) },
          action('Answer the request', adminLink),
        ],
      };
    case 'shop-quote-accepted':
      return {
        to: site.shop.email,
        subject: `Quote ${quote.number} accepted by ${quote.customerName}: order ${order?.number ?? ''}`,
        preview: order ? `${formatCents(order.totalCents)}, waiting for payment.` : 'Accepted.',
        blocks: [
          title('A quote was accepted'),
          paragraph(`${quote.customerName} (${quote.email}) accepted quote ${quote.number}; the order waits for payment.`),
          items(quote),
          {
            kind: 'facts',
            facts: [
              ['Order number', order?.number ?? null],
              ['PO number', order?.poNumber ?? null],
            ],
          },
          action('See the quote', adminLink),
        ],
      };
    case 'shop-quote-declined':
      return {
        to: site.shop.email,
        subject: `Quote ${quote.number} declined by ${quote.customerName}`,
        preview: quote.holdsStock ? 'The held stock is back on the shelf.' : 'Declined.',
        blocks: [
          title('A quote was declined'),
          paragraph(`${quote.customerName} (${quote.email}) declined quote ${quote.number}${quote.holdsStock ? '; the stock it held is back on the shelf' : ''}.`),
          items(quote),
          action('See the quote', adminLink),
        ],
      };
  }
};

/** The e-mail of `kind` about `quote`, with an HTML and a plain-text part. */
export const quoteMail = (kind: QuoteMailKind, quote: Quote, order: Order | null, site: MailSite): Mail => composeMail(content(kind, quote, order, site), site);
