import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { countOf } from '#domain/catalog/units.ts';
import type { QuoteMailKind } from '#domain/mail/mail-outbox.ts';
import type { Mail } from '#domain/mail/mailer.ts';
import type { Order } from '#domain/ordering/order.ts';
import { offeredLines, type Quote } from '#domain/quoting/quote.ts';
import { formatCents } from '#domain/shared/money.ts';
import { Action, cell, colors, DOCTYPE, Facts, Layout, numeric, toPlainText, type MailSite } from './order-emails.tsx';

/**
 * The e-mails of a request for quote (README.md, "Requests for quote"), built like the order
 * e-mails (order-emails.tsx) from the quote as it is when the mail goes out: to the buyer when it
 * is received, answered and accepted; to the shop (`SHOP_EMAIL`) when one is asked for, accepted
 * or declined.
 */

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** The lines as asked, and the offer beside them once answered. */
const QuoteLines = ({ quote }: { quote: Quote }) => {
  const answered = quote.answeredAt !== null;
  const offered = offeredLines(quote);
  const total = offered.reduce((sum, { line }) => sum + line.quantity! * line.unitPriceCents!, 0);
  return (
    <Section>
      <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" style={{ borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={{ ...cell, textAlign: 'left' }}>Item</th>
            <th style={numeric}>Asked</th>
            {answered ? <th style={numeric}>Offered</th> : null}
            {answered ? <th style={numeric}>Unit price</th> : null}
            {answered ? <th style={numeric}>Total</th> : null}
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line, index) => (
            <tr key={`${line.sku}-${index}`}>
              <td style={cell}>
                {line.productName}
                <br />
                <span style={{ color: colors.muted, fontSize: '12px' }}>SKU {line.sku}</span>
              </td>
              <td style={numeric}>{countOf(line.requestedQuantity, line.unit)}</td>
              {answered ? <td style={numeric}>{line.quantity ? countOf(line.quantity, line.unit) : 'not offered'}</td> : null}
              {answered ? <td style={numeric}>{line.quantity && line.unitPriceCents !== null ? formatCents(line.unitPriceCents) : ''}</td> : null}
              {answered ? <td style={numeric}>{line.quantity && line.unitPriceCents !== null ? formatCents(line.quantity * line.unitPriceCents) : ''}</td> : null}
            </tr>
          ))}
          {answered ? (
            <tr>
              <td style={{ ...cell, fontWeight: 700 }} colSpan={4}>
                Offer total
              </td>
              <td style={{ ...numeric, fontWeight: 700 }}>{formatCents(total)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </Section>
  );
};

const paragraph = { fontSize: '14px', color: colors.ink } as const;
const title = (text: string) => (
  <Heading as="h1" style={{ fontSize: '22px', color: colors.ink }}>
    {text}
  </Heading>
);

/** Subject, recipient and body of each quote e-mail; `order` is the order accepting it placed. */
const content = (kind: QuoteMailKind, quote: Quote, order: Order | null, site: MailSite): { to: string; subject: string; preview: string; body: ReactNode } => {
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
        body: (
          <>
            {title('Thank you for your request')}
            <Text style={paragraph}>Hello {quote.customerName}, we have your request and will answer with a price per line and how long the offer holds.</Text>
            <QuoteLines quote={quote} />
            <Facts facts={buyerFacts} />
            <Action href={buyerLink}>See your quotes</Action>
          </>
        ),
      };
    case 'quote-answered':
      return {
        to: quote.email,
        subject: `Your quote ${quote.number}: ${formatCents(offeredLines(quote).reduce((sum, { line }) => sum + line.quantity! * line.unitPriceCents!, 0))}, valid until ${day(quote.expiresAt)}`,
        preview: quote.holdsStock ? 'We are holding the stock for you until then.' : 'Accept it in one click.',
        body: (
          <>
            {title('Our offer')}
            <Text style={paragraph}>
              Hello {quote.customerName}, here is our offer. It is valid until {day(quote.expiresAt)}
              {quote.holdsStock ? ', and we hold the stock for you until then' : ''}.
            </Text>
            <QuoteLines quote={quote} />
            <Facts facts={[...buyerFacts, ['Our answer', quote.answer || null]]} />
            <Action href={buyerLink}>Accept or decline the offer</Action>
          </>
        ),
      };
    case 'quote-accepted':
      return {
        to: quote.email,
        subject: `Quote ${quote.number} accepted: order ${order?.number ?? ''} to pay`,
        preview: order ? `${formatCents(order.totalCents)} at the quoted prices.` : 'Your order is placed.',
        body: (
          <>
            {title('Your order is placed')}
            <Text style={paragraph}>Hello {quote.customerName}, thank you: your order at the quoted prices is placed. Pay for it to have it shipped.</Text>
            <QuoteLines quote={quote} />
            <Facts facts={[['Quote number', quote.number], ['Order number', order?.number ?? null], ['Your PO number', order?.poNumber ?? null], ['Ship to', order?.address ?? null]]} />
            {order ? <Action href={`${site.appUrl}/dashboard/payment/${order.id}`}>{`Pay ${formatCents(order.totalCents)} now`}</Action> : null}
          </>
        ),
      };
    case 'shop-quote-requested':
      return {
        to: site.shop.email,
        subject: `New request for quote ${quote.number} from ${quote.customerName}`,
        preview: quote.message.slice(0, 120),
        body: (
          <>
            {title('A buyer asks for a quote')}
            <Text style={paragraph}>
              {quote.customerName} ({quote.email}) asks for a quote.
            </Text>
            <QuoteLines quote={quote} />
            <Facts facts={buyerFacts.map(([label, value]) => [label === 'Your message' ? 'Message' : label, value])} />
            <Action href={adminLink}>Answer the request</Action>
          </>
        ),
      };
    case 'shop-quote-accepted':
      return {
        to: site.shop.email,
        subject: `Quote ${quote.number} accepted by ${quote.customerName}: order ${order?.number ?? ''}`,
        preview: order ? `${formatCents(order.totalCents)}, waiting for payment.` : 'Accepted.',
        body: (
          <>
            {title('A quote was accepted')}
            <Text style={paragraph}>
              {quote.customerName} ({quote.email}) accepted quote {quote.number}; the order waits for payment.
            </Text>
            <QuoteLines quote={quote} />
            <Facts facts={[['Order number', order?.number ?? null], ['PO number', order?.poNumber ?? null]]} />
            <Action href={adminLink}>See the quote</Action>
          </>
        ),
      };
    case 'shop-quote-declined':
      return {
        to: site.shop.email,
        subject: `Quote ${quote.number} declined by ${quote.customerName}`,
        preview: quote.holdsStock ? 'The held stock is back on the shelf.' : 'Declined.',
        body: (
          <>
            {title('A quote was declined')}
            <Text style={paragraph}>
              {quote.customerName} ({quote.email}) declined quote {quote.number}
              {quote.holdsStock ? '; the stock it held is back on the shelf' : ''}.
            </Text>
            <QuoteLines quote={quote} />
            <Action href={adminLink}>See the quote</Action>
          </>
        ),
      };
  }
};

/** The e-mail of `kind` about `quote`, with an HTML and a plain-text part. */
export const quoteMail = (kind: QuoteMailKind, quote: Quote, order: Order | null, site: MailSite): Mail => {
  const { to, subject, preview, body } = content(kind, quote, order, site);
  const html = `${DOCTYPE}${renderToStaticMarkup(
    <Layout preview={preview} site={site}>
      {body}
    </Layout>,
  )}`;
  return { to, subject, html, text: toPlainText(html) };
};
